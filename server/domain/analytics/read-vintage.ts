import type { Queryable } from '../../db/port';
import { addDays } from '../calendar';
import type { Scope } from './scope';
import { byRegion, conditions, detailed, grainOf, n, ratio, type Filters, type ReportSpec, type Window } from './read-rollups';

/** Vintage curves of the cohorts that started in the 12 months before the window's end. */
export async function vintage(db: Queryable, w: Window, scope: Scope, f: Filters, spec: ReportSpec) {
  const where = conditions(scope, f, spec, [addDays(w.asOf, -365)]);
  const rows = await db.query(
    `SELECT to_char(a.cohort, 'YYYY-MM') AS cohort, a.age_months AS age, sum(loans) AS loans, sum(cum_due) AS due, sum(cum_paid) AS paid
       FROM ${grainOf(scope, f) === 'region' ? byRegion('analytics_vintage_region') : detailed('analytics_vintage')}
      WHERE a.cohort >= date_trunc('month', $1::date) AND ${where.sql}
      GROUP BY 1, 2 ORDER BY 1, 2`,
    where.params,
  );
  const curves = new Map<string, { cohort: string; loans: number; points: Array<{ age: number; ratio: number | null }> }>();
  for (const r of rows) {
    const cohort = String(r.cohort);
    const curve = curves.get(cohort) ?? { cohort, loans: 0, points: [] };
    if (Number(r.age) === 1) curve.loans = n(r.loans);
    curve.points.push({ age: Number(r.age), ratio: ratio(n(r.paid), n(r.due)) });
    curves.set(cohort, curve);
  }
  return [...curves.values()];
}
