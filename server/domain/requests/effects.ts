import type { RequestKind } from '../../../src/contract/requests';
import type { Caller } from '../../deps';
import { audit } from '../../audit';
import { post } from '../ledger';
import { eatDay } from '../calendar';
import type { Row, Tx } from '../shared';
import { type Change, type Payload, onUnique, refuse } from './record';
import { imeiInUse, imeiTaken } from './customer-requests';
import { allocateSuspended, type Sms } from '../finance/suspense';
import { applyCapitalChange } from '../finance/capital';
import { applyPromiseUnlock } from '../collections/unlock';
import { applyShopOwnerLink } from '../stores/owners';

// ---------------------------------------------------------------------------------------------------------------
// Effects: what approving each kind does, inside the deciding transaction. Each answers the change as it really
// found and left it, or throws a refusal (the transaction rolls back and the request stays pending).

interface EffectContext {
  request: Row;
  params: Record<string, any>;
  checker: Caller;
  now: Date;
  /** SMS the effect wants sent once the decision commits. */
  sms: Sms[];
}

type Effect = (tx: Tx, ctx: EffectContext) => Promise<Change>;

const changed = (message: string) => refuse(409, 'changed_since_request', message);

/**
 * The admin changes also get the audit row of what they made, as when one admin could make them alone, now by
 * the approver and naming the request (and so its maker).
 */
const adminAudit = (
  tx: Tx,
  { request, checker, now }: EffectContext,
  action: string,
  entity: string,
  entityId: number,
  values: { before?: unknown; after?: unknown },
) =>
  audit(tx, {
    actorId: checker.adminId,
    action,
    entity,
    entityId,
    at: now,
    ...(values.before === undefined
      ? {}
      : { before: { ...(values.before as object), request_id: request.id, requested_by: request.maker_id } }),
    ...(values.after === undefined
      ? {}
      : { after: { ...(values.after as object), request_id: request.id, requested_by: request.maker_id } }),
  });

