import type { z } from 'zod';
import { DEDUCT_ROLES, FINANCE_ROLES, type LedgerAccount, type capitalChange } from '../../../src/contract/finance';
import type { Caller, Deps } from '../../deps';
import { audit } from '../../audit';
import { post } from '../ledger';
import { DAY_MS, eatDay, eatDayStart } from '../calendar';
import { type Row, type Tx, refuse } from '../shared';
import { insertRequest, type Change } from '../requests/record';
import { pendingPage } from '../requests/queues';
import { needAnyRole, tzs } from './shared';

/**
 * Capital accounting (issue 13): the chart of accounts with balances read from the ledger, and capital injections
 * and deductions as business requests a second person approves. A deduction may not take a capital account below
 * its minimum balance (or below zero where it may not go negative), nor past its withdrawal limits; the check is
 * made when asked (to refuse early) and again when approved (what counts).
 */

const NORMAL_DEBIT = new Set(['asset', 'expense']);
const EQUITY_ACCOUNT = 'paid_in_capital';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function accountOf(r: Row): LedgerAccount {
  const dr = Number(r.dr);
  const cr = Number(r.cr);
  const balance = NORMAL_DEBIT.has(r.category) ? dr - cr : cr - dr;
  const floor = r.min_balance !== null ? Number(r.min_balance) : r.negative_allowed ? null : 0;
  return {
    code: r.code,
    account_number: r.account_number,
    name: r.name,
    category: r.category,
    balance,
    available_amount: floor === null ? balance : Math.max(0, balance - floor),
    min_balance: num(r.min_balance),
    max_balance: num(r.max_balance),
    negative_allowed: r.negative_allowed,
    daily_withdrawal_limit: num(r.daily_withdrawal_limit),
    weekly_withdrawal_limit: num(r.weekly_withdrawal_limit),
    monthly_withdrawal_limit: num(r.monthly_withdrawal_limit),
    global_name: r.global_name,
    ob_number: r.ob_number,
    capital: r.capital,
  };
}

const ACCOUNT_SQL = `SELECT a.*,
    coalesce((SELECT sum(e.amount) FROM ledger_entries e WHERE e.debit_account = a.code), 0)::bigint AS dr,
    coalesce((SELECT sum(e.amount) FROM ledger_entries e WHERE e.credit_account = a.code), 0)::bigint AS cr
  FROM ledger_accounts a`;

export async function chartOfAccounts(deps: Deps, caller: Caller) {
  needAnyRole(caller, FINANCE_ROLES);
  const rows = await deps.db.query<Row>(`${ACCOUNT_SQL} ORDER BY a.account_number NULLS LAST, a.code`);
  const [link] = await deps.db.query<Row>("SELECT value FROM finance_settings WHERE key = 'external_chart_of_accounts'");
  return { data: rows.map(accountOf), external_link: link?.value ?? null };
}

async function capitalAccount(tx: Tx, code: string, lock: boolean): Promise<LedgerAccount> {
  if (lock) await tx.query('SELECT code FROM ledger_accounts WHERE code = $1 FOR UPDATE', [code]);
  const [row] = await tx.query<Row>(`${ACCOUNT_SQL} WHERE a.code = $1 AND a.capital`, [code]);
  if (!row) throw refuse(404, 'not_found', `No capital account ${code}`);
  return accountOf(row);
}

/** Deducted from the account (capital deductions) since each window's start: today, 7 days, 30 days (EAT days). */
async function deductedSince(tx: Tx, code: string, now: Date) {
  const today = eatDayStart(eatDay(now));
  const starts = [today, new Date(today.getTime() - 6 * DAY_MS), new Date(today.getTime() - 29 * DAY_MS)];
  const [r] = (await tx.query<Row>(
    `SELECT coalesce(sum(amount) FILTER (WHERE posted_at >= $2), 0)::bigint AS day,
            coalesce(sum(amount) FILTER (WHERE posted_at >= $3), 0)::bigint AS week,
            coalesce(sum(amount), 0)::bigint AS month
       FROM ledger_entries WHERE kind = 'capital_deduction' AND credit_account = $1 AND posted_at >= $4`,
    [code, starts[0], starts[1], starts[2]],
  )) as [Row];
  return { day: Number(r.day), week: Number(r.week), month: Number(r.month) };
}

