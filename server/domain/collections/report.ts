import type { z } from 'zod';
import type { ReasonsReport, reasonsReportRequest } from '../../../src/contract/collections';
import type { Caller, Deps } from '../../deps';
import { addDays, eatDay, eatDayStart } from '../calendar';
import type { Row } from '../shared';
import { categoryCase, scopeOf, scopeSql } from './shared';

/**
 * The defaulters reasons report (decision 015): the defaulters called in a period (EAT days, by default the 30 days
 * to today), each counted once by its last call in the period: the reason it gave, its ageing category and amount
 * due when called, and the region of the store that sold the loan. Grouped in the database.
 */
export async function reasonsReport(deps: Deps, caller: Caller, body: z.output<typeof reasonsReportRequest>): Promise<ReasonsReport> {
  const request = body;
  const today = eatDay(deps.clock.now());
  const to = request.to ?? (request.from && request.from > today ? request.from : today);
  const from = request.from ?? addDays(to, -29);
  const params: unknown[] = [eatDayStart(from), eatDayStart(addDays(to, 1))];
  const where = [scopeSql(await scopeOf(deps.db, caller), params)];
  if (request.region_id !== undefined) {
    params.push(request.region_id);
    where.push(`s.region_id = $${params.length}`);
  }
  const rows = await deps.db.query<Row>(
    `WITH last AS (
       SELECT DISTINCT ON (k.loan_id) k.loan_id, k.reason, k.days_defaulted, k.amount_due
         FROM debt_collection_calls k
        WHERE k.created_at >= $1 AND k.created_at < $2
        ORDER BY k.loan_id, k.created_at DESC, k.id DESC)
     SELECT coalesce(last.reason, 'not_given') AS reason, ${categoryCase('last.days_defaulted')} AS category,
            r.id AS region_id, r.name AS region_name, count(*)::int AS defaulters, sum(last.amount_due)::bigint AS amount_due
       FROM last JOIN loans l ON l.id = last.loan_id JOIN stores s ON s.id = l.store_id JOIN regions r ON r.id = s.region_id
      WHERE ${where.join(' AND ')}
      GROUP BY 1, 2, 3, 4
      ORDER BY defaulters DESC, reason, region_name, category`,
    params,
  );
  const list = rows.map((r) => ({
    reason: r.reason,
    category: r.category,
    region: { id: Number(r.region_id), name: String(r.region_name) },
    defaulters: Number(r.defaulters),
    amount_due: Number(r.amount_due),
  }));
  return {
    from,
    to,
    rows: list,
    totals: { defaulters: list.reduce((n, r) => n + r.defaulters, 0), amount_due: list.reduce((n, r) => n + r.amount_due, 0) },
  };
}
