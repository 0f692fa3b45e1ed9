import type { z } from 'zod';
import type {
  ClaimedList,
  claimedRequest,
  ClaimedRow,
  ClaimStanding,
  ConversionList,
  conversionRequest,
} from '../../../src/contract/collections';
import { defaulterCategoryName } from '../../../src/lib/defaulter-category';
import type { Caller, Deps } from '../../deps';
import { badRequest } from '../../errors';
import { addDays, eatDay, eatDayStart } from '../calendar';
import { iso, type Row } from '../shared';
import { depositScope } from './deposits';
import { scopeOf } from './shared';

/**
 * Customer conversion and claimed customers (issue 14, decisions 020 and 028), both read from `first_deposits` in a
 * period of start days (EAT, default the last 30, at most a year), by store and agent, scoped as the deposits list.
 * Conversion groups the period's wizards by store and agent (an index-only scan of migration 023's covering index);
 * claimed pages the period's wizards that were not abandoned, newest first.
 */

type Period = { from?: string | undefined; to?: string | undefined; store_id?: number | undefined; agent_id?: number | undefined };

/** The period, the scope and the store and agent filters as conditions on `f`, their values in `params`. */
async function periodWhere(deps: Deps, caller: Caller, body: Period) {
  const to = body.to ?? eatDay(deps.clock.now());
  const from = body.from ?? addDays(to, -29);
  if (from > to) throw badRequest('from', 'must not be after to');
  const params: unknown[] = [eatDayStart(from), eatDayStart(addDays(to, 1))];
  const where = ['f.created_at >= $1', 'f.created_at < $2', depositScope(await scopeOf(deps.db, caller), params)];
  if (body.store_id !== undefined) {
    params.push(body.store_id);
    where.push(`f.store_id = $${params.length}`);
  }
  if (body.agent_id !== undefined) {
    params.push(body.agent_id);
    where.push(`f.agent_id = $${params.length}`);
  }
  return { from, to, params, where };
}

const rate = (converted: number, started: number) => (started === 0 ? 0 : Math.round((converted / started) * 10_000) / 10_000);

export async function customerConversion(deps: Deps, caller: Caller, body: z.output<typeof conversionRequest>): Promise<ConversionList> {
  const { from, to, params, where } = await periodWhere(deps, caller, body);
  // Per store and agent, distinct customers: a customer who started twice (an abandoned wizard, then another) counts
  // once, and converted when any of their wizards created a loan.
  const rows = await deps.db.query<Row>(
    `WITH g AS (
       SELECT f.store_id, f.agent_id,
              count(DISTINCT f.customer_id)::int AS started,
              count(DISTINCT f.customer_id) FILTER (WHERE f.deposit_paid_at IS NOT NULL)::int AS paid,
              count(DISTINCT f.customer_id) FILTER (WHERE f.loan_id IS NOT NULL)::int AS converted
         FROM first_deposits f
        WHERE ${where.join(' AND ')}
        GROUP BY f.store_id, f.agent_id),
     t AS (SELECT count(*)::int AS groups, coalesce(sum(started), 0)::int AS started, coalesce(sum(paid), 0)::int AS paid,
                  coalesce(sum(converted), 0)::int AS converted FROM g),
     p AS (SELECT g.*, s.name AS store_name, a.full_name AS agent_name
             FROM g JOIN stores s ON s.id = g.store_id LEFT JOIN agents a ON a.id = g.agent_id
            ORDER BY g.started DESC, s.name, a.full_name NULLS LAST, g.store_id, g.agent_id
            LIMIT ${body.limit} OFFSET ${body.skip})
     SELECT t.groups, t.started AS all_started, t.paid AS all_paid, t.converted AS all_converted, p.*
       FROM t LEFT JOIN p ON true`,
    params,
  );
  const head = rows[0]!;
  const data = rows
    .filter((r) => r.store_id !== null)
    .map((r) => ({
      id: `${r.store_id}:${r.agent_id ?? 'none'}`,
      store: { id: Number(r.store_id), name: String(r.store_name) },
      agent: r.agent_id === null ? null : { id: Number(r.agent_id), name: String(r.agent_name) },
      started: Number(r.started),
      paid: Number(r.paid),
      converted: Number(r.converted),
      rate: rate(Number(r.converted), Number(r.started)),
    }));
  const totals = { started: Number(head.all_started), paid: Number(head.all_paid), converted: Number(head.all_converted) };
  return {
    from,
    to,
    total: Number(head.groups),
    limit: body.limit,
    skip: body.skip,
    data,
    totals: { ...totals, rate: rate(totals.converted, totals.started) },
  };
}

