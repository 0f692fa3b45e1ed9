import type { PromiseUnlock } from '../../../src/contract/collections';
import type { Queryable } from '../../db/port';
import { eatDay } from '../calendar';
import type { Row } from '../shared';

/** The loan's unlock as the worklist shows it: a grant open today, or a request awaiting approval. */
export async function unlockOf(db: Queryable, loanId: number, now: Date): Promise<PromiseUnlock | null> {
  const [grant] = await db.query<Row>(
    `SELECT request_id, to_char(until_day, 'YYYY-MM-DD') AS until_day FROM promise_unlocks
      WHERE loan_id = $1 AND ended_at IS NULL AND until_day >= $2::date ORDER BY id DESC LIMIT 1`,
    [loanId, eatDay(now)],
  );
  if (grant) return { status: 'granted', until: String(grant.until_day), request_id: Number(grant.request_id) };
  const [pending] = await db.query<Row>(
    "SELECT id, payload->'after'->>'unlocked_until' AS until_day FROM requests WHERE kind = 'promise_unlock' AND subject = $1 AND status = 'submitted'",
    [`loan:${loanId}`],
  );
  return pending ? { status: 'pending', until: String(pending.until_day), request_id: Number(pending.id) } : null;
}
