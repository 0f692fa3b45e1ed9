import { fromPromise } from 'xstate';
import { routes } from '../contract/routes';
import type { ListFilter, Page } from '../machines/resource-list.machine';
import { call } from './http';

/**
 * The finance screens' calls (issue 13), as the actors of the resource-list and load machines: the transaction
 * search, the suspense queue with its allocation request, an account's journal lines, the chart of accounts with
 * capital injections and deductions, and the statements.
 */

type ListInput = { limit: number; skip: number; filter: ListFilter };
const page = <T>(data: T[], total: number): Page<T> => ({ data, total });

/** A filter value as the contract wants it: numbers for amounts and ids, text otherwise; empty means absent. */
function criteria(filter: ListFilter, numeric: readonly string[] = []) {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === '' || value === undefined) continue;
    out[key] = numeric.includes(key) ? Number(value) : String(value);
  }
  return out;
}

export const fetchTransactions = fromPromise<Page<any>, ListInput>(async ({ input }) => {
  const answer = await call(routes.searchTransaction, {
    body: { ...criteria(input.filter, ['amount']), limit: input.limit, skip: input.skip } as never,
  });
  return page(answer.data, answer.total);
});

export const fetchSuspense = fromPromise<Page<any>, ListInput>(async ({ input }) => {
  const answer = await call(routes.suspenseQueue, { body: { ...criteria(input.filter), limit: input.limit, skip: input.skip } });
  return page(answer.response, answer.total);
});

/** The allocation of a suspended payment to a loan: a request for a second person (202). */
export const allocateSuspense = fromPromise<unknown, { values: Record<string, unknown>; filter: ListFilter }>(({ input }) =>
  call(routes.correctWrongAccount, {
    body: {
      transaction_id: String(input.values.transaction_id ?? ''),
      loan_number: String(input.values.loan_number ?? ''),
      reason: String(input.values.reason ?? ''),
    },
  }),
);

export const fetchJournal = fromPromise<Page<any>, ListInput>(async ({ input }) => {
  const answer = await call(routes.journal, {
    body: { ...(criteria(input.filter) as { account: string }), limit: input.limit, skip: input.skip },
  });
  return page(answer.data, answer.total);
});

export const fetchAccounts = fromPromise<Page<any>, ListInput>(async () => {
  const answer = await call(routes.chartOfAccounts);
  return {
    ...page(
      answer.data.map((a, i) => ({ ...a, id: i + 1 })),
      answer.data.length,
    ),
    external_link: answer.external_link,
  } as Page<any>;
});

/** An injection or a deduction (values.direction), each a request for a second person (202). */
export const changeCapital = fromPromise<unknown, { values: Record<string, unknown>; filter: ListFilter }>(({ input }) => {
  const body = {
    account: String(input.values.account ?? ''),
    amount: Number(input.values.amount),
    reference: String(input.values.reference ?? ''),
    reason: String(input.values.reason ?? ''),
  };
  return call(input.values.direction === 'deduct' ? routes.capitalDeduction : routes.capitalInjection, { body });
});

type LoadInput = { input: { params: unknown } };
/** A load actor: what the screen asked for (params) in, the answer out. */
const loader = (load: (params: any) => Promise<unknown>) =>
  fromPromise(async ({ input }: LoadInput): Promise<unknown> => load(input.params));

export const loadSuspenseSummary = loader(async () => {
  const answer = await call(routes.suspenseQueue, { body: { limit: 1, skip: 0 } });
  return { total: answer.total, total_amount: answer.total_amount };
});
export const loadWrongAccount = loader((params: { transaction_id: string; search?: string }) =>
  call(routes.wrongAccountTransactions, { body: params }),
);
export const loadBalanceSheet = loader((params: { at: string }) => call(routes.balanceSheet, { body: params }));
export const loadProfitAndLoss = loader((params: { from: string; to: string }) => call(routes.profitAndLoss, { body: params }));
export const loadCashflow = loader((params: { from: string; to: string }) => call(routes.cashflow, { body: params }));
export const loadAccounts = loader(() => call(routes.chartOfAccounts));
