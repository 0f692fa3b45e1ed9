import { fromPromise } from 'xstate';
import { routes } from '../contract/routes';
import type { CustomerView } from '../contract/customers';
import { customerLookupMachine, type CustomerQuery } from '../machines/customer-lookup.machine';
import { customerRequestMachine } from '../machines/customer-request.machine';
import { call } from './http';

export const liveCustomerLookup = customerLookupMachine.provide({
  actors: {
    findCustomer: fromPromise(async ({ input }: { input: { query: CustomerQuery | null } }): Promise<CustomerView | null> =>
      input.query ? call(routes.findCustomer, { body: input.query }) : null,
    ),
  },
});

const submitCalls = {
  extension: routes.requestLoanExtension,
  deregistration: routes.requestLoanDeactivation,
  imei: routes.requestImeiChange,
} as const;
export type CustomerRequestKind = keyof typeof submitCalls;

export function liveCustomerRequest(kind: CustomerRequestKind) {
  return customerRequestMachine.provide({
    actors: {
      submitRequest: fromPromise(({ input }: { input: { values: Record<string, unknown> } }): Promise<unknown> =>
        call(submitCalls[kind], { body: input.values }),
      ),
    },
  });
}