/** A standing as SQL over `f` and its loan `l`. */
const STANDING_SQL: Record<ClaimStanding, string> = {
  in_progress: 'f.loan_id IS NULL',
  healthy: "f.loan_id IS NOT NULL AND l.status = 'active' AND l.days_defaulted = 0",
  defaulted: "f.loan_id IS NOT NULL AND l.status = 'active' AND l.days_defaulted > 0",
  closed: "f.loan_id IS NOT NULL AND l.status = 'closed'",
  deactivated: "f.loan_id IS NOT NULL AND l.status = 'deactivated'",
};

function standingOf(r: Row): ClaimStanding {
  if (r.loan_id === null) return 'in_progress';
  if (r.loan_status === 'closed') return 'closed';
  if (r.loan_status === 'deactivated') return 'deactivated';
  return Number(r.days_defaulted) > 0 ? 'defaulted' : 'healthy';
}

export async function claimedCustomers(deps: Deps, caller: Caller, body: z.output<typeof claimedRequest>): Promise<ClaimedList> {
  const { from, to, params, where } = await periodWhere(deps, caller, body);
  where.push('f.abandoned_at IS NULL');
  // The loan is joined for counting only when the standing of a loan is asked for.
  const loanJoin = body.standing !== undefined && body.standing !== 'in_progress' ? 'LEFT JOIN loans l ON l.id = f.loan_id' : '';
  if (body.standing !== undefined) where.push(STANDING_SQL[body.standing]);
  const [{ total }] = (await deps.db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM first_deposits f ${loanJoin} WHERE ${where.join(' AND ')}`,
    params,
  )) as [{ total: number }];
  const rows = await deps.db.query<Row>(
    `SELECT f.wizard_id, f.created_at, f.loan_id,
            c.id AS customer_id, c.msisdn, c.first_name || ' ' || c.other_names AS customer_name,
            s.id AS store_id, s.name AS store_name, a.id AS agent_id, a.full_name AS agent_name,
            l.loan_number, l.status AS loan_status, l.days_defaulted, l.amount_due, l.loan_balance
       FROM first_deposits f
       JOIN customers c ON c.id = f.customer_id
       JOIN stores s ON s.id = f.store_id
       LEFT JOIN agents a ON a.id = f.agent_id
       LEFT JOIN loans l ON l.id = f.loan_id
      WHERE ${where.join(' AND ')}
      ORDER BY f.created_at DESC, f.wizard_id DESC LIMIT ${body.limit} OFFSET ${body.skip}`,
    params,
  );
  const data: ClaimedRow[] = rows.map((r) => ({
    id: String(r.wizard_id),
    claimed_at: iso(r.created_at)!,
    customer: { id: Number(r.customer_id), msisdn: String(r.msisdn), name: String(r.customer_name) },
    store: { id: Number(r.store_id), name: String(r.store_name) },
    agent: r.agent_id === null ? null : { id: Number(r.agent_id), name: String(r.agent_name) },
    standing: standingOf(r),
    loan:
      r.loan_id === null
        ? null
        : {
            loan_number: String(r.loan_number),
            days_defaulted: Number(r.days_defaulted),
            category: defaulterCategoryName(Number(r.days_defaulted)),
            amount_due: Number(r.amount_due),
            loan_balance: Number(r.loan_balance),
          },
  }));
  return { from, to, total, limit: body.limit, skip: body.skip, data };
}
