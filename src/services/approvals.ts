import { fromPromise } from 'xstate';
import { routes } from '../contract/routes';
import type { RequestQueue } from '../contract/requests';
import { toCallFailure } from '../lib/call-failure';
import { approvalQueueMachine, type ItemResult, type QueueItem } from '../machines/approval-queue.machine';
import type { Page } from '../machines/resource-list.machine';
import { approvalRequestMachine, type Decision } from '../machines/approval-request.machine';
import { call } from './http';
import { saveFile } from './download';

const calls = {
  loan_extension: { list: routes.pendingLoanExtensions, decide: routes.decideLoanExtensions },
  loan_deactivation: { list: routes.pendingLoanDeactivations, decide: routes.decideLoanDeactivations },
  imei_change: { list: routes.pendingImeiChanges, decide: routes.decideImeiChanges },
  maker_checker: { list: routes.pendingMakerChecker, decide: routes.decideMakerChecker },
  maker_checker_portal: { list: routes.pendingMakerCheckerPortal, decide: routes.decideMakerCheckerPortal },
} as const;

/** One page of a queue is enough for a working day; the server pages further when asked. */
const PAGE = 200;

async function decide(queue: RequestQueue, ids: number[], decision: Decision, comment: string) {
  return call(calls[queue].decide, { body: { ids, decision, ...(comment ? { comment } : {}) } });
}

/** The queue machine of one queue, over its list and decide calls. */
export function queueMachine(queue: RequestQueue) {
  return approvalQueueMachine.provide({
    actors: {
      fetchQueue: fromPromise(async ({ input }: { input: { filter: Record<string, string | number> } }) => {
        const answer = await call(calls[queue].list, { body: { limit: PAGE, skip: 0, ...input.filter } });
        return answer.pending_requests as QueueItem[];
      }),
      decideMany: fromPromise(
        async ({ input }: { input: { ids: number[]; decision: Decision; comment: string } }): Promise<ItemResult[]> => {
          try {
            const answer = await decide(queue, input.ids, input.decision, input.comment);
            return answer.results.map((r) => ({
              id: r.id,
              outcome: r.outcome === 'refused' ? (r.reason === 'already_decided' ? 'already_decided' : 'failed') : r.outcome,
              message: r.message,
            }));
          } catch (error) {
            // One id answers its refusal as an error status: it is that item's result.
            const failure = toCallFailure(error);
            if (input.ids.length !== 1 || failure.status === null || failure.status >= 500) throw error;
            return [
              { id: input.ids[0]!, outcome: failure.reason === 'already_decided' ? 'already_decided' : 'failed', message: failure.message },
            ];
          }
        },
      ),
    },
  });
}

/** The single-request machine of one queue. */
export function requestMachine(queue: RequestQueue) {
  return approvalRequestMachine.provide({
    actors: {
      decide: fromPromise(({ input }: { input: { requestId: number; decision: Decision; comment: string } }): Promise<unknown> =>
        decide(queue, [input.requestId], input.decision, input.comment),
      ),
    },
  });
}

type AuditFilter = Record<string, string | number>;

/** The audit search of requests, page by page, for the resource list machine. */
export const fetchRequestAudit = fromPromise<Page<any>, { limit: number; skip: number; filter: AuditFilter }>(({ input }) =>
  call(routes.requestAudit, { query: { ...input.filter, limit: input.limit, skip: input.skip } }),
);

/** Fetches the same search as CSV and saves it as a file; answers how many rows it holds. */
export const exportRequestAudit = fromPromise(async ({ input }: { input: { params: unknown } }): Promise<unknown> => {
  const answer = await call(routes.requestAuditCsv, { query: input.params as AuditFilter });
  saveFile(answer.filename, 'text/csv', answer.csv);
  return { rows: answer.rows, truncated: answer.truncated };
});
