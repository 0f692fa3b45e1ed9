import { z } from 'zod';
import { defaulterCategoryNames } from '../lib/defaulter-category';
import { MOBILE_MONEY_NAMES } from '../lib/mobile-money';
import { isoDay, listOf, text } from './common';
import { CALL_DESCRIPTIONS, CALL_MOODS, CALL_TYPES } from './customer-actions';

/**
 * Loans, defaulters and debt collection (issue 14, decision 015): the loans and customers lists, the three
 * defaulters lists (mine, non-performing, all), a defaulter's calls with their comments, ratings and promises to pay,
 * assigning defaulters to collectors, and the defaulters reasons report. Every list is paged, filtered and sorted
 * on the server; a bad filter is a 400 naming the field.
 */

export const COLLECTION_LIMITS = { page: 200, search: 100, remark: 500, comment: 500, bulkAssign: 200, reportDays: 366 } as const;

/** The ageing categories by name (spec section 9), in order. */
export const CATEGORY_NAMES = Object.values(defaulterCategoryNames) as [
  (typeof defaulterCategoryNames)[1],
  ...(typeof defaulterCategoryNames)[keyof typeof defaulterCategoryNames][],
];
export type CategoryName = (typeof CATEGORY_NAMES)[number];

/** What a collection call came to (a fixed list). */
export const CALL_OUTCOMES = [
  'promised_to_pay',
  'reached_refused',
  'reached_will_call_back',
  'paid_already',
  'wrong_number',
  'no_answer',
  'phone_off',
  'customer_unreachable',
] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** Why the customer says they have not paid (the defaulting reason). */
export const DEFAULT_REASONS = [
  'business_slow',
  'lost_job',
  'sickness',
  'family_emergency',
  'forgot',
  'phone_problem',
  'disputes_loan',
  'travelling',
  'other',
] as const;
export type DefaultReason = (typeof DEFAULT_REASONS)[number];

export const PROMISE_STATUSES = ['open', 'kept', 'broken', 'superseded'] as const;
export type PromiseStatus = (typeof PROMISE_STATUSES)[number];

export const LOAN_TABS = ['active', 'healthy', 'defaulted', 'all_defaulters'] as const;
export type LoanTab = (typeof LOAN_TABS)[number];

export const LOCK_TYPES = ['trustonic', 'oguard', 'rguard', 'zte', 'vivo', 'dial_code'] as const;
export const REPAYMENT_PERIODS = ['daily', 'weekly', 'monthly', 'twelve_months'] as const;

/** The server's names for the refusals of these calls. */
export const COLLECTION_REFUSALS = [
  'not_found', // 404: no such loan or call, or one in none of the caller's lists
  'not_yours', // 403: the caller holds no defaulters list role
  'not_defaulted', // 409: a loan that is not in default (nothing to collect)
  'not_a_collector', // 409: assigning to a user who cannot hold a "my defaulters" list
  'not_locked', // 409: an unlock until the promise date asked for a device that is not locked
  'no_open_promise', // 409: an unlock asked without an open promise to pay (or one whose day has passed)
  'request_open', // 409: an unlock of this loan already awaits approval
] as const;

// ---------------------------------------------------------------------------------------------------------------
// Fields

const id = (name: string) =>
  z
    .number({ error: `valid ${name} required` })
    .int(`valid ${name} required`)
    .positive(`valid ${name} required`)
    .max(Number.MAX_SAFE_INTEGER, `valid ${name} required`);

const page = {
  limit: z
    .number({ error: 'valid limit required' })
    .int('valid limit required')
    .min(1, 'valid limit required')
    .max(COLLECTION_LIMITS.page, `must be at most ${COLLECTION_LIMITS.page}`)
    .default(25),
  skip: z
    .number({ error: 'valid skip required' })
    .int('valid skip required')
    .min(0, 'valid skip required')
    .max(1_000_000, 'must be at most 1000000')
    .default(0),
};

