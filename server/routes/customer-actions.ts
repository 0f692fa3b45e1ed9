import type { Hono } from 'hono';
import { routes } from '../../src/contract/routes';
import type { Deps } from '../deps';
import { register, registerRead, type Registry } from '../http';
import * as actions from '../domain/customer-actions';
import * as deviceLists from '../domain/device-lists';
import * as lockChange from '../domain/lock-change';

/** The actions staff take on a customer's phone and account (issue 4). */
export function customerActionsRoutes(app: Hono, deps: Deps, registry: Registry) {
  registerRead(app, deps, registry, routes.deviceStatus, ({ caller, body }) => actions.findDevice(deps, caller, body));
  register(app, deps, registry, routes.reportStolen, ({ caller, body }) => actions.reportStolen(deps, caller, body));
  register(app, deps, registry, routes.recordRecovered, ({ caller, body }) => actions.recordRecovered(deps, caller, body));
  register(app, deps, registry, routes.offlinePin, ({ caller, body }) => actions.issueOfflinePin(deps, caller, body));
  registerRead(app, deps, registry, routes.customerSms, ({ body }) => actions.customerSms(deps, body));
  register(app, deps, registry, routes.rateCall, ({ caller, body }) => actions.rateCall(deps, caller, body));
  registerRead(app, deps, registry, routes.callRatings, ({ body }) => actions.callRatings(deps, body));
  registerRead(app, deps, registry, routes.depositTransactions, ({ body }) => actions.depositTransactions(deps, body));
  registerRead(app, deps, registry, routes.loanStatements, ({ body }) => actions.loanStatements(deps, body));
  register(app, deps, registry, routes.resetPin, ({ caller, body }) => actions.resetPin(deps, caller, body));
  register(app, deps, registry, routes.forgotPassword, ({ caller, body }) => actions.forgotPassword(deps, caller, body));
  register(app, deps, registry, routes.awardData, ({ caller, body }) => actions.awardData(deps, caller, body));
  registerRead(app, deps, registry, routes.damagedDevices, ({ body }) => deviceLists.damagedDevices(deps, body));
  registerRead(app, deps, registry, routes.lostDevices, ({ body }) => deviceLists.lostDevices(deps, body));
  registerRead(app, deps, registry, routes.suspendedImeis, ({ body }) => deviceLists.suspendedImeis(deps, body));
  register(app, deps, registry, routes.viewDeviceLockType, ({ body }) => lockChange.deviceLockType(deps, body));
  register(app, deps, registry, routes.lockSolutionStatus, ({ body }) => lockChange.lockSolutionStatus(deps, body));
  register(app, deps, registry, routes.changeLockSolution, ({ caller, body }) => lockChange.startLockChange(deps, caller, body));
  register(app, deps, registry, routes.sendLockChangeVivoCode, ({ caller, body }) => lockChange.sendLockChangeVivoCode(deps, caller, body));
  register(app, deps, registry, routes.confirmLockSolutionChange, ({ caller, body }) => lockChange.confirmLockChange(deps, caller, body));
}
