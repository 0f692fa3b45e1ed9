import type { AnyStateMachine } from 'xstate';
// The root's machines come through the module the root runs them from: imported directly here, the build would split
// the session machine off the login's first chunk.
import { sessionMachine } from '../../screens/common/session-context';
import { themeMachine } from '../../machines/theme.machine';
import { resourceListMachine } from '../../machines/resource-list.machine';
import { loadMachine } from '../../machines/load.machine';
import { processExplorerMachine } from '../../machines/process-explorer.machine';
import { approvalRequestMachine } from '../../machines/approval-request.machine';
import { approvalQueueMachine } from '../../machines/approval-queue.machine';
import { customerLookupMachine } from '../../machines/customer-lookup.machine';
import { customerRequestMachine } from '../../machines/customer-request.machine';
import { customerActionMachine } from '../../machines/customer-action.machine';
import { deviceStatusMachine } from '../../machines/device-status.machine';
import { scannerCaptureMachine } from '../../machines/scanner-capture.machine';
import { vivoAuthCodeMachine } from '../../machines/vivo-auth-code.machine';
import { firstDepositMachine } from '../../machines/first-deposit.machine';
import { depositPaymentMachine } from '../../machines/deposit-payment.machine';
import { identityCheckMachine } from '../../machines/identity-check.machine';
import { lockChangeMachine } from '../../machines/lock-change.machine';
import { lockInstallMachine } from '../../machines/lock-install.machine';
import { reconciliationMachine } from '../../machines/reconciliation.machine';

/**
 * Every process's machine by its id, for the explorer and `npm run statecharts`. The registry names each process
 * by this id and keeps its description; the machines load here, with the explorer, not with the dashboard's layout
 * (docs/decisions/034). A test checks the registry's processes and these machines are the same, in the same order.
 */
export const MACHINES = {
  session: sessionMachine,
  theme: themeMachine,
  resourceList: resourceListMachine,
  load: loadMachine,
  approvalQueue: approvalQueueMachine,
  approvalRequest: approvalRequestMachine,
  customerLookup: customerLookupMachine,
  customerRequest: customerRequestMachine,
  customerAction: customerActionMachine,
  deviceStatus: deviceStatusMachine,
  lockChange: lockChangeMachine,
  reconciliation: reconciliationMachine,
  firstDeposit: firstDepositMachine,
  depositPayment: depositPaymentMachine,
  identityCheck: identityCheckMachine,
  processExplorer: processExplorerMachine,
  scannerCapture: scannerCaptureMachine,
  lockInstall: lockInstallMachine,
  vivoAuthCode: vivoAuthCodeMachine,
} as const satisfies Record<string, AnyStateMachine>;

export type ProcessId = keyof typeof MACHINES;

/** A registered process's machine by its id (the explorer draws and exports only these). */
export function machineById(id: string): AnyStateMachine | undefined {
  return Object.hasOwn(MACHINES, id) ? MACHINES[id as ProcessId] : undefined;
}