const search = text({ error: 'valid search required' })
  .trim()
  .max(COLLECTION_LIMITS.search, `must be at most ${COLLECTION_LIMITS.search} characters`)
  .optional();

const order = z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).optional();
const category = z.enum(CATEGORY_NAMES, { error: `must be one of ${CATEGORY_NAMES.join(', ')}` }).optional();

/** A period's check: `to` not before `from` (the 400 names `to`). */
const ordered =
  <F extends string, T extends string>(from: F, to: T) =>
  (value: Partial<Record<F | T, string>>, ctx: z.RefinementCtx) => {
    const a = value[from];
    const b = value[to];
    if (a && b && a > b) ctx.addIssue({ code: 'custom', path: [to], message: `must not be before ${from}` });
  };

// ---------------------------------------------------------------------------------------------------------------
// Defaulters lists

export const DEFAULTER_SORTS = ['priority', 'days_defaulted', 'amount_due', 'last_payment', 'next_action'] as const;
export type DefaulterSort = (typeof DEFAULTER_SORTS)[number];

export const defaultersListRequest = z.object({
  category,
  region_id: id('region').optional(),
  store_id: id('store').optional(),
  agent_id: id('agent').optional(),
  /** The all list only: the defaulters assigned to this collector (`unassigned`: to nobody). */
  collector_id: z.union([id('collector'), z.literal('unassigned')], { error: 'valid collector required' }).optional(),
  /** A phone number, loan number or part of the customer's name. */
  search,
  /** priority (the default): broken promises first, then the next action date, then the most days defaulted. */
  sort: z.enum(DEFAULTER_SORTS, { error: `must be one of ${DEFAULTER_SORTS.join(', ')}` }).default('priority'),
  order,
  ...page,
});
export type DefaultersListRequest = z.input<typeof defaultersListRequest>;

const promiseSummary = z.object({
  id: z.number().int(),
  promised_on: z.string(),
  amount: z.number().int(),
  paid_since: z.number().int(),
  status: z.enum(PROMISE_STATUSES),
});
export type PromiseSummary = z.infer<typeof promiseSummary>;

export const defaulterRow = z.object({
  /** The loan's id. */
  id: z.number().int(),
  loan_number: z.string(),
  customer: z.object({ id: z.number().int(), msisdn: z.string(), name: z.string() }),
  store: z.object({ id: z.number().int(), name: z.string() }),
  region: z.object({ id: z.number().int(), name: z.string() }),
  agent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  days_defaulted: z.number().int(),
  category: z.enum(CATEGORY_NAMES),
  amount_due: z.number().int(),
  loan_balance: z.number().int(),
  last_repayment_date: z.string().nullable(),
  next_repayment_date: z.string().nullable(),
  device: z.object({ imei: z.string(), is_locked: z.boolean(), last_check_in: z.string().nullable() }),
  collector: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  last_call: z.object({ at: z.string(), outcome: z.enum(CALL_OUTCOMES), reason: z.enum(DEFAULT_REASONS).nullable() }).nullable(),
  next_action_date: z.string().nullable(),
  /** The loan's latest promise (open, or how the last one ended). */
  promise: promiseSummary.nullable(),
  /** The last promise was broken and nobody has called since: the top of the collector's list. */
  broken_promise: z.boolean(),
});
export type DefaulterRow = z.infer<typeof defaulterRow>;
export const defaultersList = listOf(defaulterRow);

// ---------------------------------------------------------------------------------------------------------------
// Assigning defaulters to collectors

export const collectorsResponse = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), username: z.string(), assigned: z.number().int() })),
});
export type Collector = z.infer<typeof collectorsResponse>['data'][number];

