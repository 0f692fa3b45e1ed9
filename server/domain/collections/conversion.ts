import type { z } from 'zod';
import type {
  ClaimedList,
  claimedRequest,
  ClaimedRow,
  ClaimStanding,
  ConversionList,
  conversionRequest,
  FirstDepositStatus,
} from '../../../src/contract/collections';
import { defaulterCategoryName } from '../../../src/lib/defaulter-category';
import type { Caller, Deps } from '../../deps';
import { badRequest } from '../../errors';
import { addDays, eatDay } from '../calendar';
import { keptEstimate, pageInOrder } from '../../db/page';
import { ESTIMATE_TOTALS_FROM_ROWS, isoOfUtc, utcSql, listTotal, type Row } from '../shared';
import { shared } from '../kept-answers';
import { NAMES_VERSION, namesFor } from '../names';
import { changesOfDays, periodSql, wizardsOfDays, wizardsOfDaysSql } from './deposit-days';
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
  const scope = await scopeOf(deps.db, caller);
  const params: unknown[] = [];
  const where = [periodSql('f.created_at', from, to), depositScope(scope, params)];
  if (body.store_id !== undefined) {
    params.push(body.store_id);
    where.push(`f.store_id = $${params.length}`);
  }
  if (body.agent_id !== undefined) {
    params.push(body.agent_id);
    where.push(`f.agent_id = $${params.length}`);
  }
  // Every store and agent of the business: the day rows can count for it (they have no store or agent).
  const everyone = scope.kind === 'all' && body.store_id === undefined && body.agent_id === undefined;
  return { from, to, params, where, scope, everyone };
}

const rate = (converted: number, started: number) => (started === 0 ? 0 : Math.round((converted / started) * 10_000) / 10_000);

/** Every store and agent pair of a period, most started first, and the sums over them. */
interface ConversionGroups {
  rows: ConversionList['data'];
  totals: ConversionList['totals'];
}

/**
 * The groups are distinct customers per store and agent over the whole period, which no sum of day rows gives, so
 * they are counted from the wizards (migration 023's covering index). The whole sorted answer is kept in the
 * process under the period's `changes` (decision 039): any write to a wizard of those days moves it on, on any copy
 * of the server, and the next call counts again. Each call slices its page from the kept rows.
 */
export async function customerConversion(deps: Deps, caller: Caller, body: z.output<typeof conversionRequest>): Promise<ConversionList> {
  const { from, to, params, where, scope } = await periodWhere(deps, caller, body);
  const changes = await changesOfDays(deps.db, from, to);
  const key = ['conversion', from, to, JSON.stringify(scope), body.store_id ?? '', body.agent_id ?? '', changes].join('|');
  const groups = await shared(deps.db, key, () => conversionGroups(deps, params, where));
  return {
    from,
    to,
    total: groups.rows.length,
    limit: body.limit,
    skip: body.skip,
    data: groups.rows.slice(body.skip, body.skip + body.limit).map((r) => ({ ...r })),
    totals: { ...groups.totals },
  };
}

