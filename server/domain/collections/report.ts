import type { z } from 'zod';
import type { ReasonsReport, reasonsReportRequest } from '../../../src/contract/collections';
import type { Caller, Deps } from '../../deps';
import { addDays, eatDay, eatDayStart } from '../calendar';
import type { Row } from '../shared';
import type { Queryable } from '../../db/port';
import { kept, shared, snapshotOf } from '../kept-answers';
import { wholeId } from '../rollup-watermark';
import { reasonsSql, rolledUpSql } from './reasons-rollup';
import { categoryCase, scopeOf, scopeSql, type Scope } from './shared';

/**
 * The defaulters reasons report (decision 015): the defaulters called in a period (EAT days, by default the 30 days
 * to today), each counted once by its last call in the period: the reason it gave, its ageing category and amount
 * due when called, and the region of the store that sold the loan. Grouped in the database: head office's from the
 * rollup of the calls (reasons-rollup.ts, decision 032), a narrower scope's from the calls of the period.
 */
export async function reasonsReport(deps: Deps, caller: Caller, body: z.output<typeof reasonsReportRequest>): Promise<ReasonsReport> {
  const request = body;
  const today = eatDay(deps.clock.now());
  const to = request.to ?? (request.from && request.from > today ? request.from : today);
  const from = request.from ?? addDays(to, -29);
  const scope = await scopeOf(deps.db, caller);
  const answer = async (rows: Row[]): Promise<ReasonsReport> => {
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
  };
  if (scope.kind !== 'all') return answer(await scoped(deps.db, scope, from, to, request.region_id));
  // Head office's answer is kept while no call is logged (the calls after the rollup are counted for the key: calls are
  // only ever added, so a new one changes it) and the rollup is the same (its run).
  const written = await snapshotOf(deps.db, 'defaulter_reasons');
  const through = written?.through ?? 0;
  const [since] = await deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM debt_collection_calls WHERE id > ${wholeId(through)}`);
  return shared(deps.db, `defaulter_reasons ${written?.run} ${since!.n} ${from} ${to} ${request.region_id}`, async () =>
    answer(await wholeBook(deps.db, written?.run, through, from, to, request.region_id)),
  );
}

/** Head office's report (every store): from the rollup the ageing run keeps and the calls since (decision 032). */
async function wholeBook(db: Queryable, run: number | undefined, through: number, from: string, to: string, regionId: number | undefined) {
  const region = regionId === undefined ? 'true' : `region_id = ${Math.trunc(regionId)}`;
  const rolled = await kept(db, `defaulter_reasons ${run} ${from} ${to} ${region}`, () => db.query<Row>(rolledUpSql(region), [from, to]));
  return db.query<Row>(reasonsSql(through, region === 'true' ? 'true' : `p.${region}`), [
    eatDayStart(from),
    eatDayStart(addDays(to, 1)),
    rolled.map((r) => r.reason),
    rolled.map((r) => r.category),
    rolled.map((r) => Number(r.region_id)),
    rolled.map((r) => Number(r.defaulters)),
    rolled.map((r) => Number(r.amount_due)),
  ]);
}

/** A shop owner's, region lead's or agent's report: their loans' calls, read from the calls of the period. */
async function scoped(db: Queryable, scope: Scope, from: string, to: string, regionId: number | undefined): Promise<Row[]> {
  const params: unknown[] = [eatDayStart(from), eatDayStart(addDays(to, 1))];
  const where = [scopeSql(scope, params)];
  if (regionId !== undefined) {
    params.push(regionId);
    where.push(`s.region_id = $${params.length}`);
  }
  return db.query<Row>(
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
}