export const assignDefaultersRequest = z.object({
  loan_ids: z
    .array(id('loan'), { error: 'valid loans required' })
    .min(1, 'choose at least one defaulter')
    .max(COLLECTION_LIMITS.bulkAssign, `at most ${COLLECTION_LIMITS.bulkAssign} at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'each loan once'),
  /** Who works them from now on; null takes them off every collector's list. */
  collector_id: id('collector').nullable(),
});
export const assignDefaultersResponse = z.object({ assigned: z.number().int(), collector_id: z.number().int().nullable() });

// ---------------------------------------------------------------------------------------------------------------
// A defaulter's calls

export const debtCallsRequest = z.object({ loan_id: id('loan') });

const comment = z.object({ id: z.number().int(), comment: z.string(), by: z.string(), at: z.string() });
const rating = z.object({
  id: z.number().int(),
  score: z.number().int(),
  mood: z.enum(CALL_MOODS),
  comment: z.string().nullable(),
  by: z.string(),
  at: z.string(),
});

export const debtCall = z.object({
  id: z.number().int(),
  loan_id: z.number().int(),
  call_type: z.enum(CALL_TYPES),
  outcome: z.enum(CALL_OUTCOMES),
  reason: z.enum(DEFAULT_REASONS).nullable(),
  remark: z.string().nullable(),
  next_action_date: z.string().nullable(),
  days_defaulted: z.number().int(),
  amount_due: z.number().int(),
  by: z.string(),
  at: z.string(),
  promise: promiseSummary.nullable(),
  comments: z.array(comment),
  ratings: z.array(rating),
});
export type DebtCall = z.infer<typeof debtCall>;

/**
 * A device unlocked until the day the customer promised to pay (decision 020): asked for by a collector, granted
 * when a second person approves it in the business inbox. `pending`: awaiting approval; `granted`: unlocked until
 * `until` (the promise's day), re-locked by the ageing run when the promise is broken.
 */
export const promiseUnlock = z.object({
  status: z.enum(['pending', 'granted']),
  until: z.string(),
  request_id: z.number().int(),
});
export type PromiseUnlock = z.infer<typeof promiseUnlock>;

export const debtCalls = z.object({ loan: defaulterRow, calls: z.array(debtCall), unlock: promiseUnlock.nullable() });
export type DebtCalls = z.infer<typeof debtCalls>;

export const logDebtCallRequest = z
  .object({
    loan_id: id('loan'),
    call_type: z.enum(CALL_TYPES, { error: 'valid call type required' }),
    outcome: z.enum(CALL_OUTCOMES, { error: 'valid outcome required' }),
    reason: z.enum(DEFAULT_REASONS, { error: 'valid reason required' }).optional(),
    remark: text({ error: 'valid remark required' })
      .trim()
      .max(COLLECTION_LIMITS.remark, `must be at most ${COLLECTION_LIMITS.remark} characters`)
      .optional(),
    /** When to call again (the list is ordered by it). The server refuses a day before its today. */
    next_action_date: isoDay().optional(),
    /** With the outcome promised_to_pay: by which day and how much (the server refuses a day before today). */
    promise: z
      .object({
        promised_on: isoDay(),
        amount: z
          .number({ error: 'valid amount required' })
          .int('valid amount required')
          .positive('valid amount required')
          .max(100_000_000, 'must be at most 100000000'),
      })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.outcome === 'promised_to_pay' && !value.promise) {
      ctx.addIssue({ code: 'custom', path: ['promise'], message: 'a promise to pay needs its date and amount' });
    }
    if (value.outcome !== 'promised_to_pay' && value.promise) {
      ctx.addIssue({ code: 'custom', path: ['promise'], message: 'only with the outcome promised_to_pay' });
    }
  });
export type LogDebtCallRequest = z.input<typeof logDebtCallRequest>;

export const promiseUnlockRequest = z.object({
  loan_id: id('loan'),
  /** Why the device should be unlocked until the promise date (the approver reads it). */
  reason: text({ error: 'valid reason required' })
    .trim()
    .min(3, 'at least 3 characters')
    .max(COLLECTION_LIMITS.remark, `must be at most ${COLLECTION_LIMITS.remark} characters`),
});
export type PromiseUnlockRequest = z.input<typeof promiseUnlockRequest>;

export const debtCallCommentRequest = z.object({
  call_id: id('call'),
  comment: text({ error: 'valid comment required' })
    .trim()
    .min(1, 'valid comment required')
    .max(COLLECTION_LIMITS.comment, `must be at most ${COLLECTION_LIMITS.comment} characters`),
});

export const debtCallRatingRequest = z.object({
  call_id: id('call'),
  score: z.number({ error: 'valid score required' }).int('valid score required').min(1, 'from 1 to 5').max(5, 'from 1 to 5'),
  mood: z.enum(CALL_MOODS, { error: 'valid mood required' }),
  comment: text({ error: 'valid comment required' })
    .trim()
    .max(COLLECTION_LIMITS.comment, `must be at most ${COLLECTION_LIMITS.comment} characters`)
    .optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// Loans and customers

export const LOAN_SORTS = ['started_at', 'days_defaulted', 'amount_due', 'loan_balance', 'last_payment', 'next_due'] as const;

export const loansListRequest = z
  .object({
    tab: z.enum(LOAN_TABS, { error: `must be one of ${LOAN_TABS.join(', ')}` }).default('active'),
    region_id: id('region').optional(),
    store_id: id('store').optional(),
    agent_id: id('agent').optional(),
    phone_model_id: id('phone model').optional(),
    lock_type: z.enum(LOCK_TYPES, { error: `must be one of ${LOCK_TYPES.join(', ')}` }).optional(),
    repayment_period: z.enum(REPAYMENT_PERIODS, { error: `must be one of ${REPAYMENT_PERIODS.join(', ')}` }).optional(),
    category,
    search,
    started_from: isoDay().optional(),
    started_to: isoDay().optional(),
    sort: z.enum(LOAN_SORTS, { error: `must be one of ${LOAN_SORTS.join(', ')}` }).default('started_at'),
    order,
    ...page,
  })
  .superRefine(ordered('started_from', 'started_to'));
export type LoansListRequest = z.input<typeof loansListRequest>;

export const loanRow = z.object({
  id: z.number().int(),
  loan_number: z.string(),
  customer: z.object({ id: z.number().int(), msisdn: z.string(), name: z.string() }),
  store: z.object({ id: z.number().int(), name: z.string() }),
  region: z.object({ id: z.number().int(), name: z.string() }),
  agent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  phone: z.string(),
  lock_type: z.enum(LOCK_TYPES),
  repayment_period: z.enum(REPAYMENT_PERIODS),
  price: z.number().int(),
  amount_paid: z.number().int(),
  loan_balance: z.number().int(),
  amount_due: z.number().int(),
  days_defaulted: z.number().int(),
  category: z.enum(CATEGORY_NAMES),
  started_on: z.string(),
  last_repayment_date: z.string().nullable(),
  next_repayment_date: z.string().nullable(),
});
export type LoanRow = z.infer<typeof loanRow>;
export const loansList = listOf(loanRow);

export const customersListRequest = z.object({
  /** A phone number (any form, exact), a national ID or loan number, or part of the name. */
  find: search,
  ...page,
});
export const customerRow = z.object({
  id: z.number().int(),
  msisdn: z.string(),
  name: z.string(),
  national_id: z.string(),
  registered_at: z.string(),
  store: z.string().nullable(),
  loan: z
    .object({ loan_number: z.string(), status: z.string(), days_defaulted: z.number().int(), loan_balance: z.number().int() })
    .nullable(),
});
export const customersList = listOf(customerRow);

// ---------------------------------------------------------------------------------------------------------------
// The defaulters reasons report

export const reasonsReportRequest = z
  .object({ from: isoDay().optional(), to: isoDay().optional(), region_id: id('region').optional() })
  .superRefine(ordered('from', 'to'))
  .superRefine((value, ctx) => {
    if (!value.from || !value.to || value.from > value.to) return;
    const days = (Date.parse(`${value.to}T00:00:00Z`) - Date.parse(`${value.from}T00:00:00Z`)) / 86_400_000;
    if (days > COLLECTION_LIMITS.reportDays) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${COLLECTION_LIMITS.reportDays} days after from` });
    }
  });
