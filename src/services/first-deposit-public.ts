import { fromPromise } from 'xstate';
import { routes } from '../contract/routes';
import { call } from './http';

/** The public contract page's one call: a contract by the reference in its link (the load machine's params). */
export const fetchContract = fromPromise<unknown, { params: unknown }>(({ input }) =>
  call(routes.contractDetails, { body: { reference: (input.params as { reference: string }).reference } }),
);
