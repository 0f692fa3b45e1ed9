import type { Queryable } from './port';
import type { RepaymentPeriod } from '../../src/contract/deposits';
import { recordPush } from '../domain/deposits/payment-push';
import type { Row } from '../domain/shared';
import { CALL_OUTCOMES, DEFAULT_REASONS } from '../../src/contract/collections';

/**
 * Demo debt collection (issue 14): every eighth defaulter assigned to the demo collector, calls logged on a third of
 * the defaulters over the last ten days with their reasons, and promises to pay: some still open, some kept (on loans
 * repaid since the call), some broken (the customer back at the top of the collector's list). Deterministic: it
 * follows the loans' order, which follows the business seed.
 */

const DAY_MS = 86_400_000;
const EAT_MS = 3 * 3_600_000;
const eatDay = (at: Date) => new Date(at.getTime() + EAT_MS).toISOString().slice(0, 10);
const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export async function seedCollections(
  db: Queryable,
  options: { now: Date },
): Promise<{ assigned: number; calls: number; promises: number }> {
  const { now } = options;
  const today = eatDay(now);
  const [collector] = await db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'collector'");
  const [manager] = await db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'admin'");
  if (!collector || !manager) return { assigned: 0, calls: 0, promises: 0 };
  const loans = await db.query<{
    id: number;
    customer_id: number;
    days_defaulted: number;
    amount_due: number;
    amount_paid: number;
    installment_amount: number;
    last_paid: string | null;
  }>(
    `SELECT id, customer_id, days_defaulted, amount_due, amount_paid, installment_amount, to_char(last_repayment_date, 'YYYY-MM-DD') AS last_paid
       FROM loans WHERE status = 'active' AND days_defaulted > 0 ORDER BY id`,
  );
  let assigned = 0;
  let calls = 0;
  let promises = 0;
  for (const [i, loan] of loans.entries()) {
    const mine = i % 8 === 0;
    const called = i % 3 === 0 || (mine && i % 16 === 0);
    if (!mine && !called) continue;
    const caller = mine ? collector.id : manager.id;
    let lastCall: { id: number; at: Date; outcome: string; reason: string | null; next: string | null } | null = null;
    let broken: Date | null = null;
    if (called) {
      const daysAgo = 1 + (i % 10);
      const at = new Date(now.getTime() - daysAgo * DAY_MS - (i % 7) * 3_600_000);
      const outcome = i % 2 === 0 ? 'promised_to_pay' : CALL_OUTCOMES[1 + (i % (CALL_OUTCOMES.length - 1))]!;
      const reachable = !['wrong_number', 'no_answer', 'phone_off', 'customer_unreachable'].includes(outcome);
      const reason = reachable ? DEFAULT_REASONS[i % DEFAULT_REASONS.length]! : null;
      const callDay = eatDay(at);
      let next: string | null = plusDays(callDay, 2 + (i % 4));
      const [call] = (await db.query<{ id: number }>(
        `INSERT INTO debt_collection_calls (loan_id, customer_id, call_type, outcome, reason, remark, next_action_date, days_defaulted, amount_due,
                                            called_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [
          loan.id,
          loan.customer_id,
          i % 5 === 0 ? 'incoming' : 'outgoing',
          outcome,
          reason,
          reachable ? 'Spoke with the customer about the arrears' : null,
          next,
          Math.max(0, Number(loan.days_defaulted) - daysAgo),
          Number(loan.amount_due),
          caller,
          at,
        ],
      )) as [{ id: number }];
      calls++;
      if (outcome === 'promised_to_pay') {
        const amount = Number(loan.installment_amount) * (2 + (i % 5));
        const repaidSince = loan.last_paid !== null && loan.last_paid >= callDay;
        // Kept: repaid since the call. Otherwise open (its day still ahead) or broken (its day has passed).
        const state = repaidSince ? 'kept' : i % 4 === 0 ? 'open' : 'broken';
        const promisedOn = state === 'open' ? plusDays(today, 1 + (i % 5)) : plusDays(callDay, 1 + (i % 2));
        const resolved =
          state === 'open' ? null : state === 'kept' ? at : new Date(Date.parse(`${plusDays(promisedOn, 1)}T00:00:00Z`) - EAT_MS);
        await db.query(
          `INSERT INTO payment_promises (loan_id, call_id, promised_on, amount, paid_before, paid_since, status, resolved_at, created_by, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
            loan.id,
            call.id,
            promisedOn,
            amount,
            Math.max(0, Number(loan.amount_paid) - (state === 'kept' ? amount : 0)),
            state === 'kept' ? amount : 0,
            state,
            resolved && resolved > now ? now : resolved,
            caller,
            at,
          ],
        );
        promises++;
        if (state === 'open') next = plusDays(promisedOn, 1);
        if (state === 'broken') {
          broken = resolved && resolved > now ? now : resolved;
          next = today;
        }
      }
      lastCall = { id: call.id, at, outcome, reason, next };
    }
    await db.query(
      `INSERT INTO collection_cases (loan_id, collector_id, assigned_by, assigned_at, last_call_id, last_call_at, last_outcome, last_reason,
                                     next_action_date, broken_promise_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        loan.id,
        mine ? collector.id : null,
        mine ? manager.id : null,
        mine ? new Date(now.getTime() - 12 * DAY_MS) : null,
        lastCall?.id ?? null,
        lastCall?.at ?? null,
        lastCall?.outcome ?? null,
        lastCall?.reason ?? null,
        lastCall?.next ?? null,
        broken,
        now,
      ],
    );
    if (mine) assigned++;
  }
  return { assigned, calls, promises };
}

/**
 * A defaulter the demo collector can ask to unlock (decision 020, the unlock step of the collections journey): the
 * first of the collector's defaulters whose device is locked and who has no open promise gets a call today with a
 * promise to pay in three days. Run after the rest of the demo seed, so nothing else moves; returns the loan's id.
 */
export async function seedPromiseUnlockDemo(db: Queryable, options: { now: Date }): Promise<number | null> {
  const { now } = options;
  const today = eatDay(now);
  const [loan] = await db.query<{
    id: number;
    customer_id: number;
    collector_id: number;
    days_defaulted: number;
    amount_due: number;
    amount_paid: number;
    installment_amount: number;
  }>(
    `SELECT l.id, l.customer_id, k.collector_id, l.days_defaulted, l.amount_due, l.amount_paid, l.installment_amount
       FROM collection_cases k
       JOIN admins a ON a.id = k.collector_id AND a.username = 'collector'
       JOIN loans l ON l.id = k.loan_id
       JOIN devices d ON d.id = l.device_id
      WHERE l.status = 'active' AND l.days_defaulted >= 4 AND d.is_locked AND d.status = 'active'
        AND NOT EXISTS (SELECT 1 FROM payment_promises p WHERE p.loan_id = l.id AND p.status = 'open')
      ORDER BY l.id LIMIT 1`,
  );
  if (!loan) return null;
  const at = new Date(now.getTime() - 2 * 3_600_000);
  const promisedOn = plusDays(today, 3);
  const [call] = (await db.query<{ id: number }>(
    `INSERT INTO debt_collection_calls (loan_id, customer_id, call_type, outcome, reason, remark, next_action_date, days_defaulted, amount_due,
                                        called_by, created_at)
     VALUES ($1, $2, 'outgoing', 'promised_to_pay', 'phone_problem', 'Will pay from the shop once the phone works again', $3, $4, $5, $6, $7)
     RETURNING id`,
    [loan.id, loan.customer_id, plusDays(promisedOn, 1), loan.days_defaulted, loan.amount_due, loan.collector_id, at],
  )) as [{ id: number }];
  await db.query(
    `INSERT INTO payment_promises (loan_id, call_id, promised_on, amount, paid_before, paid_since, status, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, 0, 'open', $6, $7)`,
    [loan.id, call.id, promisedOn, Number(loan.installment_amount) * 3, loan.amount_paid, loan.collector_id, at],
  );
  await db.query(
    `UPDATE collection_cases SET last_call_id = $2, last_call_at = $3, last_outcome = 'promised_to_pay', last_reason = 'phone_problem',
                                 next_action_date = $4, broken_promise_at = NULL, updated_at = $3
      WHERE loan_id = $1`,
    [loan.id, call.id, at, plusDays(promisedOn, 1)],
  );
  return Number(loan.id);
}

/**
 * Demo first deposits (decision 028), so the deposits, customer conversion and claimed customers lists have rows: the
 * wizard that created each loan started in the last 90 days (run by the loan's agent at its store, 40 minutes before
 * the loan), and for every fifth customer without a loan who registered in that time a wizard left unpaid and
 * abandoned. Made in SQL after the rest of the demo seed, so nothing else moves; returns how many it made.
 */
export async function seedDemoFirstDeposits(db: Queryable, options: { now: Date }): Promise<number> {
  const { now } = options;
  const since = new Date(now.getTime() - 90 * DAY_MS);
  const made = await db.query<{ n: number }>(
    `WITH agent AS (SELECT id FROM admins WHERE username = 'agent'),
     converted AS (
       INSERT INTO first_deposits (wizard_id, agent_admin_id, agent_id, store_id, customer_id, phone_price_id, phone_model_id,
                                   inventory_item_id, item_held, repayment_period, deposit_amount, deposit_paid_at, otp_verified_at,
                                   identity_method, identity_verified_at, contract_ref, terms_version, signed_by, signed_at, loan_id,
                                   created_at, updated_at)
       SELECT md5('demo-wizard-loan-' || l.id)::uuid, (SELECT id FROM agent), l.agent_id, l.store_id, l.customer_id, l.phone_price_id,
              p.phone_model_id, d.inventory_item_id, true, l.repayment_period, l.deposit_paid,
              l.started_at - interval '35 minutes', l.started_at - interval '32 minutes', 'fingerprint', l.started_at - interval '30 minutes',
              'demo' || lpad(l.id::text, 28, '0'), '2025-01', c.first_name || ' ' || c.other_names, l.started_at - interval '25 minutes',
              l.id, l.started_at - interval '40 minutes', l.started_at
         FROM loans l
         JOIN devices d ON d.id = l.device_id
         JOIN phone_prices p ON p.id = l.phone_price_id
         JOIN customers c ON c.id = l.customer_id
        WHERE l.started_at >= $1 AND l.deposit_paid > 0 AND d.inventory_item_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM first_deposits f WHERE f.loan_id = l.id OR (f.item_held AND f.inventory_item_id = d.inventory_item_id))
       RETURNING 1),
     abandoned AS (
       INSERT INTO first_deposits (wizard_id, agent_admin_id, agent_id, store_id, customer_id, phone_price_id, phone_model_id,
                                   repayment_period, deposit_amount, abandoned_at, created_at, updated_at)
       SELECT md5('demo-wizard-left-' || c.id)::uuid, (SELECT id FROM agent), c.registered_by_agent_id, c.store_id, c.id, p.id,
              p.phone_model_id, 'daily', p.deposit, c.registered_at + interval '2 days', c.registered_at + interval '1 hour',
              c.registered_at + interval '2 days'
         FROM customers c
         JOIN LATERAL (SELECT x.id, x.phone_model_id, x.deposit FROM phone_prices x WHERE x.effective_to IS NULL
                        ORDER BY x.id OFFSET (c.id % 5) LIMIT 1) p ON true
        WHERE c.registered_at >= $1 AND c.registered_at + interval '2 days' <= $2 AND c.id % 5 = 0 AND c.store_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM loans l WHERE l.customer_id = c.id)
          AND NOT EXISTS (SELECT 1 FROM first_deposits f WHERE f.customer_id = c.id)
       RETURNING 1)
     SELECT (SELECT count(*) FROM converted)::int + (SELECT count(*) FROM abandoned)::int AS n`,
    [since, now],
  );
  await seedDemoPushes(db);
  return Number(made[0]?.n ?? 0);
}

/**
 * Demo call ratings, so the call ratings list has rows as a running business does (the scale seed's shares): customer
 * care rated one call of about one customer in twenty over the last 60 days (the call centre's), and half of the debt
 * collection calls were rated half an hour after the call (by the manager). Derived from the ids, so the same seed
 * gives the same ratings; returns how many it made.
 */
export async function seedDemoCallRatings(db: Queryable, options: { now: Date }): Promise<number> {
  const made = await db.query<{ n: number }>(
    `WITH care AS (
       INSERT INTO call_ratings (customer_id, call_type, mood, description, comment, rated_by, created_at)
       SELECT c.id, CASE WHEN c.id % 3 = 0 THEN 'outgoing' ELSE 'incoming' END,
              (ARRAY['angry', 'disappointed', 'happy', 'neutral', 'sad'])[1 + c.id % 5],
              (ARRAY['inquiry', 'lost_phone', 'misinformed_by_agent', 'other', 'phone_unlock', 'repair', 'wants_to_return_phone',
                     'payment_to_wrong_account'])[1 + (c.id / 20) % 8],
              CASE WHEN c.id % 4 = 0 THEN 'Called about the balance' END, (SELECT id FROM admins WHERE username = 'callcentre'),
              greatest(c.registered_at, $1::timestamptz - interval '1 minute' * (60 + (c.id * 7919) % (60 * 24 * 60)))
         FROM customers c
        WHERE c.id % 20 = 3 AND c.registered_at < $1 AND NOT EXISTS (SELECT 1 FROM call_ratings r WHERE r.customer_id = c.id)
       RETURNING 1),
     collection AS (
       INSERT INTO debt_collection_call_ratings (call_id, score, mood, comment, rated_by, created_at)
       SELECT k.id, 1 + k.id % 5, (ARRAY['angry', 'disappointed', 'happy', 'neutral', 'sad'])[1 + k.id % 5], NULL,
              (SELECT id FROM admins WHERE username = 'admin'), least($1::timestamptz, k.created_at + interval '30 minutes')
         FROM debt_collection_calls k
        WHERE k.id % 2 = 0 AND NOT EXISTS (SELECT 1 FROM debt_collection_call_ratings g WHERE g.call_id = k.id)
       RETURNING 1)
     SELECT (SELECT count(*) FROM care)::int + (SELECT count(*) FROM collection)::int AS n`,
    [options.now],
  );
  return Number(made[0]?.n ?? 0);
}

/** Why the demo's given-up pushes failed, in turn. */
const PUSH_FAILURES = ['cancelled', 'insufficient_funds', 'timeout'] as const;

/**
 * The pushes of the demo wizards, as the wizard leaves them (server/domain/deposits): a wizard whose deposit was paid
 * from a wallet was paid by its first push, whose transaction is the loan's deposit (keyed by the push, its receipt
 * the provider's); one paid at a POS was no push. Every other abandoned wizard pushed once and the push failed (its
 * transaction failed, nothing posted). Migration 030's trigger then gives each wizard its provider, so the first
 * deposits list shows the receipt and filters by provider as it does for wizards run in the portal.
 */
async function seedDemoPushes(db: Queryable): Promise<void> {
  const alone = 'NOT EXISTS (SELECT 1 FROM deposit_attempts a WHERE a.wizard_id = f.wizard_id)';
  await db.query(
    `UPDATE transactions t SET idempotency_key = f.wizard_id::text || ':1'
       FROM first_deposits f
      WHERE t.loan_id = f.loan_id AND t.kind = 'deposit' AND t.status = 'completed' AND t.payment_method <> 'pos'
        AND t.idempotency_key IS NULL AND f.wizard_id = md5('demo-wizard-loan-' || f.loan_id)::uuid AND ${alone}`,
  );
  await db.query(
    `INSERT INTO deposit_attempts (wizard_id, attempt, idempotency_key, payment_msisdn, amount, status, receipt, settled_by,
                                   requested_by, requested_at, push_accepted_at, completed_at, callbacks)
     SELECT f.wizard_id, 1, t.idempotency_key, coalesce(t.payment_phone, c.msisdn), f.deposit_amount, 'completed', t.transaction_id,
            'callback', f.agent_admin_id, f.deposit_paid_at - interval '2 minutes', f.deposit_paid_at - interval '118 seconds',
            f.deposit_paid_at, 1
       FROM first_deposits f
       JOIN transactions t ON t.idempotency_key = f.wizard_id::text || ':1'
       JOIN customers c ON c.id = f.customer_id
      WHERE ${alone}`,
  );
  const given = await db.query<Row>(
    `SELECT f.wizard_id::text AS wizard_id, f.agent_admin_id, f.repayment_period, f.created_at, c.id AS customer_id, c.msisdn,
            c.first_name, c.other_names, s.biller_number, p.deposit, p.daily_payment, p.installments, p.twelve_months_payment
       FROM first_deposits f
       JOIN customers c ON c.id = f.customer_id
       JOIN phone_prices p ON p.id = f.phone_price_id
       LEFT JOIN stores s ON s.id = f.store_id
      WHERE f.abandoned_at IS NOT NULL AND f.deposit_paid_at IS NULL AND f.wizard_id = md5('demo-wizard-left-' || f.customer_id)::uuid
        AND c.id % 10 = 0 AND ${alone}
      ORDER BY f.created_at`,
  );
  for (const [i, w] of given.entries()) {
    const requestedAt = new Date(new Date(w.created_at as string).getTime() + 10 * 60_000);
    // Pushed as the wizard pushes, then failed as the provider's answer leaves it (nothing posted).
    const push = await recordPush(db, {
      wizardId: w.wizard_id as string,
      attempt: 1,
      payer: w.msisdn as string,
      price: w,
      period: w.repayment_period as RepaymentPeriod,
      customer: {
        id: w.customer_id as number,
        msisdn: w.msisdn as string,
        first_name: w.first_name as string,
        other_names: w.other_names as string,
      },
      billerNumber: (w.biller_number ?? null) as string | null,
      requestedBy: w.agent_admin_id as number,
      at: requestedAt,
    });
    const failure = PUSH_FAILURES[i % PUSH_FAILURES.length]!;
    const byStatusQuery = failure === 'timeout';
    await db.query(
      `UPDATE deposit_attempts SET status = 'failed', failure = $2, settled_by = $3, push_accepted_at = $4, completed_at = $5, callbacks = $6
        WHERE idempotency_key = $1`,
      [
        push.idempotency_key,
        failure,
        byStatusQuery ? 'status_query' : 'callback',
        new Date(requestedAt.getTime() + 2_000),
        new Date(requestedAt.getTime() + 90_000),
        byStatusQuery ? 0 : 1,
      ],
    );
    await db.query("UPDATE transactions SET status = 'failed' WHERE idempotency_key = $1", [push.idempotency_key]);
  }
}