/** Why a deduction of `amount` from the account is refused, or null. */
async function deductionRefusal(tx: Tx, account: LedgerAccount, amount: number, now: Date) {
  const floor = account.min_balance ?? (account.negative_allowed ? null : 0);
  if (floor !== null && account.balance - amount < floor) {
    return refuse(
      409,
      'below_minimum_balance',
      `The deduction would leave ${tzs(account.balance - amount)} in ${account.name}, below its minimum balance of ${tzs(floor)} (at most ${tzs(account.available_amount)} may be deducted)`,
    );
  }
  const done = await deductedSince(tx, account.code, now);
  const limits = [
    ['daily', account.daily_withdrawal_limit, done.day],
    ['weekly', account.weekly_withdrawal_limit, done.week],
    ['monthly', account.monthly_withdrawal_limit, done.month],
  ] as const;
  for (const [period, limit, used] of limits) {
    if (limit !== null && used + amount > limit) {
      return refuse(
        409,
        'withdrawal_limit',
        `The deduction would pass the ${period} withdrawal limit of ${account.name}: ${tzs(limit)}, of which ${tzs(used)} is used`,
      );
    }
  }
  return null;
}

function injectionRefusal(account: LedgerAccount, amount: number) {
  if (account.max_balance !== null && account.balance + amount > account.max_balance) {
    return refuse(
      409,
      'above_maximum_balance',
      `The injection would bring ${account.name} to ${tzs(account.balance + amount)}, above its maximum balance of ${tzs(account.max_balance)}`,
    );
  }
  return null;
}

type CapitalBody = z.output<typeof capitalChange>;

async function propose(deps: Deps, caller: Caller, body: CapitalBody, kind: 'capital_injection' | 'capital_deduction') {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const account = await capitalAccount(tx, body.account, false);
    const refusal =
      kind === 'capital_injection' ? injectionRefusal(account, body.amount) : await deductionRefusal(tx, account, body.amount, now);
    if (refusal) throw refusal;
    const sign = kind === 'capital_injection' ? 1 : -1;
    const id = await insertRequest(tx, {
      kind,
      subject: `capital_account:${account.code}`,
      maker: caller,
      reason: body.reason,
      payload: {
        summary: `${kind === 'capital_injection' ? 'Inject' : 'Deduct'} ${tzs(body.amount)} ${kind === 'capital_injection' ? 'into' : 'from'} ${account.name} (ref. ${body.reference})`,
        before: { account: account.name, balance: account.balance },
        after: { account: account.name, balance: account.balance + sign * body.amount },
        params: { account: account.code, amount: body.amount, reference: body.reference },
      },
      now,
      open: `A ${kind === 'capital_injection' ? 'capital injection into' : 'capital deduction from'} this account already awaits approval`,
    });
    const [item] = (await pendingPage(tx, 'maker_checker', now, { ids: [id] })).items as Row[];
    return { ...item, status: 'submitted' as const } as never;
  });
}

export const proposeInjection = (deps: Deps, caller: Caller, body: CapitalBody) => propose(deps, caller, body, 'capital_injection');

export function proposeDeduction(deps: Deps, caller: Caller, body: CapitalBody) {
  needAnyRole(caller, DEDUCT_ROLES);
  return propose(deps, caller, body, 'capital_deduction');
}

/** The approval of an injection or a deduction, in the deciding transaction. */
export async function applyCapitalChange(
  tx: Tx,
  { request, params, checker, now }: { request: Row; params: Record<string, any>; checker: Caller; now: Date },
): Promise<Change> {
  const injection = request.kind === 'capital_injection';
  const account = await capitalAccount(tx, params.account, true);
  const amount = Number(params.amount);
  const refusal = injection ? injectionRefusal(account, amount) : await deductionRefusal(tx, account, amount, now);
  if (refusal) throw refusal;
  await post(tx, {
    kind: request.kind,
    debit: injection ? account.code : EQUITY_ACCOUNT,
    credit: injection ? EQUITY_ACCOUNT : account.code,
    amount,
    description: `Capital ${injection ? 'injection into' : 'deduction from'} ${account.name}, ref. ${params.reference} (request ${request.id})`,
    requestId: request.id,
    postedBy: checker.adminId,
    at: now,
  });
  const before = { account: account.name, balance: account.balance };
  const after = { account: account.name, balance: account.balance + (injection ? amount : -amount) };
  await audit(tx, {
    actorId: checker.adminId,
    action: injection ? 'capital.injected' : 'capital.deducted',
    entity: 'ledger_account',
    entityId: account.code,
    before,
    after: {
      ...after,
      amount,
      reference: params.reference,
      request_id: request.id,
      proposed_by: request.maker_id,
      approved_by: checker.adminId,
    },
    at: now,
  });
  return { before, after };
}
