import type { z } from 'zod';
import type { CollectionsDue, collectionsDueRequest } from '../../../src/contract/collections';
import type { Caller, Deps } from '../../deps';
import { addDays, eatDay } from '../calendar';
import { refuse, type Row } from '../shared';
import { scopeOf, scopeSql } from './shared';

/**
 * Collections due (issue 14, decision 028): the installments of active loans that fall due today and in the week
 * (today and the 6 days after it, EAT), by store and agent. The schedule is the one of loan-standing.ts: installment
 * k (the first not fully paid) falls due on next_repayment_date, each later one interval_days after it, up to the
 * last installment; an installment already overdue is the defaulters list's, not this one's. A holder of
 * VIEW_ALL_DEFAULTERS_LIST_REPORT sees their scope; a collector (VIEW_MY_...) the loans assigned to them, and a shop
 * owner, region lead or agent with that role their own stores or sales. One aggregate over migration 023's covering
 * index of active loans by next repayment date.
 */

/** Installments falling due between the days $a and $b (SQL dates) of the loan `l`, as SQL. */
const fallingDue = (a: string, b: string) => {
  const remaining = 'l.installments - LEAST(l.installments, l.amount_paid / l.installment_amount + 1)';
  const first = `GREATEST(0, (${a} - l.next_repayment_date + l.interval_days - 1) / l.interval_days)`;
  const last = `LEAST(${remaining}, (${b} - l.next_repayment_date) / l.interval_days)`;
  return `GREATEST(0, ${last} - ${first} + 1)`;
};

export async function collectionsDue(deps: Deps, caller: Caller, body: z.output<typeof collectionsDueRequest>): Promise<CollectionsDue> {
  const all = caller.roles.includes('VIEW_ALL_DEFAULTERS_LIST_REPORT');
  if (!all && !caller.roles.includes('VIEW_MY_DEFAULTERS_LIST_REPORT')) throw refuse(403, 'not_yours', 'Needs a defaulters list role');
  const today = eatDay(deps.clock.now());
  const weekEnd = addDays(today, 6);
  const params: unknown[] = [today, weekEnd];
  const where = ["l.status = 'active'", 'l.next_repayment_date <= $2::date'];
  const scope = await scopeOf(deps.db, caller);
  if (!all && scope.kind === 'all') {
    params.push(caller.adminId);
    where.push(`EXISTS (SELECT 1 FROM collection_cases k WHERE k.loan_id = l.id AND k.collector_id = $${params.length})`);
  } else where.push(scopeSql(scope, params));
  if (body.store_id !== undefined) {
    params.push(body.store_id);
    where.push(`l.store_id = $${params.length}`);
  }
  if (body.agent_id !== undefined) {
    params.push(body.agent_id);
    where.push(`l.agent_id = $${params.length}`);
  }
  const today$ = '$1::date';
  const week$ = '$2::date';
  const rows = await deps.db.query<Row>(
    `WITH d AS (
       SELECT l.store_id, l.agent_id, l.installment_amount, l.loan_balance,
              ${fallingDue(today$, today$)} AS n_today, ${fallingDue(today$, week$)} AS n_week
         FROM loans l
        WHERE ${where.join(' AND ')})
     SELECT d.store_id, s.name AS store_name, d.agent_id, a.full_name AS agent_name,
            count(*) FILTER (WHERE n_today > 0)::int AS today_loans,
            coalesce(sum(LEAST(n_today * installment_amount, loan_balance)), 0)::bigint AS today_amount,
            count(*) FILTER (WHERE n_week > 0)::int AS week_loans,
            coalesce(sum(LEAST(n_week * installment_amount, loan_balance)), 0)::bigint AS week_amount
       FROM d JOIN stores s ON s.id = d.store_id LEFT JOIN agents a ON a.id = d.agent_id
      WHERE d.n_week > 0
      GROUP BY d.store_id, s.name, d.agent_id, a.full_name
      ORDER BY week_amount DESC, s.name, a.full_name NULLS LAST, d.store_id, d.agent_id`,
    params,
  );
  const data = rows.map((r) => ({
    store: { id: Number(r.store_id), name: String(r.store_name) },
    agent: r.agent_id === null ? null : { id: Number(r.agent_id), name: String(r.agent_name) },
    today: { loans: Number(r.today_loans), amount: Number(r.today_amount) },
    week: { loans: Number(r.week_loans), amount: Number(r.week_amount) },
  }));
  const sum = (k: 'today' | 'week') => ({
    loans: data.reduce((n, r) => n + r[k].loans, 0),
    amount: data.reduce((n, r) => n + r[k].amount, 0),
  });
  return { today, week_end: weekEnd, rows: data, totals: { today: sum('today'), week: sum('week') } };
}
