import type { Queryable } from '../../db/port';
import type { Scope } from './scope';
import { byRegion, conditions, detailed, grainOf, n, ratio, type Filters, type ReportSpec, type Window } from './read-rollups';

/** The day-by-day trend of the window: by region (analytics_trend_region) or from the days' detail (analytics_daily). */
export async function trend(db: Queryable, w: Window, scope: Scope, f: Filters, spec: ReportSpec | null) {
  const where = conditions(scope, f, spec, [w.from, w.asOf]);
  const from = grainOf(scope, f) === 'region' ? byRegion('analytics_trend_region') : detailed('analytics_daily');
  const rows = await db.query(
    `SELECT to_char(a.day, 'YYYY-MM-DD') AS day, sum(gross_receivable) AS gross, sum(par1) AS par1, sum(par30) AS par30,
            sum(par90) AS par90, sum(due_amount) AS due, sum(collected_amount) AS collected, sum(loans_started) AS started
       FROM ${from}
      WHERE a.day BETWEEN $1 AND $2 AND ${where.sql} GROUP BY a.day ORDER BY a.day`,
    where.params,
  );
  return rows.map((r) => ({
    day: String(r.day),
    grossReceivable: n(r.gross),
    par1: ratio(n(r.par1), n(r.gross)),
    par30: ratio(n(r.par30), n(r.gross)),
    par90: ratio(n(r.par90), n(r.gross)),
    collectionRate: ratio(n(r.collected), n(r.due)),
    loansStarted: n(r.started),
  }));
}