export type ReasonsReportRequest = z.input<typeof reasonsReportRequest>;

export const reasonsReport = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(
    z.object({
      reason: z.enum([...DEFAULT_REASONS, 'not_given']),
      category: z.enum(CATEGORY_NAMES),
      region: z.object({ id: z.number().int(), name: z.string() }),
      defaulters: z.number().int(),
      amount_due: z.number().int(),
    }),
  ),
  totals: z.object({ defaulters: z.number().int(), amount_due: z.number().int() }),
});
export type ReasonsReport = z.infer<typeof reasonsReport>;

// ---------------------------------------------------------------------------------------------------------------
// First deposits across customers (decision 020)

/** Where a first deposit stands: awaiting its payment, paid (the wizard goes on), its loan created, or abandoned. */
export const FIRST_DEPOSIT_STATUSES = ['awaiting_payment', 'paid', 'loan_created', 'abandoned'] as const;
export type FirstDepositStatus = (typeof FIRST_DEPOSIT_STATUSES)[number];
/** The mobile-money providers a deposit is pushed through. */
export const DEPOSIT_PROVIDERS = ['mpesa', 'tigo_pesa', 'airtel_money', 'halopesa'] as const;
export type DepositProvider = (typeof DEPOSIT_PROVIDERS)[number];
/** The providers' brand names, the same in every language (src/lib/mobile-money.ts). */
export const DEPOSIT_PROVIDER_NAMES: Readonly<Record<DepositProvider, string>> = MOBILE_MONEY_NAMES;

