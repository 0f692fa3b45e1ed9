import type { z } from 'zod';
import type { CollectionsMade, collectionsMadeRequest } from '../../../src/contract/collections';
import type { Caller, Deps } from '../../deps';
import { addDays, eatDay, eatDayStart } from '../calendar';
import { refuse, type Row } from '../shared';
import { scopeOf, scopeSql } from './shared';

/**
 * Collections made (issue 14, decision 020): completed repayments on a loan while it was assigned to a collector
 * (paid at or after the assignment), by EAT day and collector. Deposits are never collections. A holder of
 * VIEW_ALL_DEFAULTERS_LIST_REPORT sees every collector in their scope; a collector (VIEW_MY_...) only their own.
 * Grouped in SQL from collection_cases (the loans collection has touched) into the loan's payments.
 */
export async function collectionsMade(deps: Deps, caller: Caller, body: z.output<typeof collectionsMadeRequest>): Promise<CollectionsMade> {
  const all = caller.roles.includes('VIEW_ALL_DEFAULTERS_LIST_REPORT');
  if (!all && !caller.roles.includes('VIEW_MY_DEFAULTERS_LIST_REPORT')) throw refuse(403, 'not_yours', 'Needs a defaulters list role');
  const to = body.to ?? eatDay(deps.clock.now());
  const from = body.from ?? addDays(to, -29);
  const params: unknown[] = [eatDayStart(from), eatDayStart(addDays(to, 1))];
  const where = [
    'k.collector_id IS NOT NULL',
    "t.kind = 'repayment'",
    "t.status = 'completed'",
    't.date_processed >= $1',
    't.date_processed < $2',
    't.date_processed >= k.assigned_at',
  ];
  if (all) where.push(scopeSql(await scopeOf(deps.db, caller), params));
  const collector = all ? body.collector_id : caller.adminId;
  if (collector !== undefined) {
    params.push(collector);
    where.push(`k.collector_id = $${params.length}`);
  }
  const rows = await deps.db.query<Row>(
    `SELECT to_char(t.date_processed + interval '3 hours', 'YYYY-MM-DD') AS day, k.collector_id, a.full_name,
            count(*)::int AS payments, count(DISTINCT t.loan_id)::int AS loans, sum(t.amount)::bigint AS amount
       FROM collection_cases k
       JOIN admins a ON a.id = k.collector_id
       JOIN loans l ON l.id = k.loan_id
       JOIN transactions t ON t.loan_id = k.loan_id
      WHERE ${where.join(' AND ')}
      GROUP BY 1, 2, 3 ORDER BY 1 DESC, 3, 2`,
    params,
  );
  const data = rows.map((r) => ({
    day: String(r.day),
    collector: { id: Number(r.collector_id), name: String(r.full_name) },
    payments: Number(r.payments),
    loans: Number(r.loans),
    amount: Number(r.amount),
  }));
  return {
    from,
    to,
    rows: data,
    totals: { payments: data.reduce((n, r) => n + r.payments, 0), amount: data.reduce((n, r) => n + r.amount, 0) },
  };
}
