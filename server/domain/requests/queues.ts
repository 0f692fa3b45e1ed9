import { REQUEST_LIMITS, REQUEST_QUEUES, type RequestKind, type RequestQueue } from '../../../src/contract/requests';
import type { Deps } from '../../deps';
import { addDays, daysBetween, eatDay } from '../calendar';
import { type Row, type Tx, iso } from '../shared';
import { type Payload, REQUEST_COLUMNS, REQUEST_FROM, personOf } from './record';

// ---------------------------------------------------------------------------------------------------------------
// The pending lists

function baseItem(r: Row, now: Date) {
  const payload = r.payload as Payload;
  return {
    id: r.id as number,
    status: r.status,
    reason: r.reason as string | null,
    requested_by: personOf(r, 'maker')!,
    requested_at: iso(r.submitted_at)!,
    waited_ms: Math.max(0, now.getTime() - new Date(r.submitted_at).getTime()),
    store: r.store_id === null ? null : { id: r.store_id as number, name: r.store_name as string },
    customer:
      r.customer_id === null ? null : { id: r.customer_id as number, msisdn: r.customer_msisdn as string, name: r.customer_name as string },
    before: payload.before,
    after: payload.after,
  };
}

const loanOf = (l: Row) => ({
  id: l.id as number,
  loan_number: l.loan_number as string,
  status: l.status,
  loan_balance: l.loan_balance as number,
});

/** Reads what the customer requests would change now, from the loans and devices as they are. */
async function liveItems(tx: Tx, queue: RequestQueue, rows: Row[], now: Date) {
  const today = eatDay(now);
  if (queue === 'loan_extension') {
    const loans = await tx.query<Row>(
      `SELECT l.id, l.loan_number, l.status, l.loan_balance, l.days_defaulted,
              to_char(l.next_repayment_date, 'YYYY-MM-DD') AS next_repayment_date,
              to_char(d.future_lock_date, 'YYYY-MM-DD') AS future_lock_date
         FROM loans l JOIN devices d ON d.id = l.device_id WHERE l.id = ANY($1::bigint[])`,
      [rows.map((r) => r.loan_id)],
    );
    const byId = new Map(loans.map((l) => [l.id, l]));
    return rows.map((r) => {
      const loan = byId.get(r.loan_id)!;
      const days = (r.payload as Payload).params.days_to_extend as number;
      const current = loan.next_repayment_date as string | null;
      const proposed = current === null ? null : addDays(current, days);
      const proposedDefaulted = proposed === null ? 0 : Math.max(0, daysBetween(proposed, today));
      const lock = loan.future_lock_date as string | null;
      return {
        ...baseItem(r, now),
        kind: 'loan_extension' as const,
        loan: loanOf(loan),
        days_to_extend: days,
        current_next_repayment_date: current,
        proposed_next_repayment_date: proposed,
        days_defaulted: loan.days_defaulted as number,
        proposed_days_defaulted: proposedDefaulted,
        proposed_in_past: proposed !== null && daysBetween(proposed, today) > 0,
        before: {
          loan_number: loan.loan_number,
          next_repayment_date: current,
          days_defaulted: loan.days_defaulted,
          future_lock_date: lock,
        },
        after: {
          loan_number: loan.loan_number,
          next_repayment_date: proposed,
          days_defaulted: proposedDefaulted,
          future_lock_date: lock === null ? null : addDays(lock, days),
        },
      };
    });
  }
  if (queue === 'loan_deactivation') {
    const loans = await tx.query<Row>(
      `SELECT id, customer_id, loan_number, status, loan_balance FROM loans
        WHERE id = ANY($1::bigint[]) OR (customer_id = ANY($2::bigint[]) AND status = 'active') ORDER BY id`,
      [rows.map((r) => r.loan_id).filter((id) => id !== null), rows.map((r) => r.customer_id)],
    );
    return rows.map((r) => {
      const active = loans.filter((l) => l.customer_id === r.customer_id && l.status === 'active');
      const named = loans.find((l) => l.id === r.loan_id);
      const total = active.reduce((sum, l) => sum + (l.loan_balance as number), 0);
      const numbers = active.map((l) => l.loan_number).join(', ') || null;
      return {
        ...baseItem(r, now),
        kind: 'loan_deactivation' as const,
        loan: named ? loanOf(named) : null,
        active_loans: active.map(loanOf),
        write_off_amount: total,
        before: { loans: numbers, loan_status: active.length ? 'active' : null, loan_balance: total, written_off: 0 },
        after: { loans: numbers, loan_status: active.length ? 'deactivated' : null, loan_balance: 0, written_off: total },
      };
    });
  }
  if (queue === 'imei_change') {
    const devices = await tx.query<Row>(
      'SELECT d.id, d.imei, m.name FROM devices d JOIN phone_models m ON m.id = d.phone_model_id WHERE d.id = ANY($1::bigint[])',
      [rows.map((r) => r.device_id)],
    );
    const byId = new Map(devices.map((d) => [d.id, d]));
    return rows.map((r) => {
      const device = byId.get(r.device_id)!;
      const next = (r.payload as Payload).params.new_imei as string;
      return {
        ...baseItem(r, now),
        kind: 'imei_change' as const,
        device: { id: device.id as number, name: device.name as string },
        old_imei: device.imei as string,
        new_imei: next,
        before: { device: device.name, imei: device.imei },
        after: { device: device.name, imei: next },
      };
    });
  }
  return rows.map((r) => ({ ...baseItem(r, now), kind: r.kind, summary: (r.payload as Payload).summary }));
}

interface PendingFilters {
  limit?: number;
  skip?: number;
  kind?: RequestKind;
  store_id?: number;
  requested_by?: number;
  ids?: number[];
}

export async function pendingPage(tx: Tx, queue: RequestQueue, now: Date, f: PendingFilters) {
  const kinds: readonly string[] = f.kind ? [f.kind] : REQUEST_QUEUES[queue].kinds;
  const params: unknown[] = [kinds];
  const where = ["r.status = 'submitted'", 'r.kind = ANY($1::text[])'];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replace('?', `$${params.length}`));
  };
  if (f.store_id !== undefined) add('r.store_id = ?', f.store_id);
  if (f.requested_by !== undefined) add('r.maker_id = ?', f.requested_by);
  if (f.ids !== undefined) add('r.id = ANY(?::bigint[])', f.ids);
  const limit = f.limit ?? REQUEST_LIMITS.page;
  const skip = f.skip ?? 0;
  const sql = `FROM ${REQUEST_FROM} WHERE ${where.join(' AND ')}`;
  // Every filter is on the request itself and the joins add no row (the maker always exists, the rest are outer):
  // the count reads the pending index alone.
  const [{ total }] = (await tx.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM requests r WHERE ${where.join(' AND ')}`,
    params,
  )) as [{ total: number }];
  const rows = await tx.query<Row>(`SELECT ${REQUEST_COLUMNS} ${sql} ORDER BY r.submitted_at, r.id LIMIT ${limit} OFFSET ${skip}`, params);
  return { total, limit, skip, items: rows.length ? await liveItems(tx, queue, rows, now) : [] };
}

/** One page of a queue's pending requests, oldest first, each with how long it has waited. */
export async function listPending(deps: Deps, queue: RequestQueue, body: PendingFilters & { limit: number; skip: number }) {
  const now = deps.clock.now();
  const page = await pendingPage(deps.db, queue, now, body);
  return { pending_requests: page.items as never[], total: page.total, limit: page.limit, skip: page.skip };
}