async function conversionGroups(deps: Deps, params: unknown[], where: string[]): Promise<ConversionGroups> {
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
        GROUP BY f.store_id, f.agent_id)
     SELECT g.*, s.name AS store_name, a.full_name AS agent_name
       FROM g JOIN stores s ON s.id = g.store_id LEFT JOIN agents a ON a.id = g.agent_id
      ORDER BY g.started DESC, s.name, a.full_name NULLS LAST, g.store_id, g.agent_id`,
    params,
  );
  const totals = { started: 0, paid: 0, converted: 0 };
  const data = rows.map((r) => {
    const row = {
      id: `${r.store_id}:${r.agent_id ?? 'none'}`,
      store: { id: Number(r.store_id), name: String(r.store_name) },
      agent: r.agent_id === null ? null : { id: Number(r.agent_id), name: String(r.agent_name) },
      started: Number(r.started),
      paid: Number(r.paid),
      converted: Number(r.converted),
      rate: rate(Number(r.converted), Number(r.started)),
    };
    totals.started += row.started;
    totals.paid += row.paid;
    totals.converted += row.converted;
    return row;
  });
  return { rows: data, totals: { ...totals, rate: rate(totals.converted, totals.started) } };
}

/**
 * A standing as SQL over `f` alone: a loan's standing is kept on its claim (`loan_standing`, migration 035, decision
 * 045), so each is one range of `first_deposits_claim_standing_idx`, newest first. The standings are the contract's
 * enum, written in as literals: the default period's statement keeps no parameters (decision 039).
 */
const STANDING_SQL: Record<ClaimStanding, string> = {
  in_progress: 'f.loan_id IS NULL',
  healthy: "f.loan_standing = 'healthy'",
  defaulted: "f.loan_standing = 'defaulted'",
  closed: "f.loan_standing = 'closed'",
  deactivated: "f.loan_standing = 'deactivated'",
};

export async function claimedCustomers(deps: Deps, caller: Caller, body: z.output<typeof claimedRequest>): Promise<ClaimedList> {
  const { from, to, params, where, everyone } = await periodWhere(deps, caller, body);
  where.push('f.abandoned_at IS NULL');
  if (body.standing !== undefined) where.push(STANDING_SQL[body.standing]);
  const counted = await claimsTotal(deps, { from, to, params, where, everyone, standing: body.standing });
  // The total (unless it is the planner's estimate) and the page in one round trip, in the page's own order (decision 092).
  const { rows, total } = await pageInOrder<Row>(
    deps.db,
    {
      total: 'sql' in counted ? counted.sql : null,
      columns: `f.wizard_id, ${utcSql('f.created_at')} AS claimed_at, f.loan_id, f.loan_standing,
                c.id AS customer_id, c.msisdn, c.first_name || ' ' || c.other_names AS customer_name,
                f.store_id, f.agent_id, l.loan_number, l.days_defaulted, l.amount_due, l.loan_balance, ${NAMES_VERSION}`,
      from: `(SELECT f.wizard_id, f.created_at, f.loan_id, f.loan_standing, f.customer_id, f.store_id, f.agent_id
                FROM first_deposits f
               WHERE ${where.join(' AND ')}
               ORDER BY f.created_at DESC, f.wizard_id DESC LIMIT ${body.limit} OFFSET ${body.skip}) f
             JOIN customers c ON c.id = f.customer_id
             LEFT JOIN loans l ON l.id = f.loan_id`,
      order: 'f.created_at DESC, f.wizard_id DESC',
    },
    params,
  );
  // The store's and the agent's names are the copy's kept ones (decision 057).
  const names = await namesFor(deps.db, rows);
  const data: ClaimedRow[] = rows.map((r) => ({
    id: String(r.wizard_id),
    claimed_at: isoOfUtc(r.claimed_at)!,
    customer: { id: Number(r.customer_id), msisdn: String(r.msisdn), name: String(r.customer_name) },
    store: names.store(Number(r.store_id)),
    agent: names.agent(r.agent_id),
    // The standing the list filters on, kept in the same transaction as the loan it comes from.
    standing: r.loan_standing === null ? 'in_progress' : (r.loan_standing as ClaimStanding),
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
  return {
    from,
    to,
    ...('sql' in counted ? { total: total ?? 0 } : { total: counted.estimate, total_estimated: true as const }),
    limit: body.limit,
    skip: body.skip,
    data,
  };
}

/**
 * How many claims the list has. For every store and agent, a claim still in progress (or any claim) is counted from
 * the day rows, exactly; the day rows have no loan standing, so there it is the planner's estimate of the standing's
 * index range when the period's loans are `estimateTotalsFromRows` or more (decision 031's rule, decisions 039 and
 * 045). A caller limited to some stores or an agent, or a store or agent filter, counts its own claims exactly along
 * their index.
 */
async function claimsTotal(
  deps: Deps,
  q: {
    from: string;
    to: string;
    params: unknown[];
    where: string[];
    everyone: boolean;
    standing: ClaimStanding | undefined;
  },
): Promise<{ sql: string } | { estimate: number }> {
  const fromWhere = `FROM first_deposits f WHERE ${q.where.join(' AND ')}`;
  if (q.everyone && (q.standing === undefined || q.standing === 'in_progress')) {
    const statuses: FirstDepositStatus[] =
      q.standing === undefined ? ['awaiting_payment', 'paid', 'loan_created'] : ['awaiting_payment', 'paid'];
    return { sql: wizardsOfDaysSql(q.from, q.to, { statuses }) };
  }
  const threshold = deps.config.estimateTotalsFromRows ?? ESTIMATE_TOTALS_FROM_ROWS;
  // Whether the period's loans are that many decides between an estimate and a count; it is kept for as long as the
  // estimate it leads to (a minute: keptEstimate), so a page of a large period is one round trip, not two.
  const large = () =>
    keptEstimate(
      deps.db,
      `claims-large\u0000${q.from}\u0000${q.to}\u0000${threshold}`,
      async () => (await wizardsOfDays(deps.db, q.from, q.to, { statuses: ['loan_created'] })) >= threshold,
      deps.clock.now().getTime(),
    );
  if (q.everyone && (await large())) {
    const total = await listTotal(deps.db, fromWhere, q.params, deps.clock.now(), 0);
    if (total.estimated) return { estimate: total.total };
  }
  return { sql: `(SELECT count(*)::int ${fromWhere})` };
}
