import type { z } from 'zod';
import type { LoanSummary, confirmLockRequest } from '../../../src/contract/deposits';
import type { Caller, Deps } from '../../deps';
import type { Queryable } from '../../db/port';
import { audit } from '../../audit';
import { addDays, eatDay } from '../calendar';
import { deviceName } from '../devices';
import { post } from '../ledger';
import { type Row, iso, refuse } from '../shared';
import { contractUrl, openWizardOf, outOfOrder, planOf } from './wizard';

// --- confirm_lock_activation -----------------------------------------------------------------------------------

export async function loanSummary(db: Queryable, loanId: number): Promise<LoanSummary> {
  const [l] = await db.query<Row>(
    `SELECT l.loan_number, c.first_name, c.other_names, c.msisdn, m.brand, m.name, d.imei, d.lock_solution_type, l.repayment_period,
            l.price, l.deposit_paid, l.principal, l.installment_amount, l.installments, l.total_repayable,
            to_char(l.next_repayment_date, 'YYYY-MM-DD') AS next_repayment_date, l.contract_url, l.created_at
       FROM loans l JOIN customers c ON c.id = l.customer_id JOIN devices d ON d.id = l.device_id JOIN phone_models m ON m.id = d.phone_model_id
      WHERE l.id = $1`,
    [loanId],
  );
  return {
    loan_number: l!.loan_number,
    customer_name: `${l!.first_name} ${l!.other_names}`,
    msisdn: l!.msisdn,
    device: deviceName(l!.brand, l!.name),
    imei: l!.imei,
    lock_solution_type: l!.lock_solution_type,
    repayment_period: l!.repayment_period,
    price: l!.price,
    deposit_paid: l!.deposit_paid,
    principal: l!.principal,
    installment_amount: l!.installment_amount,
    installments: l!.installments,
    total_repayable: l!.total_repayable,
    next_repayment_date: l!.next_repayment_date,
    contract_url: l!.contract_url,
    created_at: iso(l!.created_at)!,
  };
}

/** The wizard with its handset, customer and price, for the last step. */
async function saleRow(db: Queryable, wizardId: string, lock = false): Promise<Row | undefined> {
  const [r] = await db.query<Row>(
    `SELECT f.*, f.wizard_id::text AS wizard_id, i.imei, i.status AS item_status, m.lock_solution_type, c.msisdn,
            p.rrp, p.deposit, p.daily_payment, p.installments, p.twelve_months_payment
       FROM first_deposits f
       JOIN inventory_items i ON i.id = f.inventory_item_id
       JOIN phone_models m ON m.id = f.phone_model_id
       JOIN phone_prices p ON p.id = f.phone_price_id
       JOIN customers c ON c.id = f.customer_id
      WHERE f.wizard_id = $1${lock ? ' FOR UPDATE OF f' : ''}`,
    [wizardId],
  );
  return r;
}

