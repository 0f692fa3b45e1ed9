import type { Queryable } from './port';
import { refreshAnalyticsIn } from '../domain/analytics/refresh';
import { luhnCheckDigit } from '../../src/lib/imei';
import { formatNida } from '../../src/lib/nida';
import { addDays, eatDay, eatDayStart } from '../domain/calendar';

/**
 * A weak phone model in the demo (issue 15): the business seed spreads late loans evenly over its models, so every
 * model looks alike. Here, at the very end of the demo seed (after every other step, so no other demo row or id
 * changes), a model of its own is sold to WEAK_LOANS new customers at the main shops over the last five months, and
 * most of them pay a fraction of what fell due: its PAR 30, collection rate and vintage curves stand out on /bi.
 * Deterministic (its own generator, its own phone prefix 25573 and TAC): the same `now` gives the same rows.
 */
export const WEAK_MODEL_SKU = 'WEAK-ITEL-A18';
const WEAK_LOANS = 24;
const TAC = '35999118';
const PRICE = { rrp: 190_000, wholesale: 150_000, deposit: 30_000, daily: 800, installments: 210 };
const FIRST = ['Juma', 'Rehema', 'Hamisi', 'Zawadi', 'Baraka', 'Mwanaidi', 'Salum', 'Tatu', 'Omari', 'Neema', 'Idd', 'Asha'];
const LAST = ['Mrisho', 'Kombo', 'Mushi', 'Swai', 'Lyimo', 'Massawe', 'Shirima', 'Njau'];

/** A small linear congruential generator: enough for a handful of deterministic demo rows. */
function generator(seed: number) {
  let state = seed >>> 0;
  return (max: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % max;
  };
}

const at = (day: string, minute: number) => new Date(eatDayStart(day).getTime() + minute * 60_000).toISOString();

