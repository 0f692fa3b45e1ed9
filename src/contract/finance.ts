import { z } from 'zod';
import { isoDay, text } from './common';
import { makerCheckerItem, msisdnField } from './requests';
import type { Role } from './roles';
import { reconciliationRun } from './reconciliation';

/**
 * Finance and accounting (issue 13, decision 014): the transaction search, money held in suspense (a payment whose
 * account keyed in matched no loan) and its allocation to the right loan, capital injections and deductions, the
 * chart of accounts and the statements read from the ledger. Allocations and capital changes are business
 * requests that a second person approves in the maker-checker inbox.
 */

export const FINANCE_LIMITS = {
  page: 200,
  /** The longest date range a search or a statement covers, in days. */
  rangeDays: 366,
  cashflowDays: 92,
  /** Matches counted exactly; beyond this the count says "more than". */
  countCap: 10_000,
  amountMax: 10_000_000_000,
  reference: 64,
  reason: { min: 3, max: 500 },
} as const;

/** The finance group of the side navigation: who may read the statements and the chart of accounts. */
export const FINANCE_ROLES = [
  'VIEW_SUSPENSE_TRANSACTIONS',
  'UPLOAD_RECONCILIATION_DOCUMENT',
  'ADD_CAPITAL_INJECTION',
  'DEDUCT_CAPITAL_INJECTION',
  'DEDUCT_CAPITAL',
] as const satisfies readonly Role[];
/** Either role deducts capital (spec: DEDUCT_CAPITAL_INJECTION, and the nav's DEDUCT_CAPITAL). */
export const DEDUCT_ROLES = ['DEDUCT_CAPITAL_INJECTION', 'DEDUCT_CAPITAL'] as const satisfies readonly Role[];