export async function confirmLockActivation(deps: Deps, caller: Caller, body: z.output<typeof confirmLockRequest>): Promise<LoanSummary> {
  const now = deps.clock.now();
  const w = await openWizardOf(deps.db, caller, body.wizard_id);
  if (w.loan_id) return loanSummary(deps.db, w.loan_id);
  if (!w.signed_at) throw outOfOrder('The contract is not signed yet');
  const sale = (await saleRow(deps.db, body.wizard_id))!;
  if (sale.lock_solution_type === 'vivo' && !sale.vivo_verified_at) throw outOfOrder('The vivo authorization code is not verified yet');
  // The lock provider is an outside party: enrolled before the transaction (enrolling the same IMEI again is harmless).
  await deps.adapters.lockProvider.enrol({ imei: sale.imei, lockType: sale.lock_solution_type, customerMsisdn: sale.msisdn });

  const loanId = await deps.db.transaction(async (tx) => {
    const s = (await saleRow(tx, body.wizard_id, true))!;
    if (s.loan_id) return s.loan_id as number;
    // Released while the lock was being installed: the deposit is in suspense and the handset back in stock.
    if (s.abandoned_at) throw refuse(409, 'wizard_abandoned', 'This wizard was left unfinished and released: its deposit is with finance');
    if (!s.item_held || s.item_status !== 'reserved')
      throw refuse(409, 'no_stock', 'The handset reserved for this wizard is no longer held: contact support');
    const active = await tx.query('SELECT 1 FROM loans WHERE customer_id = $1 AND status = $2', [s.customer_id, 'active']);
    if (active.length) throw refuse(409, 'not_qualified', 'The customer has an active loan already');
    const [paid] = await tx.query<Row>(
      "SELECT idempotency_key, amount, receipt FROM deposit_attempts WHERE wizard_id = $1 AND status = 'completed'",
      [body.wizard_id],
    );
    const plan = planOf(s, s.repayment_period);
    const [device] = await tx.query<{ id: number }>(
      `INSERT INTO devices (customer_id, phone_model_id, inventory_item_id, imei, lock_solution_type, lock_status, activation_status,
                            enrolled_at, last_check_in, future_lock_date, created_at)
       VALUES ($1, $2, $3, $4, $5, 'active', 'activated', $6, $6, $7, $6) RETURNING id`,
      [
        s.customer_id,
        s.phone_model_id,
        s.inventory_item_id,
        s.imei,
        s.lock_solution_type,
        now,
        addDays(eatDay(now), plan.interval_days + 3),
      ],
    );
    const [{ id }] = (await tx.query<{ id: number }>("SELECT nextval(pg_get_serial_sequence('loans', 'id'))::int8 AS id")) as [
      { id: number },
    ];
    const loanNumber = `LN${String(id).padStart(7, '0')}`;
    const url = contractUrl(s.contract_ref);
    await tx.query(
      `INSERT INTO loans (id, loan_number, customer_id, device_id, phone_price_id, store_id, agent_id, repayment_period, price, deposit_paid,
                          installment_amount, installments, interval_days, next_repayment_date, contract_ref, contract_url, started_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17)`,
      [
        id,
        loanNumber,
        s.customer_id,
        device!.id,
        s.phone_price_id,
        s.store_id,
        s.agent_id,
        s.repayment_period,
        s.rrp,
        paid!.amount,
        plan.installment_amount,
        plan.installments,
        plan.interval_days,
        addDays(eatDay(now), plan.interval_days),
        s.contract_ref,
        url,
        now,
      ],
    );
    await tx.query("UPDATE inventory_items SET status = 'sold', sold_at = $2 WHERE id = $1", [s.inventory_item_id, now]);
    await tx.query(
      'UPDATE transactions SET loan_id = $2, allocated_to = $3, balance_before = $4, balance_after = $5 WHERE idempotency_key = $1',
      [paid!.idempotency_key, id, loanNumber, plan.total_repayable, plan.total_repayable - paid!.amount],
    );
    // The customer's deposit is used: they are free for another wizard (once this loan is repaid).
    await tx.query('UPDATE first_deposits SET loan_id = $2, holds_customer = false, updated_at = $3 WHERE wizard_id = $1', [
      body.wizard_id,
      id,
      now,
    ]);

    // The sale: the deposit held for the customer and the loan's principal are the handset's price; the finance
    // charge is earned over the loan. The receivable is what the customer still owes (the loan's balance).
    const principal = s.rrp - paid!.amount;
    const owed = plan.installment_amount * plan.installments;
    const entry = { loanId: id, postedBy: caller.adminId, at: now };
    await post(tx, {
      ...entry,
      kind: 'deposit_applied',
      debit: 'customer_deposits',
      credit: 'handset_sales',
      amount: paid!.amount,
      description: `Deposit ${paid!.receipt} applied to the sale of ${loanNumber}`,
    });
    await post(tx, {
      ...entry,
      kind: 'loan_disbursed',
      debit: 'loans_receivable',
      credit: 'handset_sales',
      amount: principal,
      description: `Handset sold on credit, ${loanNumber}`,
    });
    if (owed > principal) {
      await post(tx, {
        ...entry,
        kind: 'loan_finance_charge',
        debit: 'loans_receivable',
        credit: 'deferred_finance_income',
        amount: owed - principal,
        description: `Finance charge of ${loanNumber}`,
      });
    }

    const after = { loan_number: loanNumber, imei: s.imei, price: s.rrp, deposit_paid: paid!.amount, repayment_period: s.repayment_period };
    await audit(tx, {
      actorId: caller.adminId,
      action: 'device.enrolled',
      entity: 'device',
      entityId: device!.id,
      after: { imei: s.imei, lock_solution_type: s.lock_solution_type, activation_status: 'activated' },
      at: now,
    });
    await audit(tx, {
      actorId: caller.adminId,
      action: 'loan.created',
      entity: 'loan',
      entityId: id,
      after: { ...after, ...plan, contract_url: url },
      at: now,
    });
    await audit(tx, {
      actorId: caller.adminId,
      action: 'first_deposit.completed',
      entity: 'first_deposit',
      entityId: body.wizard_id,
      after,
      at: now,
    });
    return id;
  });
  return loanSummary(deps.db, loanId);
}
