import type { z } from 'zod';
import type { FirstDepositRow, FirstDepositsList, FirstDepositStatus, firstDepositsRequest } from '../../../src/contract/collections';
import type { Caller, Deps } from '../../deps';
import { badRequest } from '../../errors';
import { addDays, eatDay, eatDayStart } from '../calendar';
import { deviceName } from '../devices';
import { iso, type Row } from '../shared';
import { scopeOf, type Scope } from './shared';

/**
 * First deposits across customers (issue 14, decision 020): one row per first-deposit wizard, newest first, in a
 * period of start days (default the last 30), by store, agent, provider and status, paged on the server. Scoped as
 * the collection lists: a shop owner sees their stores, a region lead their region, an agent their own.
 */

/** Where a wizard stands, as SQL over `f`, in the order a row is read. */
const STATUS_SQL: Record<FirstDepositStatus, string> = {
  loan_created: 'f.loan_id IS NOT NULL',
  abandoned: 'f.abandoned_at IS NOT NULL',
  paid: 'f.deposit_paid_at IS NOT NULL AND f.loan_id IS NULL AND f.abandoned_at IS NULL',
  awaiting_payment: 'f.deposit_paid_at IS NULL AND f.loan_id IS NULL AND f.abandoned_at IS NULL',
};

function statusOf(r: Row): FirstDepositStatus {
  if (r.loan_id !== null) return 'loan_created';
  if (r.abandoned_at !== null) return 'abandoned';
  return r.deposit_paid_at !== null ? 'paid' : 'awaiting_payment';
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

/** The last push of the wizard and its payment (provider and receipt). */
const LAST_PUSH = `LEFT JOIN LATERAL (
    SELECT t.payment_method, x.receipt FROM deposit_attempts x JOIN transactions t ON t.idempotency_key = x.idempotency_key
     WHERE x.wizard_id = f.wizard_id ORDER BY x.attempt DESC LIMIT 1) p ON true`;

export async function firstDeposits(deps: Deps, caller: Caller, body: z.output<typeof firstDepositsRequest>): Promise<FirstDepositsList> {
  const today = eatDay(deps.clock.now());
  const to = body.to ?? today;
  const from = body.from ?? addDays(to, -29);
  if (from > to) throw badRequest('from', 'must not be after to');
  const params: unknown[] = [eatDayStart(from), eatDayStart(addDays(to, 1))];
  const where = ['f.created_at >= $1', 'f.created_at < $2', depositScope(await scopeOf(deps.db, caller), params)];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (body.store_id !== undefined) add('f.store_id = ?', body.store_id);
  if (body.agent_id !== undefined) add('f.agent_id = ?', body.agent_id);
  if (body.status !== undefined) where.push(STATUS_SQL[body.status]);
  if (body.provider !== undefined) add('p.payment_method = ?', body.provider);
  const push = body.provider !== undefined ? LAST_PUSH : '';
  const [{ total }] = (await deps.db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM first_deposits f ${push} WHERE ${where.join(' AND ')}`,
    params,
  )) as [{ total: number }];
  const rows = await deps.db.query<Row>(
    `SELECT f.wizard_id, f.created_at, f.deposit_paid_at, f.abandoned_at, f.loan_id, f.repayment_period, f.deposit_amount,
            c.id AS customer_id, c.msisdn, c.first_name || ' ' || c.other_names AS customer_name,
            s.id AS store_id, s.name AS store_name, a.id AS agent_id, a.full_name AS agent_name,
            m.brand, m.name AS model_name, p.payment_method, p.receipt, l.loan_number
       FROM first_deposits f
       JOIN customers c ON c.id = f.customer_id
       JOIN stores s ON s.id = f.store_id
       JOIN phone_models m ON m.id = f.phone_model_id
       LEFT JOIN agents a ON a.id = f.agent_id
       LEFT JOIN loans l ON l.id = f.loan_id
       ${LAST_PUSH}
      WHERE ${where.join(' AND ')}
      ORDER BY f.created_at DESC, f.wizard_id DESC LIMIT ${body.limit} OFFSET ${body.skip}`,
    params,
  );
  const data: FirstDepositRow[] = rows.map((r) => ({
    id: String(r.wizard_id),
    started_at: iso(r.created_at)!,
    paid_at: iso(r.deposit_paid_at),
    customer: { id: Number(r.customer_id), msisdn: String(r.msisdn), name: String(r.customer_name) },
    store: { id: Number(r.store_id), name: String(r.store_name) },
    agent: r.agent_id === null ? null : { id: Number(r.agent_id), name: String(r.agent_name) },
    phone: deviceName(String(r.brand), String(r.model_name)),
    repayment_period: r.repayment_period,
    amount: Number(r.deposit_amount),
    provider: r.payment_method === 'pos' ? null : (r.payment_method ?? null),
    receipt: r.receipt ?? null,
    status: statusOf(r),
    loan_number: r.loan_number ?? null,
  }));
  return { from, to, total, limit: body.limit, skip: body.skip, data };
}
