import type { ChangeValues, RequestKind, RequestRefusal } from '../../../src/contract/requests';
import type { Caller } from '../../deps';
import type { HttpError } from '../../errors';
import { audit } from '../../audit';
import { type Row, type Tx, isUniqueViolation, refuse as refuseWith } from '../shared';

/**
 * Requests decided by a second person. Submitting records the request (and its audit row); deciding claims it
 * with a guarded UPDATE ... WHERE status = 'submitted', applies its effect and writes the audit row, all in one
 * transaction: a second decision finds nothing to claim (409 already_decided), a failing effect rolls the claim
 * back and the request stays pending.
 *
 * This file is what a request is and how it is recorded and read; beside it: customer-requests and proposals
 * (submitting), queues (the pending lists), effects and decide (deciding), audit-search (the history and its CSV).
 */

export interface Change {
  before: ChangeValues;
  after: ChangeValues;
}

/** What a request asks, as stored in requests.payload. */
export interface Payload extends Change {
  summary: string;
  params: Record<string, unknown>;
}

/** The shared refusal, its reason narrowed to the codes the requests contract names. */
export const refuse: (status: 403 | 404 | 409, reason: RequestRefusal, message: string) => HttpError = refuseWith;

/** A unique index refused the row (two submits at the same moment): the same refusal as the check before it. */
export const onUnique =
  (refusal: HttpError) =>
  (error: unknown): never => {
    if (isUniqueViolation(error)) throw refusal;
    throw error;
  };

// ---------------------------------------------------------------------------------------------------------------
// Recording a request

/** Who makes a request: only their id is recorded. */
export type Maker = Pick<Caller, 'adminId'>;

interface NewRequest {
  kind: RequestKind;
  subject: string;
  maker: Maker;
  reason: string | null;
  payload: Payload;
  customerId?: number | null;
  loanId?: number | null;
  deviceId?: number | null;
  storeId?: number | null;
  now: Date;
  /** The refusal when the subject already has an open request of this kind. */
  open: string;
}

export async function insertRequest(tx: Tx, r: NewRequest): Promise<number> {
  const refusal = refuse(409, 'request_open', r.open);
  const open = await tx.query<Row>("SELECT 1 FROM requests WHERE kind = $1 AND subject = $2 AND status = 'submitted'", [r.kind, r.subject]);
  if (open.length) throw refusal;
  const [row] = (await tx
    .query<{ id: number }>(
      `INSERT INTO requests (kind, subject, maker_id, reason, payload, customer_id, loan_id, device_id, store_id, submitted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        r.kind,
        r.subject,
        r.maker.adminId,
        r.reason,
        JSON.stringify(r.payload),
        r.customerId ?? null,
        r.loanId ?? null,
        r.deviceId ?? null,
        r.storeId ?? null,
        r.now,
      ],
    )
    .catch(onUnique(refusal))) as [{ id: number }];
  await audit(tx, {
    actorId: r.maker.adminId,
    action: 'request.submitted',
    entity: 'request',
    entityId: row.id,
    after: {
      kind: r.kind,
      status: 'submitted',
      reason: r.reason,
      summary: r.payload.summary,
      before: r.payload.before,
      after: r.payload.after,
    },
    at: r.now,
  });
  return row.id;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading requests with their people, store and customer

/** A request `r`'s customer `c`, when it has one. */
export const REQUEST_CUSTOMER_JOIN = 'LEFT JOIN customers c ON c.id = r.customer_id';

/** A request with its customer; its maker's, checker's and store's names are the copy's kept ones (decision 057). */
export const REQUEST_FROM = `requests r ${REQUEST_CUSTOMER_JOIN}`;
