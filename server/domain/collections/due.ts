import type { z } from 'zod';
import type { CollectionsDue, collectionsDueRequest } from '../../../src/contract/collections';
import type { Caller, Deps } from '../../deps';
import { addDays, eatDay } from '../calendar';
import { refuse, type Row } from '../shared';
import { shared, snapshotOf, together } from '../kept-answers';
import { fallingDue } from './due-snapshot';
import { scopeOf, scopeSql } from './shared';

/**
 * Collections due (issue 14, decision 028): the installments of active loans that fall due today and in the week
 * (today and the 6 days after it, EAT), by store and agent. The schedule is the one of loan-standing.ts: installment
 * k (the first not fully paid) falls due on next_repayment_date, each later one interval_days after it, up to the
 * last installment; an installment already overdue is the defaulters list's, not this one's. A holder of
 * VIEW_ALL_DEFAULTERS_LIST_REPORT sees their scope; a collector (VIEW_MY_...) the loans assigned to them, and a shop
 * owner, region lead or agent with that role their own stores or sales. The figures are summed from the snapshot the
 * ageing run writes of the day (due-snapshot.ts, decision 032); a day it has not written yet is summed from migration
 * 023's covering index of active loans by next repayment date, as the snapshot itself is.
 */

/** The query over the active loans themselves (each one's schedule, as of $1 today and $2 the week's end). */
const fromLoans = (where: string[]) => `WITH d AS (
       SELECT l.store_id, l.agent_id, l.installment_amount, l.loan_balance,
              ${fallingDue('$1::date', '$1::date')} AS n_today, ${fallingDue('$1::date', '$2::date')} AS n_week
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
      ORDER BY week_amount DESC, s.name, a.full_name NULLS LAST, d.store_id, d.agent_id`;

/**
 * The same figures summed from today's snapshot: its rows are per store, agent and collector, of the loans with an
 * installment falling due this week, so the caller's scope and filters are conditions on the same columns of `l`.
 */
const fromSnapshot = (where: string[]) => `SELECT l.store_id, s.name AS store_name, l.agent_id, a.full_name AS agent_name,
            sum(l.today_loans)::int AS today_loans, sum(l.today_amount)::bigint AS today_amount,
            sum(l.week_loans)::int AS week_loans, sum(l.week_amount)::bigint AS week_amount
       FROM collections_due_snapshot l JOIN stores s ON s.id = l.store_id LEFT JOIN agents a ON a.id = l.agent_id
      WHERE ${[...where, '$1::date IS NOT NULL', '$2::date IS NOT NULL'].join(' AND ')}
      GROUP BY l.store_id, s.name, l.agent_id, a.full_name
      ORDER BY week_amount DESC, s.name, a.full_name NULLS LAST, l.store_id, l.agent_id`;

export async function collectionsDue(deps: Deps, caller: Caller, body: z.output<typeof collectionsDueRequest>): Promise<CollectionsDue> {
  const all = caller.roles.includes('VIEW_ALL_DEFAULTERS_LIST_REPORT');
  if (!all && !caller.roles.includes('VIEW_MY_DEFAULTERS_LIST_REPORT')) throw refuse(403, 'not_yours', 'Needs a defaulters list role');
  const today = eatDay(deps.clock.now());
  const weekEnd = addDays(today, 6);
  const params: unknown[] = [today, weekEnd];
  // Today's snapshot (due-snapshot.ts, decision 032) when the ageing run has written one, else the loans themselves:
  // callers of the same scope asking at once then share one reading of them (`together`).
  const written = await snapshotOf(deps.db, 'collections_due');
  const snapshot = written?.day === today;
  const where = snapshot ? [] : ["l.status = 'active'", 'l.next_repayment_date <= $2::date'];
  const scope = await scopeOf(deps.db, caller);
  if (!all && scope.kind === 'all') {
    params.push(caller.adminId);
    where.push(
      snapshot
        ? `l.collector_id = $${params.length}`
        : `EXISTS (SELECT 1 FROM collection_cases k WHERE k.loan_id = l.id AND k.collector_id = $${params.length})`,
    );
  } else where.push(scopeSql(scope, params));
  if (body.store_id !== undefined) {
    params.push(body.store_id);
    where.push(`l.store_id = $${params.length}`);
  }
  if (body.agent_id !== undefined) {
    params.push(body.agent_id);
    where.push(`l.agent_id = $${params.length}`);
  }
  /** Every row of the caller's scope with the totals; a page of it is what is sent. */
  const answer = async () => {
    const rows = await deps.db.query<Row>(snapshot ? fromSnapshot(where) : fromLoans(where), params);
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
    return { rows: data, totals: { today: sum('today'), week: sum('week') } };
  };
  // An answer from the snapshot is kept until the next run writes it again (kept-answers.ts): a row per store and
  // agent, some four thousand at a million customers, shared by the callers of the same scope, never copied; each
  // call sends a page of it (sending all of head office's 705 kB was most of its cost, decision 032).
  const asked = `${JSON.stringify(params)} ${where.join(' AND ')}`;
  const whole = await (snapshot
    ? shared(deps.db, `collections_due ${written.run} ${asked}`, answer)
    : together(deps.db, `collections_due live ${asked}`, answer));
  return {
    today,
    week_end: weekEnd,
    checked_at: snapshot ? written.refreshedAt : null,
    total: whole.rows.length,
    limit: body.limit,
    skip: body.skip,
    rows: whole.rows.slice(body.skip, body.skip + body.limit),
    totals: whole.totals,
  };
}