export async function seedWeakModel(tx: Queryable, options: { now: Date }): Promise<void> {
  const today = eatDay(options.now);
  const rand = generator(20_261_124);
  const stores = await tx.query<{ id: number; agent_id: number }>(
    `SELECT s.id, (SELECT min(g.id) FROM agents g WHERE g.store_id = s.id AND g.status = 'active') AS agent_id
       FROM stores s WHERE s.store_type = 'main_shop'
        AND EXISTS (SELECT 1 FROM agents g WHERE g.store_id = s.id AND g.status = 'active') ORDER BY s.id LIMIT 3`,
  );
  if (!stores.length) return;
  const created = at(addDays(today, -200), 9 * 60);
  const [model] = await tx.query<{ id: number }>(
    `INSERT INTO phone_models (sku, brand, name, model, storage_gb, ram_gb, lock_solution_type, created_at)
     VALUES ($1, 'itel', 'itel A18 (32 GB)', 'A18L', 32, 2, 'dial_code', $2) RETURNING id`,
    [WEAK_MODEL_SKU, created],
  );
  const [price] = await tx.query<{ id: number }>(
    `INSERT INTO phone_prices (phone_model_id, rrp, wholesale_price, credit_multiplier, deposit, daily_payment, installments,
                               twelve_months_payment, effective_from, created_at)
     VALUES ($1, $2, $3, 1.2, $4, $5, $6, $7, $8, $8) RETURNING id`,
    [model!.id, PRICE.rrp, PRICE.wholesale, PRICE.deposit, PRICE.daily, PRICE.installments, PRICE.daily * 30, created],
  );
  for (let k = 1; k <= WEAK_LOANS; k++) {
    const store = stores[k % stores.length]!;
    const elapsed = 35 + rand(120); // started 35 to 154 days ago
    const start = addDays(today, -elapsed);
    // One in six pays on time; the others paid 10% to 50% of what fell due, then stopped.
    const good = k % 6 === 0;
    const paidUnits = good ? elapsed - 1 : Math.floor((elapsed * (10 + rand(41))) / 100);
    const nextDue = addDays(start, paidUnits + 1);
    const daysDefaulted = Math.max(0, elapsed - paidUnits - 1);
    const lateFee = daysDefaulted >= 8 ? Math.min(20_000, 1000 * Math.floor(daysDefaulted / 7)) : 0;
    const amountPaid = paidUnits * PRICE.daily;
    const overdue = Math.max(0, elapsed * PRICE.daily - amountPaid);
    const sex = k % 2 ? 'M' : 'F';
    const first = FIRST[rand(FIRST.length)]!;
    const last = LAST[rand(LAST.length)]!;
    const born = `19${80 + rand(20)}-0${1 + rand(9)}-1${rand(10)}`;
    const nida = `${born.replace(/-/g, '')}${String(73_000 + k).padStart(5, '0')}${String(rand(100_000)).padStart(5, '0')}${String(k).padStart(2, '0')}`;
    const minute = 9 * 60 + rand(8 * 60);
    const startedAt = at(start, minute);
    const [customer] = await tx.query<{ id: number }>(
      `INSERT INTO customers (msisdn, first_name, other_names, sex, date_of_birth, national_id, nida_number, customer_key, store_id,
                              registered_by_agent_id, registered_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        `25573${String(1_100_000 + k * 37).padStart(7, '0')}`,
        first,
        last,
        sex,
        born,
        formatNida(nida),
        nida,
        `CKWEAKA18${String(k).padStart(3, '0')}`,
        store.id,
        store.agent_id,
        at(start, minute - 30),
      ],
    );
    const payload = `${TAC}${String(k).padStart(6, '0')}`;
    const imei = `${payload}${luhnCheckDigit(payload)}`;
    const [item] = await tx.query<{ id: number }>(
      `INSERT INTO inventory_items (phone_model_id, store_id, imei, status, received_at, sold_at) VALUES ($1, $2, $3, 'sold', $4, $5) RETURNING id`,
      [model!.id, store.id, imei, at(addDays(start, -(3 + rand(20))), 10 * 60), startedAt],
    );
    const futureLock = addDays(nextDue, 3);
    const [device] = await tx.query<{ id: number }>(
      `INSERT INTO devices (customer_id, phone_model_id, inventory_item_id, imei, lock_solution_type, activation_status, is_locked, lock_status,
                            future_lock_date, enrolled_at, last_check_in, created_at)
       VALUES ($1, $2, $3, $4, 'dial_code', 'activated', $5, 'active', $6, $7, $8, $7) RETURNING id`,
      [customer!.id, model!.id, item!.id, imei, today > futureLock, futureLock, at(start, minute - 3), at(today, 7 * 60)],
    );
    const loanNumber = `LNW${String(k).padStart(6, '0')}`;
    const lastPay = paidUnits > 0 ? addDays(start, paidUnits) : null;
    const [loan] = await tx.query<{ id: number }>(
      `INSERT INTO loans (loan_number, customer_id, device_id, phone_price_id, store_id, agent_id, repayment_period, price, deposit_paid,
                          installment_amount, installments, interval_days, amount_paid, late_fee, amount_due, days_defaulted,
                          last_repayment_date, next_repayment_date, status, started_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'daily', $7, $8, $9, $10, 1, $11, $12, $13, $14, $15, $16, 'active', $17, $17) RETURNING id`,
      [
        loanNumber,
        customer!.id,
        device!.id,
        price!.id,
        store.id,
        store.agent_id,
        PRICE.rrp,
        PRICE.deposit,
        PRICE.daily,
        PRICE.installments,
        amountPaid,
        lateFee,
        overdue + lateFee,
        daysDefaulted,
        lastPay,
        nextDue,
        startedAt,
      ],
    );
    // The deposit on the day, then the paid installments in two lumps (half way, and on the last day they cover).
    const payments: Array<[kind: string, day: string, amount: number, minute: number]> = [['deposit', start, PRICE.deposit, minute - 10]];
    if (paidUnits > 0) {
      const half = Math.floor(paidUnits / 2);
      if (half > 0) payments.push(['repayment', addDays(start, half), half * PRICE.daily, 12 * 60]);
      payments.push(['repayment', addDays(start, paidUnits), (paidUnits - half) * PRICE.daily, 17 * 60]);
    }
    let n = 0;
    for (const [kind, day, amount, m] of payments) {
      const ref = `WK${String(k).padStart(3, '0')}${String(++n).padStart(2, '0')}${day.replace(/-/g, '')}`;
      await tx.query(
        `INSERT INTO transactions (transaction_id, master_transaction_id, reference_no, kind, payment_method, status, amount, credit,
                                   account_keyed_in, allocated_to, customer_id, loan_id, date_processed, created_at)
         VALUES ($1, $2, $3, $4, 'mpesa', 'completed', $5, $5, $6, $7, $8, $9, $10, $10)`,
        [
          ref,
          `MTW${ref}`,
          `${loanNumber}-${kind === 'deposit' ? 'D' : 'R'}${n}`,
          kind,
          amount,
          loanNumber,
          loanNumber,
          customer!.id,
          loan!.id,
          at(day, m),
        ],
      );
    }
  }
  // Today's snapshot and the cohorts again, now with the weak model's loans.
  await refreshAnalyticsIn(tx, options.now, { history: false });
}
