import type { z } from 'zod';
import {
  FINANCE_LIMITS,
  type reconciliationDepositsRequest,
  type shopPaymentRequest,
  type transactionSearch,
} from '../../../src/contract/finance';
import type { Deps } from '../../deps';
import { DAY_MS, eatDayStart } from '../calendar';
import { type Row, refuse } from '../shared';
import { runsOverlapping } from './reconciliation';
import { TRANSACTION_COLUMNS, TRANSACTION_JOINS, toTransaction, whereBuilder } from './shared';

/**
 * search/transaction. Every criterion is an indexed column (migration 012): the receipt (unique), master id,
 * reference, payment phone, amount or status, each with the date range; the count stops at FINANCE_LIMITS.countCap
 * so it stays cheap on a large table.
 */
export async function searchTransactions(deps: Deps, q: z.output<typeof transactionSearch>) {
  const w = whereBuilder();
  if (q.transaction_id) w.add('t.transaction_id = ?', q.transaction_id);
  if (q.master_transaction_id) w.add('t.master_transaction_id = ?', q.master_transaction_id);
  if (q.reference_no) w.add('t.reference_no = ?', q.reference_no);
  if (q.payment_phone) w.add('t.payment_phone = ?', q.payment_phone);
  if (q.amount !== undefined) w.add('t.amount = ?', q.amount);
  if (q.status) w.add('t.status = ?', q.status);
  if (q.from) w.add('t.date_processed >= ?', eatDayStart(q.from));
  if (q.to) w.add('t.date_processed < ?', new Date(eatDayStart(q.to).getTime() + DAY_MS));
  const [{ n }] = (await deps.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM transactions t${w.sql()} LIMIT ${FINANCE_LIMITS.countCap + 1}) x`,
    w.params,
  )) as [{ n: number }];
  const rows = await deps.db.query<Row>(
    `SELECT ${TRANSACTION_COLUMNS} FROM transactions t ${TRANSACTION_JOINS}${w.sql()}
      ORDER BY t.date_processed DESC NULLS LAST, t.id DESC LIMIT ${q.limit} OFFSET ${q.skip}`,
    w.params,
  );
  return {
    data: rows.map(toTransaction),
    total: Math.min(n, FINANCE_LIMITS.countCap),
    more: n > FINANCE_LIMITS.countCap,
    limit: q.limit,
    skip: q.skip,
  };
}

/** The mobile-money receipts recorded in a date range, oldest first, with totals by status over the range. */
export async function reconciliationDeposits(deps: Deps, q: z.output<typeof reconciliationDepositsRequest>) {
  const w = whereBuilder();
  w.add('t.date_processed >= ?', eatDayStart(q.from));
  w.add('t.date_processed < ?', new Date(eatDayStart(q.to).getTime() + DAY_MS));
  if (q.network) w.add('t.payment_method = ?', q.network);
  else w.add("t.payment_method <> 'pos'");
  const sums = await deps.db.query<Row>(
    `SELECT t.status, count(*)::int AS n, coalesce(sum(t.amount), 0)::bigint AS amount FROM transactions t${w.sql()} GROUP BY t.status`,
    w.params,
  );
  const totals = { completed: 0, suspended: 0, pending: 0, failed: 0 };
  let total = 0;
  for (const s of sums) {
    total += s.n;
    if (s.status in totals) totals[s.status as keyof typeof totals] = Number(s.amount);
  }
  const rows = await deps.db.query<Row>(
    `SELECT ${TRANSACTION_COLUMNS} FROM transactions t ${TRANSACTION_JOINS}${w.sql()}
      ORDER BY t.date_processed, t.id LIMIT ${q.limit} OFFSET ${q.skip}`,
    w.params,
  );
  const runs = await runsOverlapping(deps.db, q.from, q.to, q.network);
  return { data: rows.map(toTransaction), total, totals, runs, limit: q.limit, skip: q.skip };
}

/** A store's sales deposits on a day: by the loan's store, or the deposit wizard's store before the loan exists. */
export async function checkShopPayment(deps: Deps, q: z.output<typeof shopPaymentRequest>) {
  const [store] = await deps.db.query<Row>('SELECT id, name FROM stores WHERE id = $1', [q.store_id]);
  if (!store) throw refuse(404, 'not_found', 'No such store');
  const start = eatDayStart(q.day);
  const rows = await deps.db.query<Row>(
    `SELECT ${TRANSACTION_COLUMNS} FROM transactions t ${TRANSACTION_JOINS}
      WHERE t.kind = 'deposit' AND t.created_at >= $2 AND t.created_at < $3
        AND (l.store_id = $1 OR EXISTS (SELECT 1 FROM deposit_attempts a JOIN first_deposits f ON f.wizard_id = a.wizard_id
                                         WHERE a.idempotency_key = t.idempotency_key AND f.store_id = $1))
      ORDER BY t.created_at, t.id LIMIT 500`,
    [q.store_id, start, new Date(start.getTime() + DAY_MS)],
  );
  const payments = rows.map(toTransaction);
  const sum = (statuses: string[]) => payments.filter((p) => statuses.includes(p.status)).reduce((s, p) => s + p.amount, 0);
  return {
    store: { id: Number(store.id), name: store.name },
    day: q.day,
    payments,
    received: sum(['completed', 'suspended']),
    outstanding: sum(['pending', 'failed']),
  };
}