export const EFFECTS: Record<RequestKind, Effect> = {
  suspense_allocation: allocateSuspended,
  capital_injection: applyCapitalChange,
  capital_deduction: applyCapitalChange,
  promise_unlock: applyPromiseUnlock,
  shop_owner_link: applyShopOwnerLink,
  async loan_extension(tx, { request, params, now }) {
    const days = params.days_to_extend as number;
    const today = eatDay(now);
    const [loan] = await tx.query<Row>(
      `SELECT l.id, l.loan_number, l.status, l.device_id, l.days_defaulted, l.amount_due,
              to_char(l.next_repayment_date, 'YYYY-MM-DD') AS next_repayment_date,
              to_char(d.future_lock_date, 'YYYY-MM-DD') AS future_lock_date
         FROM loans l JOIN devices d ON d.id = l.device_id WHERE l.id = $1 FOR UPDATE OF l, d`,
      [request.loan_id],
    );
    if (!loan || loan.status !== 'active') throw refuse(409, 'no_active_loan', 'The loan is no longer active: deny the request instead');
    // days_defaulted follows the due date (today - next due, never below 0), and nothing is overdue once the due
    // date is past today, so what is due is the late fee alone. The lock date moves with the due date.
    const [after] = await tx.query<Row>(
      `UPDATE loans SET next_repayment_date = next_repayment_date + $2::int,
              days_defaulted = greatest(0, $3::date - (next_repayment_date + $2::int)),
              amount_due = CASE WHEN next_repayment_date + $2::int > $3::date THEN least(late_fee, loan_balance) ELSE amount_due END
        WHERE id = $1
        RETURNING to_char(next_repayment_date, 'YYYY-MM-DD') AS next_repayment_date, days_defaulted, amount_due`,
      [loan.id, days, today],
    );
    const [device] = await tx.query<Row>(
      `UPDATE devices SET future_lock_date = future_lock_date + $2::int WHERE id = $1
        RETURNING to_char(future_lock_date, 'YYYY-MM-DD') AS future_lock_date`,
      [loan.device_id, days],
    );
    return {
      before: {
        loan_number: loan.loan_number,
        next_repayment_date: loan.next_repayment_date,
        days_defaulted: loan.days_defaulted,
        amount_due: loan.amount_due,
        future_lock_date: loan.future_lock_date,
      },
      after: {
        loan_number: loan.loan_number,
        next_repayment_date: after!.next_repayment_date,
        days_defaulted: after!.days_defaulted,
        amount_due: after!.amount_due,
        future_lock_date: device!.future_lock_date,
      },
    };
  },

  async loan_deactivation(tx, { request, checker, now }) {
    const loans = await tx.query<Row>(
      "SELECT id, loan_number, loan_balance FROM loans WHERE customer_id = $1 AND status = 'active' ORDER BY id FOR UPDATE",
      [request.customer_id],
    );
    if (!loans.length) throw refuse(409, 'no_active_loan', 'The customer has no active loan left: deny the request instead');
    let written = 0;
    for (const loan of loans) {
      await tx.query<Row>("UPDATE loans SET status = 'deactivated', closed_at = $2, amount_due = 0 WHERE id = $1", [loan.id, now]);
      // The receivable is gone: the balance the customer still owed becomes a bad-debt expense.
      if (loan.loan_balance > 0) {
        await post(tx, {
          kind: 'loan_write_off',
          debit: 'bad_debt_expense',
          credit: 'loans_receivable',
          amount: loan.loan_balance,
          description: `Write-off of ${loan.loan_number} on deregistration (request ${request.id})`,
          loanId: loan.id,
          requestId: request.id,
          postedBy: checker.adminId,
          at: now,
        });
        written += loan.loan_balance as number;
      }
    }
    const numbers = loans.map((l) => l.loan_number).join(', ');
    return {
      before: { loans: numbers, loan_status: 'active', loan_balance: written, written_off: 0 },
      after: { loans: numbers, loan_status: 'deactivated', loan_balance: 0, written_off: written },
    };
  },

  async imei_change(tx, { request, params }) {
    const imei = params.new_imei as string;
    const [device] = await tx.query<Row>(
      'SELECT d.id, d.imei, d.inventory_item_id, m.name FROM devices d JOIN phone_models m ON m.id = d.phone_model_id WHERE d.id = $1 FOR UPDATE OF d',
      [request.device_id],
    );
    if (await imeiTaken(tx, imei, device!.id, device!.inventory_item_id)) throw imeiInUse(imei);
    await tx.query<Row>('UPDATE devices SET imei = $2 WHERE id = $1', [device!.id, imei]).catch(onUnique(imeiInUse(imei)));
    return { before: { device: device!.name, imei: device!.imei }, after: { device: device!.name, imei } };
  },

  async phone_price_update(tx, { request, params, now }) {
    const [current] = await tx.query<Row>(
      'SELECT id, effective_from FROM phone_prices WHERE phone_model_id = $1 AND effective_to IS NULL FOR UPDATE',
      [params.phone_model_id],
    );
    if (!current || current.id !== params.phone_price_id)
      throw changed('The price of this phone has changed since the request: ask for a new update');
    if (new Date(current.effective_from).getTime() >= now.getTime()) throw changed('The current price starts later than now');
    await tx.query<Row>('UPDATE phone_prices SET effective_to = $2 WHERE id = $1', [current.id, now]);
    await tx.query<Row>(
      `INSERT INTO phone_prices (phone_model_id, rrp, wholesale_price, credit_multiplier, deposit, daily_payment, installments,
                                 twelve_months_payment, effective_from, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
      [
        params.phone_model_id,
        params.rrp,
        params.wholesale_price,
        params.credit_multiplier,
        params.deposit,
        params.daily_payment,
        params.installments,
        params.twelve_months_payment,
        now,
      ],
    );
    const payload = request.payload as Payload;
    return { before: payload.before, after: payload.after };
  },

  async portal_user_create(tx, ctx) {
    const { request, params, now } = ctx;
    const [group] = await tx.query<Row>('SELECT id FROM admin_groups WHERE id = $1', [params.group_id]);
    if (!group) throw changed('The group no longer exists');
    const taken = changed('This username has been taken since the request');
    if ((await tx.query<Row>('SELECT 1 FROM admins WHERE lower(username) = lower($1)', [params.username])).length) throw taken;
    const [user] = await tx
      .query<{ id: number }>(
        // The admin chose this password: the user replaces it at their first login (issue 17).
        `INSERT INTO admins (username, full_name, email, phone, password_hash, group_id, otp_enabled, otp_channel, created_at, must_change_password)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, true) RETURNING id`,
        [
          params.username,
          params.full_name,
          params.email,
          params.phone,
          params.password_hash,
          params.group_id,
          params.otp_enabled,
          params.otp_channel,
          now,
        ],
      )
      .catch(onUnique(taken));
    if (params.agent_id) {
      // The agent gets this user now, unless another user took the agent since the request.
      const linked = await tx.query<Row>(
        'UPDATE agents SET admin_id = $1 WHERE id = $2 AND admin_id IS NULL AND store_id IS NOT NULL RETURNING id',
        [user!.id, params.agent_id],
      );
      if (!linked.length) throw changed('The agent has been given another user, or lost its store, since the request');
    }
    const payload = request.payload as Payload;
    await adminAudit(tx, ctx, 'user.created', 'admin', user!.id, { after: { ...payload.after, id: user!.id } });
    return { before: payload.before, after: { ...payload.after, user_id: user!.id } };
  },

  async group_create(tx, ctx) {
    const { request, params, now } = ctx;
    const taken = changed('A group with this name has been created since the request');
    if ((await tx.query<Row>('SELECT 1 FROM admin_groups WHERE lower(name) = lower($1)', [params.name])).length) throw taken;
    const [group] = await tx
      .query<Row>('INSERT INTO admin_groups (name, created_at) VALUES ($1, $2) RETURNING id, name', [params.name, now])
      .catch(onUnique(taken));
    await adminAudit(tx, ctx, 'group.created', 'admin_group', group!.id, { after: { id: group!.id, name: group!.name } });
    const payload = request.payload as Payload;
    return { before: payload.before, after: { ...payload.after, group_id: group!.id } };
  },

  async group_role_add(tx, ctx) {
    const { request, params, now } = ctx;
    const [group] = await tx.query<Row>('SELECT id FROM admin_groups WHERE id = $1', [params.group_id]);
    if (!group) throw changed('The group no longer exists');
    const [added] = await tx.query<Row>(
      'INSERT INTO admin_group_roles (group_id, admin_role, created_at) VALUES ($1, $2, $3) ON CONFLICT (group_id, admin_role) DO NOTHING RETURNING id',
      [params.group_id, params.admin_role, now],
    );
    if (!added) throw changed('The group already has this role');
    await adminAudit(tx, ctx, 'group_role.added', 'admin_group_role', added.id, {
      after: { id: added.id, group_id: params.group_id, admin_role: params.admin_role },
    });
    const payload = request.payload as Payload;
    return { before: payload.before, after: payload.after };
  },

  async group_role_remove(tx, ctx) {
    const { request, params } = ctx;
    const [removed] = await tx.query<Row>('DELETE FROM admin_group_roles WHERE group_id = $1 AND admin_role = $2 RETURNING id', [
      params.group_id,
      params.admin_role,
    ]);
    if (!removed) throw changed('The group no longer has this role');
    await adminAudit(tx, ctx, 'group_role.removed', 'admin_group_role', removed.id, {
      before: { id: removed.id, group_id: params.group_id, admin_role: params.admin_role },
    });
    const payload = request.payload as Payload;
    return { before: payload.before, after: payload.after };
  },
};
