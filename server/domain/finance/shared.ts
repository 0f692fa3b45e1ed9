import type { Transaction } from '../../../src/contract/finance';
import type { Caller } from '../../deps';
import { HttpError } from '../../errors';
import { type Row, iso } from '../shared';

/** A caller who holds none of `roles` is refused, naming them. */
export function needAnyRole(caller: Caller, roles: readonly string[]) {
  if (!roles.some((r) => caller.roles.includes(r))) {
    throw new HttpError(403, `This needs one of ${roles.join(', ')}`, { role: roles[0] });
  }
}

/** Columns of a transaction with its customer and loan: `FROM transactions t` + TRANSACTION_JOINS. */
export const TRANSACTION_COLUMNS = `t.id, t.transaction_id, t.master_transaction_id, t.reference_no, t.kind, t.payment_method, t.status,
  t.amount, t.debit, t.credit, t.balance_before, t.balance_after, t.date_processed, t.created_at, t.payment_phone, t.allocated_to,
  t.business_short_code, t.account_keyed_in, t.customer_name, t.customer_id, t.loan_id,
  c.msisdn AS c_msisdn, c.first_name || ' ' || c.other_names AS c_name, l.loan_number AS l_number`;
export const TRANSACTION_JOINS = 'LEFT JOIN customers c ON c.id = t.customer_id LEFT JOIN loans l ON l.id = t.loan_id';

const int = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function toTransaction(r: Row): Transaction {
  return {
    id: Number(r.id),
    transaction_id: r.transaction_id,
    master_transaction_id: r.master_transaction_id,
    reference_no: r.reference_no,
    kind: r.kind,
    payment_method: r.payment_method,
    status: r.status,
    amount: Number(r.amount),
    debit: Number(r.debit),
    credit: Number(r.credit),
    balance_before: int(r.balance_before),
    balance_after: int(r.balance_after),
    date_processed: iso(r.date_processed),
    payment_phone: r.payment_phone,
    allocated_to: r.allocated_to,
    business_short_code: r.business_short_code,
    account_keyed_in: r.account_keyed_in,
    customer_name: r.customer_name ?? r.c_name ?? null,
    customer: r.customer_id === null ? null : { id: Number(r.customer_id), msisdn: r.c_msisdn, name: r.c_name },
    loan: r.loan_id === null ? null : { id: Number(r.loan_id), loan_number: r.l_number },
  };
}

/** Builds a WHERE clause with numbered parameters. */
export function whereBuilder() {
  const params: unknown[] = [];
  const where: string[] = [];
  return {
    params,
    where,
    add(clause: string, ...values: unknown[]) {
      let sql = clause;
      for (const value of values) {
        params.push(value);
        sql = sql.replace('?', `$${params.length}`);
      }
      where.push(sql);
    },
    sql: () => (where.length ? ` WHERE ${where.join(' AND ')}` : ''),
  };
}

export const tzs = (amount: number) => `TZS ${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