/** A period of at most a year: `to` not before `from` and at most COLLECTION_LIMITS.reportDays after it. */
const period = (value: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (!value.from || !value.to || value.from > value.to) return;
  const days = (Date.parse(`${value.to}T00:00:00Z`) - Date.parse(`${value.from}T00:00:00Z`)) / 86_400_000;
  if (days > COLLECTION_LIMITS.reportDays) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${COLLECTION_LIMITS.reportDays} days after from` });
  }
};

export const firstDepositsRequest = z
  .object({
    /** The days the deposits were started (EAT), default the last 30 days. */
    from: isoDay().optional(),
    to: isoDay().optional(),
    store_id: id('store').optional(),
    agent_id: id('agent').optional(),
    provider: z.enum(DEPOSIT_PROVIDERS, { error: `must be one of ${DEPOSIT_PROVIDERS.join(', ')}` }).optional(),
    status: z.enum(FIRST_DEPOSIT_STATUSES, { error: `must be one of ${FIRST_DEPOSIT_STATUSES.join(', ')}` }).optional(),
    ...page,
  })
  .superRefine(ordered('from', 'to'))
  .superRefine(period);
export type FirstDepositsRequest = z.input<typeof firstDepositsRequest>;

export const firstDepositRow = z.object({
  /** The wizard's id. */
  id: z.string(),
  started_at: z.string(),
  paid_at: z.string().nullable(),
  customer: z.object({ id: z.number().int(), msisdn: z.string(), name: z.string() }),
  store: z.object({ id: z.number().int(), name: z.string() }),
  agent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  phone: z.string(),
  repayment_period: z.enum(REPAYMENT_PERIODS),
  amount: z.number().int(),
  /** The provider of the last push, null before any. */
  provider: z.enum(DEPOSIT_PROVIDERS).nullable(),
  receipt: z.string().nullable(),
  status: z.enum(FIRST_DEPOSIT_STATUSES),
  loan_number: z.string().nullable(),
});
export type FirstDepositRow = z.infer<typeof firstDepositRow>;
export const firstDepositsList = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  limit: z.number().int(),
  skip: z.number().int(),
  data: z.array(firstDepositRow),
});
export type FirstDepositsList = z.infer<typeof firstDepositsList>;

// ---------------------------------------------------------------------------------------------------------------
// Collections made (decision 020)

export const collectionsMadeRequest = z
  .object({
    /** EAT days, default the last 30. */
    from: isoDay().optional(),
    to: isoDay().optional(),
    collector_id: id('collector').optional(),
  })
  .superRefine(ordered('from', 'to'))
  .superRefine(period);
export type CollectionsMadeRequest = z.input<typeof collectionsMadeRequest>;

export const collectionsMade = z.object({
  from: z.string(),
  to: z.string(),
  /** By EAT day and collector: completed repayments on loans while assigned to the collector. */
  rows: z.array(
    z.object({
      day: z.string(),
      collector: z.object({ id: z.number().int(), name: z.string() }),
      payments: z.number().int(),
      loans: z.number().int(),
      amount: z.number().int(),
    }),
  ),
  totals: z.object({ payments: z.number().int(), amount: z.number().int() }),
});
export type CollectionsMade = z.infer<typeof collectionsMade>;

// ---------------------------------------------------------------------------------------------------------------
// Call ratings (decision 020)

/** Which calls a rating is of: a customer-care call (customer_call_rating) or a debt-collection call. */
export const RATING_KINDS = ['customer_care', 'debt_collection'] as const;
export type RatingKind = (typeof RATING_KINDS)[number];

export const callRatingsRequest = z
  .object({
    /** EAT days, default the last 30. */
    from: isoDay().optional(),
    to: isoDay().optional(),
    kind: z.enum(RATING_KINDS, { error: `must be one of ${RATING_KINDS.join(', ')}` }).optional(),
    mood: z.enum(CALL_MOODS, { error: `must be one of ${CALL_MOODS.join(', ')}` }).optional(),
    description: z.enum(CALL_DESCRIPTIONS, { error: `must be one of ${CALL_DESCRIPTIONS.join(', ')}` }).optional(),
    rated_by: id('staff member').optional(),
    ...page,
  })
  .superRefine(ordered('from', 'to'))
  .superRefine(period);
export type CallRatingsRequest = z.input<typeof callRatingsRequest>;

export const callRatingRow = z.object({
  /** `<kind>:<id>`: unique over both kinds. */
  id: z.string(),
  kind: z.enum(RATING_KINDS),
  at: z.string(),
  call_type: z.enum(CALL_TYPES),
  mood: z.enum(CALL_MOODS),
  /** Customer care: what the call was about; null for a collection call. */
  description: z.enum(CALL_DESCRIPTIONS).nullable(),
  /** Debt collection: the score from 1 to 5; null for a customer-care call. */
  score: z.number().int().nullable(),
  comment: z.string().nullable(),
  staff: z.object({ id: z.number().int(), name: z.string() }),
  customer: z.object({ id: z.number().int(), msisdn: z.string(), name: z.string() }),
});
export type CallRatingRow = z.infer<typeof callRatingRow>;
export const callRatingsList = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  limit: z.number().int(),
  skip: z.number().int(),
  data: z.array(callRatingRow),
});

// ---------------------------------------------------------------------------------------------------------------
// Customer conversion and claimed customers (decisions 020 and 028)

/** A period of first-deposit start days (EAT, default the last 30, at most a year), by store and agent, paged. */
const depositPeriodRequest = z
  .object({
    from: isoDay().optional(),
    to: isoDay().optional(),
    store_id: id('store').optional(),
    agent_id: id('agent').optional(),
    ...page,
  })
  .superRefine(ordered('from', 'to'))
  .superRefine(period);

export const conversionRequest = depositPeriodRequest;
export type ConversionRequest = z.input<typeof conversionRequest>;

export const conversionRow = z.object({
  /** `<store id>:<agent id or "none">`. */
  id: z.string(),
  store: z.object({ id: z.number().int(), name: z.string() }),
  agent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Customers who started a first deposit in the period at this store with this agent. */
  started: z.number().int(),
  /** Of them, those whose deposit was paid. */
  paid: z.number().int(),
  /** Of them, those whose wizard created a loan. */
  converted: z.number().int(),
  /** converted / started, from 0 to 1 (4 decimals). */
  rate: z.number(),
});
export type ConversionRow = z.infer<typeof conversionRow>;
export const conversionList = z.object({
  from: z.string(),
  to: z.string(),
  /** How many store and agent pairs (rows) there are. */
  total: z.number().int(),
  limit: z.number().int(),
  skip: z.number().int(),
  data: z.array(conversionRow),
  /** Over every row, not only this page. */
  totals: z.object({ started: z.number().int(), paid: z.number().int(), converted: z.number().int(), rate: z.number() }),
});
export type ConversionList = z.infer<typeof conversionList>;

/** A claimed customer's standing: the wizard still going, or its loan healthy, in default, closed or deactivated. */
export const CLAIM_STANDINGS = ['in_progress', 'healthy', 'defaulted', 'closed', 'deactivated'] as const;
export type ClaimStanding = (typeof CLAIM_STANDINGS)[number];

export const claimedRequest = z
  .object({
    from: isoDay().optional(),
    to: isoDay().optional(),
    store_id: id('store').optional(),
    agent_id: id('agent').optional(),
    standing: z.enum(CLAIM_STANDINGS, { error: `must be one of ${CLAIM_STANDINGS.join(', ')}` }).optional(),
    ...page,
  })
  .superRefine(ordered('from', 'to'))
  .superRefine(period);
export type ClaimedRequest = z.input<typeof claimedRequest>;

export const claimedRow = z.object({
  /** The wizard's id. */
  id: z.string(),
  claimed_at: z.string(),
  customer: z.object({ id: z.number().int(), msisdn: z.string(), name: z.string() }),
  store: z.object({ id: z.number().int(), name: z.string() }),
  agent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  standing: z.enum(CLAIM_STANDINGS),
  /** The loan the wizard created, null while it is in progress. */
  loan: z
    .object({
      loan_number: z.string(),
      days_defaulted: z.number().int(),
      category: z.enum(CATEGORY_NAMES),
      amount_due: z.number().int(),
      loan_balance: z.number().int(),
    })
    .nullable(),
});
export type ClaimedRow = z.infer<typeof claimedRow>;
export const claimedList = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  /** True when `total` is the database's estimate (a loan standing over the whole business, decision 039). */
  total_estimated: z.literal(true).optional(),
  limit: z.number().int(),
  skip: z.number().int(),
  data: z.array(claimedRow),
});
export type ClaimedList = z.infer<typeof claimedList>;

// ---------------------------------------------------------------------------------------------------------------
// Collections due (decision 028)

export const collectionsDueRequest = z.object({
  store_id: id('store').optional(),
  agent_id: id('agent').optional(),
  /** A page of the rows (head office has a row per store and agent: thousands at a million customers). */
  ...page,
});
export type CollectionsDueRequest = z.input<typeof collectionsDueRequest>;

const dueFigures = z.object({ loans: z.number().int(), amount: z.number().int() });
export const collectionsDue = z.object({
  /** EAT today, and the last day of the week (today and the 6 days after it). */
  today: z.string(),
  week_end: z.string(),
  /** When the hourly ageing run wrote the figures (decision 032); null when they were summed from the loans now. */
  checked_at: z.string().nullable(),
  /** How many rows there are, and which of them this page holds. */
  total: z.number().int(),
  limit: z.number().int(),
  skip: z.number().int(),
  /** By store and agent: installments that fall due today, and in the week; most due this week first (this page). */
  rows: z.array(
    z.object({
      store: z.object({ id: z.number().int(), name: z.string() }),
      agent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      today: dueFigures,
      week: dueFigures,
    }),
  ),
  /** Over every row, not only this page's. */
  totals: z.object({ today: dueFigures, week: dueFigures }),
});
export type CollectionsDue = z.infer<typeof collectionsDue>;
