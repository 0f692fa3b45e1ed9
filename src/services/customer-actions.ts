import { fromPromise } from 'xstate';
import { routes } from '../contract/routes';
import type { DeviceStatus } from '../contract/customer-actions';
import { customerActionMachine } from '../machines/customer-action.machine';
import { deviceStatusMachine, type DeviceStatusAction, type DeviceStatusChangeValues } from '../machines/device-status.machine';
import { loadMachine } from '../machines/load.machine';
import { call } from './http';

/** The actor implementations of the customer actions (issue 4), handed to their machines here and nowhere else. */

export const liveDeviceStatus = deviceStatusMachine.provide({
  actors: {
    findDevice: fromPromise(({ input }: { input: { search: string } }): Promise<DeviceStatus> =>
      call(routes.deviceStatus, { body: { search: input.search } }),
    ),
    changeStatus: fromPromise(
      ({ input }: { input: { action: DeviceStatusAction; imei: string; values: DeviceStatusChangeValues } }): Promise<DeviceStatus> =>
        call(input.action === 'stolen' ? routes.reportStolen : routes.recordRecovered, { body: { imei: input.imei, ...input.values } }),
    ),
  },
});

const actionCalls = {
  offlinePin: routes.offlinePin,
  rateCall: routes.rateCall,
  resetPin: routes.resetPin,
  forgotPassword: routes.forgotPassword,
  awardData: routes.awardData,
  smsLanguage: routes.setCustomerLanguage,
} as const;
export type CustomerActionKind = keyof typeof actionCalls;

export function liveCustomerAction(kind: CustomerActionKind) {
  return customerActionMachine.provide({
    actors: {
      submitAction: fromPromise(({ input }: { input: { values: Record<string, unknown> } }): Promise<unknown> =>
        call(actionCalls[kind], { body: input.values }),
      ),
    },
  });
}

const listCalls = {
  sms: routes.customerSms,
  ratings: routes.callRatings,
  payments: routes.depositTransactions,
  statements: routes.loanStatements,
  requests: routes.customerRequests,
  qualified: routes.qualifiedPhones,
} as const;
export type CustomerListKind = keyof typeof listCalls;

/** One list of the customer view, loaded with the load machine (params: the customer's msisdn). */
export function liveCustomerList(kind: CustomerListKind) {
  return loadMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: { params: unknown } }): Promise<unknown> =>
        call(listCalls[kind], { body: { msisdn: input.params as string } }),
      ),
    },
  });
}
