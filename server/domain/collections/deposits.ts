import type { z } from 'zod';
import type { FirstDepositRow, FirstDepositsList, FirstDepositStatus, firstDepositsRequest } from '../../../src/contract/collections';
import type { Caller, Deps } from '../../deps';
import { badRequest } from '../../errors';
import { pageInOrder } from '../../db/page';
import { addDays, eatDay } from '../calendar';
import { NAMES_VERSION, namesFor } from '../names';
import { isoOfUtc, utcSql, type Row } from '../shared';
import { periodSql, wizardsOfDaysSql } from './deposit-days';
import { scopeOf, type Scope } from './shared';

/**
 * First deposits across customers (issue 14, decision 020): one row per first-deposit wizard, newest first, in a
 * period of start days (default the last 30), by store, agent, provider and status, paged on the server. Scoped as
 * the collection lists: a shop owner sees their stores, a region lead their region, an agent their own.
 */

/**
 * Where a wizard stands, as SQL over `f`: migration 030's function, which its indexes of the status (alone and after
 * the provider, newest first) are built on, so a filter by a rare status reads only its own wizards.
 */
const statusSql = (status: FirstDepositStatus) => `first_deposit_status(f.loan_id, f.abandoned_at, f.deposit_paid_at) = '${status}'`;

function statusOf(r: Row): FirstDepositStatus {
  if (r.loan_id !== null) return 'loan_created';
  if (r.abandoned === true) return 'abandoned';
  return r.paid_at !== null ? 'paid' : 'awaiting_payment';
}

export function depositScope(scope: Scope, params: unknown[]): string {
  if (scope.kind === 'all') return 'true';
  if (scope.kind === 'stores') {
    params.push(scope.storeIds);
    return `f.store_id = ANY($${params.length}::bigint[])`;
  }
  params.push(scope.agentId);
  return `f.agent_id = $${params.length}`;
}

export async function firstDeposits(deps: Deps, caller: Caller, body: z.output<typeof firstDepositsRequest>): Promise<FirstDepositsList> {
  const today = eatDay(deps.clock.now());
  const to = body.to ?? today;
  const from = body.from ?? addDays(to, -29);
  if (from > to) throw badRequest('from', 'must not be after to');
  const scope = await scopeOf(deps.db, caller);
  const params: unknown[] = [];
  const where = [periodSql('f.created_at', from, to), depositScope(scope, params)];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (body.store_id !== undefined) add('f.store_id = ?', body.store_id);
  if (body.agent_id !== undefined) add('f.agent_id = ?', body.agent_id);
  if (body.status !== undefined) where.push(statusSql(body.status));
  if (body.provider !== undefined) where.push(`f.provider = '${body.provider}'`);
  // Every store and agent: the day rows hold the count. A narrower caller or filter counts its own range by index.
  const total =
    scope.kind === 'all' && body.store_id === undefined && body.agent_id === undefined
      ? wizardsOfDaysSql(from, to, { provider: body.provider, statuses: body.status && [body.status] })
      : `(SELECT count(*)::int FROM first_deposits f WHERE ${where.join(' AND ')})`;
  // The total and the page in one round trip, in the page's own order (decision 092).
  const { rows, total: pageTotal } = await pageInOrder<Row>(
    deps.db,
    {
      total,
      columns: `f.wizard_id, ${utcSql('f.created_at')} AS started_at, ${utcSql('f.deposit_paid_at')} AS paid_at,
                f.abandoned_at IS NOT NULL AS abandoned, f.loan_id, f.repayment_period, f.deposit_amount, f.provider,
                c.id AS customer_id, c.msisdn, c.first_name || ' ' || c.other_names AS customer_name, f.store_id, f.agent_id,
                f.phone_model_id, f.receipt, (SELECT l.loan_number FROM loans l WHERE l.id = f.loan_id) AS loan_number, ${NAMES_VERSION}`,
      from: `(SELECT f.* FROM first_deposits f WHERE ${where.join(' AND ')}
               ORDER BY f.created_at DESC, f.wizard_id DESC LIMIT ${body.limit} OFFSET ${body.skip}) f
             JOIN customers c ON c.id = f.customer_id`,
      order: 'f.created_at DESC, f.wizard_id DESC',
    },
    params,
  );
  // The store's, the agent's and the phone's names are the copy's kept ones (decision 057).
  const names = await namesFor(deps.db, rows);
  const data: FirstDepositRow[] = rows.map((r) => ({
    id: String(r.wizard_id),
    started_at: isoOfUtc(r.started_at)!,
    paid_at: isoOfUtc(r.paid_at),
    customer: { id: Number(r.customer_id), msisdn: String(r.msisdn), name: String(r.customer_name) },
    store: names.store(Number(r.store_id)),
    agent: names.agent(r.agent_id),
    phone: names.phone(Number(r.phone_model_id)),
    repayment_period: r.repayment_period,
    amount: Number(r.deposit_amount),
    provider: r.provider === 'pos' ? null : (r.provider ?? null),
    receipt: r.receipt ?? null,
    status: statusOf(r),
    loan_number: r.loan_number ?? null,
  }));
  return { from, to, total: pageTotal ?? 0, limit: body.limit, skip: body.skip, data };
}
