import type { Queryable } from '../../db/port';
import { AGEING_CATEGORIES, type AgeingCategory, type MigrationMonth } from '../../../src/contract/analytics';
import { addDays } from '../calendar';
import type { Scope } from './scope';
import { byRegion, conditions, detailed, grainOf, n, type Filters, type ReportSpec } from './read-rollups';
import { MIGRATION_MONTHS } from './snapshot-sql';

/** The flows of each of the last months between the ageing categories, summed over the scope and filters. */
export async function migration(db: Queryable, today: string, scope: Scope, f: Filters, spec: ReportSpec): Promise<MigrationMonth[]> {
  const where = conditions(scope, f, spec, []);
  const rows = await db.query(
    `SELECT to_char(a.month_end, 'YYYY-MM-DD') AS month_end, a.from_category, a.to_category, sum(a.loans) AS loans,
            sum(a.balance_from) AS balance_from, sum(a.balance_to) AS balance_to
       FROM ${grainOf(scope, f) === 'region' ? byRegion('analytics_migration_region') : detailed('analytics_migration')}
      WHERE ${where.sql} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    where.params,
  );
  const order = (c: unknown) => AGEING_CATEGORIES.indexOf(c as AgeingCategory);
  // Every one of the last MIGRATION_MONTHS months, with or without flows, oldest first.
  const months = new Map<string, MigrationMonth>();
  let end = addDays(`${today.slice(0, 8)}01`, -1);
  const ends: string[] = [];
  for (let i = 0; i < MIGRATION_MONTHS; i++) {
    ends.unshift(end);
    end = addDays(`${end.slice(0, 8)}01`, -1);
  }
  for (const e of ends) months.set(e, { monthEnd: e, previousMonthEnd: addDays(`${e.slice(0, 8)}01`, -1), flows: [] });
  for (const r of rows) {
    const month = months.get(String(r.month_end));
    if (!month) continue;
    month.flows.push({
      from: r.from_category as AgeingCategory,
      to: r.to_category as AgeingCategory,
      loans: n(r.loans),
      balanceFrom: n(r.balance_from),
      balanceTo: n(r.balance_to),
    });
  }
  for (const m of months.values()) m.flows.sort((a, b) => order(a.from) - order(b.from) || order(a.to) - order(b.to));
  return [...months.values()];
}
