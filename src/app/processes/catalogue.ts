import type { AnyStateMachine } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
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
import coverage from './coverage.generated.json';

export interface ProcessEntry {
  machine: AnyStateMachine;
  /** i18n key of a one-line description. */
  description: string;
  /** Which screen shows a state: the first rule whose prefix the state's path starts with. */
  screens: Array<{ prefix: string; screen: string }>;
}

/** Every process of the portal, for the explorer. A new machine adds its line here. */
export const PROCESSES: readonly ProcessEntry[] = [
  {
    machine: sessionMachine,
    description: 'processes.about.session',
    screens: [
      { prefix: 'restoring', screen: 'processes.screen.spinner' },
      { prefix: 'loggedOut', screen: '/' },
      { prefix: 'authenticated.otp', screen: '/otp' },
      { prefix: 'authenticated', screen: '/dashboard' },
      { prefix: 'loggingOut', screen: 'processes.screen.spinner' },
    ],
  },
  { machine: themeMachine, description: 'processes.about.theme', screens: [{ prefix: '', screen: 'processes.screen.topBar' }] },
  {
    machine: resourceListMachine,
    description: 'processes.about.resourceList',
    screens: [{ prefix: '', screen: '/dashboard/security, /dashboard/users' }],
  },
  { machine: loadMachine, description: 'processes.about.load', screens: [{ prefix: '', screen: '/dashboard' }] },
  {
    machine: approvalQueueMachine,
    description: 'processes.about.approvalQueue',
    screens: [{ prefix: '', screen: '/dashboard/deregistrations, /dashboard/imei_changes, /dashboard/loan_extensions' }],
  },
  {
    machine: approvalRequestMachine,
    description: 'processes.about.approvalRequest',
    screens: [{ prefix: '', screen: '/dashboard/deregistrations, /dashboard/imei_changes, /dashboard/loan_extensions' }],
  },
  {
    machine: customerLookupMachine,
    description: 'processes.about.customerLookup',
    screens: [{ prefix: '', screen: '/dashboard/customers/find, /dashboard/customers/view' }],
  },
  { machine: customerRequestMachine, description: 'processes.about.customerRequest', screens: [{ prefix: '', screen: '/dashboard/customers/view' }] },
  { machine: customerActionMachine, description: 'processes.about.customerAction', screens: [{ prefix: '', screen: '/dashboard/customers/view' }] },
  { machine: deviceStatusMachine, description: 'processes.about.deviceStatus', screens: [{ prefix: '', screen: '/dashboard/stolen-phone, /dashboard/recovered-phone' }] },
  { machine: lockChangeMachine, description: 'processes.about.lockChange', screens: [{ prefix: '', screen: '/dashboard/customers/view' }] },
  {
    machine: firstDepositMachine,
    description: 'processes.about.firstDeposit',
    screens: [{ prefix: '', screen: '/dashboard/customers/add-loan' }],
  },
  // The wizard's children, shown inside its screen.
  { machine: depositPaymentMachine, description: 'processes.about.depositPayment', screens: [{ prefix: '', screen: '/dashboard/customers/add-loan' }] },
  { machine: identityCheckMachine, description: 'processes.about.identityCheck', screens: [{ prefix: '', screen: '/dashboard/customers/add-loan' }] },
  { machine: processExplorerMachine, description: 'processes.about.processExplorer', screens: [{ prefix: '', screen: '/dashboard/processes' }] },
  { machine: scannerCaptureMachine, description: 'processes.about.scannerCapture', screens: [{ prefix: '', screen: 'processes.screen.scannerCheck' }] },
  // The wizard's lock step and the lock solution change, for a vivo lock.
  { machine: vivoAuthCodeMachine, description: 'processes.about.vivoAuthCode', screens: [{ prefix: '', screen: '/dashboard/customers/add-loan, /dashboard/customers/view' }] },
];

export type CoverageFigures = (typeof coverage)[keyof typeof coverage];

export function coverageOf(machineId: string): CoverageFigures | undefined {
  return (coverage as Record<string, CoverageFigures>)[machineId];
}

export function screenOf(entry: ProcessEntry, state: string): string | undefined {
  return entry.screens.find((rule) => state === rule.prefix || state.startsWith(`${rule.prefix}.`) || rule.prefix === '')?.screen;
}