export const TRANSACTION_STATUSES = ['pending', 'completed', 'failed', 'suspended', 'reversed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

const page = {
  limit: z
    .number({ error: 'valid limit required' })
    .int('valid limit required')
    .min(1, 'valid limit required')
    .max(FINANCE_LIMITS.page, `must be at most ${FINANCE_LIMITS.page}`)
    .default(25),
  skip: z
    .number({ error: 'valid skip required' })
    .int('valid skip required')
    .min(0, 'valid skip required')
    .max(1_000_000, 'must be at most 1000000')
    .default(0),
};

const amount = (what = 'amount') =>
  z
    .number({ error: `valid ${what} required` })
    .int('must be a whole number of TZS')
    .positive('must be more than 0')
    .max(FINANCE_LIMITS.amountMax, `must be at most ${FINANCE_LIMITS.amountMax}`);

const shortText = (what: string, max: number) =>
  text({ error: `valid ${what} required` })
    .trim()
    .min(1, `valid ${what} required`)
    .max(max, `must be at most ${max} characters`);

const reason = text({ error: 'A reason is required' })
  .trim()
  .min(FINANCE_LIMITS.reason.min, `A reason of at least ${FINANCE_LIMITS.reason.min} characters is required`)
  .max(FINANCE_LIMITS.reason.max, `must be at most ${FINANCE_LIMITS.reason.max} characters`);

const daysApart = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** A from/to pair: to not before from, at most `max` days apart. */
function rangeChecked<T extends { from?: string; to?: string }>(value: T, ctx: z.RefinementCtx, max: number) {
  if (value.from && value.to) {
    const days = daysApart(value.from, value.to);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before the from date' });
    else if (days >= max) ctx.addIssue({ code: 'custom', path: ['to'], message: `the range must be at most ${max} days` });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The Transaction (spec section 3)

const personRef = z.object({ id: z.number().int(), msisdn: z.string(), name: z.string() });

export const transaction = z.object({
  id: z.number().int(),
  transaction_id: z.string(),
  master_transaction_id: z.string(),
  reference_no: z.string(),
  kind: z.enum(['deposit', 'repayment']),
  payment_method: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  amount: z.number().int(),
  debit: z.number().int(),
  credit: z.number().int(),
  balance_before: z.number().int().nullable(),
  balance_after: z.number().int().nullable(),
  date_processed: z.string().nullable(),
  payment_phone: z.string().nullable(),
  allocated_to: z.string().nullable(),
  business_short_code: z.string().nullable(),
  account_keyed_in: z.string().nullable(),
  customer_name: z.string().nullable(),
  /** The customer and loan the payment belongs to, when the portal knows them. */
  customer: personRef.nullable(),
  loan: z.object({ id: z.number().int(), loan_number: z.string() }).nullable(),
});
export type Transaction = z.infer<typeof transaction>;

/**
 * search/transaction: at least one criterion. A payment phone in any Tanzanian form; a date range in EAT days.
 * Newest first.
 */
export const transactionSearch = z
  .object({
    transaction_id: shortText('transaction id', 64).optional(),
    master_transaction_id: shortText('master transaction id', 64).optional(),
    reference_no: shortText('reference number', 64).optional(),
    payment_phone: msisdnField.optional(),
    amount: amount().optional(),
    status: z.enum(TRANSACTION_STATUSES, { error: 'valid status required' }).optional(),
    from: isoDay().optional(),
    to: isoDay().optional(),
    ...page,
  })
  .superRefine((v, ctx) => {
    rangeChecked(v, ctx, FINANCE_LIMITS.rangeDays);
    const { limit: _l, skip: _s, ...criteria } = v;
    if (Object.values(criteria).every((c) => c === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['transaction_id'],
        message: 'Give at least one thing to search by: a transaction id or another field',
      });
    }
  });
export type TransactionSearch = z.input<typeof transactionSearch>;

export const transactionPage = z.object({
  data: z.array(transaction),
  /** Matches, counted up to FINANCE_LIMITS.countCap; `more` when there are more than that. */
  total: z.number().int(),
  more: z.boolean(),
  limit: z.number().int(),
  skip: z.number().int(),
});
export type TransactionPage = z.infer<typeof transactionPage>;

// ---------------------------------------------------------------------------------------------------------------
// Suspense

export const suspenseRequest = z.object({
  /** Part of the account keyed in, the receipt, or the payer's phone in any form. */
  search: text({ error: 'valid search required' }).trim().max(100, 'must be at most 100 characters').optional(),
  ...page,
});
export type SuspenseRequest = z.input<typeof suspenseRequest>;

/** A pending allocation of a suspended payment: who asked to apply it to which loan. */
export const pendingAllocation = z.object({
  request_id: z.number().int(),
  loan_number: z.string(),
  requested_by: z.string(),
  requested_at: z.string(),
});

export const suspenseItem = transaction.extend({
  /** Whole days since the payment reached suspense. */
  age_days: z.number().int(),
  pending_allocation: pendingAllocation.nullable(),
});
export type SuspenseItem = z.infer<typeof suspenseItem>;

/** queue/suspense/accounts: the spec's answer key is `response`. Oldest first. */
export const suspenseQueue = z.object({
  response: z.array(suspenseItem),
  total: z.number().int(),
  /** What all suspended payments add up to (TZS). */
  total_amount: z.number().int(),
  limit: z.number().int(),
  skip: z.number().int(),
});
export type SuspenseQueue = z.infer<typeof suspenseQueue>;

export const wrongAccountRequest = z.object({
  transaction_id: shortText('transaction id', 64),
  /** A loan number or a phone number to look for the right loan by; empty: the suggestions alone. */
  search: text({ error: 'valid search required' }).trim().max(64, 'must be at most 64 characters').optional(),
});

export const loanCandidate = z.object({
  loan_id: z.number().int(),
  loan_number: z.string(),
  customer: personRef,
  loan_balance: z.number().int(),
  amount_due: z.number().int(),
  days_defaulted: z.number().int(),
  is_locked: z.boolean(),
  /** Why it is offered: the payer's own loan, an account like the one keyed in, or what was searched. */
  why: z.enum(['payer_phone', 'similar_account', 'search']),
});
export type LoanCandidate = z.infer<typeof loanCandidate>;

export const wrongAccountAnswer = z.object({ transaction: suspenseItem, candidates: z.array(loanCandidate) });
export type WrongAccountAnswer = z.infer<typeof wrongAccountAnswer>;

export const correctWrongAccount = z.object({
  transaction_id: shortText('transaction id', 64),
  loan_number: shortText('loan number', 32),
  reason,
});
export type CorrectWrongAccount = z.input<typeof correctWrongAccount>;

/** The answer (202) of a finance change: the business request awaiting a second person's approval. */
export const financeRequestSubmitted = makerCheckerItem.extend({ status: z.literal('submitted') });
export type FinanceRequestSubmitted = z.infer<typeof financeRequestSubmitted>;

// ---------------------------------------------------------------------------------------------------------------
// Capital

export const capitalChange = z.object({
  /** The capital account's code (chart of accounts). */
  account: shortText('account', 64),
  amount: amount(),
  /** The bank or wallet reference of the transfer. */
  reference: shortText('reference', FINANCE_LIMITS.reference),
  reason,
});
export type CapitalChange = z.input<typeof capitalChange>;

export const ledgerAccount = z.object({
  code: z.string(),
  account_number: z.string().nullable(),
  name: z.string(),
  category: z.enum(['asset', 'liability', 'equity', 'income', 'expense']),
  /** The balance on its normal side (TZS); for a capital account, what may be withdrawn above the minimum. */
  balance: z.number().int(),
  available_amount: z.number().int(),
  min_balance: z.number().int().nullable(),
  max_balance: z.number().int().nullable(),
  negative_allowed: z.boolean(),
  daily_withdrawal_limit: z.number().int().nullable(),
  weekly_withdrawal_limit: z.number().int().nullable(),
  monthly_withdrawal_limit: z.number().int().nullable(),
  global_name: z.string().nullable(),
  ob_number: z.string().nullable(),
  capital: z.boolean(),
});
export type LedgerAccount = z.infer<typeof ledgerAccount>;

export const chartOfAccounts = z.object({
  data: z.array(ledgerAccount),
  /** The external chart of accounts (the "Xero-type accounts link"), when set. */
  external_link: z.string().nullable(),
});
export type ChartOfAccounts = z.infer<typeof chartOfAccounts>;

// ---------------------------------------------------------------------------------------------------------------
// Statements

export const balanceSheetRequest = z.object({ at: isoDay() });
const statementLine = z.object({ code: z.string(), account_number: z.string().nullable(), name: z.string(), amount: z.number().int() });
export type StatementLine = z.infer<typeof statementLine>;

export const balanceSheet = z.object({
  at: z.string(),
  assets: z.array(statementLine),
  liabilities: z.array(statementLine),
  equity: z.array(statementLine),
  /** Income less expenses to date: equity not yet closed into an account. */
  retained_earnings: z.number().int(),
  total_assets: z.number().int(),
  total_liabilities: z.number().int(),
  total_equity: z.number().int(),
  /** total_assets = total_liabilities + total_equity (always, since every entry balances). */
  balanced: z.boolean(),
});
export type BalanceSheet = z.infer<typeof balanceSheet>;

export const periodRequest = z
  .object({ from: isoDay(), to: isoDay() })
  .superRefine((v, ctx) => rangeChecked(v, ctx, FINANCE_LIMITS.rangeDays));
export const cashflowRequest = z
  .object({ from: isoDay(), to: isoDay() })
  .superRefine((v, ctx) => rangeChecked(v, ctx, FINANCE_LIMITS.cashflowDays));

export const profitAndLoss = z.object({
  from: z.string(),
  to: z.string(),
  income: z.array(statementLine),
  expenses: z.array(statementLine),
  total_income: z.number().int(),
  total_expenses: z.number().int(),
  net_profit: z.number().int(),
});
export type ProfitAndLoss = z.infer<typeof profitAndLoss>;

export const cashflow = z.object({
  from: z.string(),
  to: z.string(),
  /** The cash accounts counted: the wallets and the bank. */
  accounts: z.array(z.string()),
  opening: z.number().int(),
  days: z.array(
    z.object({ day: z.string(), inflow: z.number().int(), outflow: z.number().int(), net: z.number().int(), closing: z.number().int() }),
  ),
  closing: z.number().int(),
});
export type Cashflow = z.infer<typeof cashflow>;

export const journalRequest = z
  .object({
    account: shortText('account', 64),
    from: isoDay().optional(),
    to: isoDay().optional(),
    ...page,
  })
  .superRefine((v, ctx) => rangeChecked(v, ctx, 100_000));

export const journalLine = z.object({
  id: z.number().int(),
  posted_at: z.string(),
  kind: z.string(),
  description: z.string(),
  /** The other account of the entry. */
  counter_account: z.string(),
  debit: z.number().int(),
  credit: z.number().int(),
  loan: z.object({ id: z.number().int(), loan_number: z.string() }).nullable(),
  customer: personRef.nullable(),
  request_id: z.number().int().nullable(),
});
export type JournalLine = z.infer<typeof journalLine>;

export const journalPage = z.object({
  account: z.string(),
  data: z.array(journalLine),
  total: z.number().int(),
  limit: z.number().int(),
  skip: z.number().int(),
});
export type JournalPage = z.infer<typeof journalPage>;

// ---------------------------------------------------------------------------------------------------------------
// The mobile-money receipts for reconciliation, and a shop's payments

export const reconciliationDepositsRequest = z
  .object({
    from: isoDay(),
    to: isoDay(),
    network: z.enum(['mpesa', 'tigo_pesa', 'airtel_money', 'halopesa'], { error: 'valid network required' }).optional(),
    ...page,
  })
  .superRefine((v, ctx) => rangeChecked(v, ctx, FINANCE_LIMITS.rangeDays));

export const reconciliationDeposits = z.object({
  data: z.array(transaction),
  total: z.number().int(),
  /** Totals over the whole range by status (TZS). */
  totals: z.object({ completed: z.number().int(), suspended: z.number().int(), pending: z.number().int(), failed: z.number().int() }),
  /** The reconciliation runs (uploaded statements) whose period overlaps the range, newest first (decision 018). */
  runs: z.array(reconciliationRun),
  limit: z.number().int(),
  skip: z.number().int(),
});

export const shopPaymentRequest = z.object({
  store_id: z.number({ error: 'valid store required' }).int('valid store required').positive('valid store required'),
  day: isoDay(),
});
export const shopPayment = z.object({
  store: z.object({ id: z.number().int(), name: z.string() }),
  day: z.string(),
  /** The deposits of the store's sales that day, as the wallets reported them. */
  payments: z.array(transaction),
  received: z.number().int(),
  /** Deposits still waiting or failed: the sale's money has not reached the business. */
  outstanding: z.number().int(),
});
export type ShopPayment = z.infer<typeof shopPayment>;
