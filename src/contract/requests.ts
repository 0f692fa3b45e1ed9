import { z } from 'zod';
import type { Role } from './roles';
import { parseMsisdn } from '../lib/msisdn';
import { parseImei } from '../lib/imei';
import { isoDay, text } from './common';

/**
 * Requests that a second person decides (maker-checker): the three customer requests of the loans screens
 * (loan extension, loan deactivation or "deregistration", IMEI change) and the generic kinds of the two
 * maker-checker inboxes (business operations, portal changes). One lifecycle for all of them, named here once:
 * submitted, then approved or denied, exactly once, by someone other than the maker.
 */

export const CUSTOMER_REQUEST_KINDS = ['loan_extension', 'loan_deactivation', 'imei_change'] as const;
/** Business operations decided in `pending/maker/checker/requests`. Later operations add their kind here. */
export const BUSINESS_REQUEST_KINDS = [
  'phone_price_update',
  'suspense_allocation',
  'capital_injection',
  'capital_deduction',
  'promise_unlock',
  'shop_owner_link',
] as const;
/**
 * Portal changes decided in `pending/maker/checker/requests/portal`: every admin change (issue 11) is one of these,
 * made by one admin and applied only when a second one approves it.
 */
export const PORTAL_REQUEST_KINDS = ['portal_user_create', 'group_create', 'group_role_add', 'group_role_remove'] as const;
export const REQUEST_KINDS = [...CUSTOMER_REQUEST_KINDS, ...BUSINESS_REQUEST_KINDS, ...PORTAL_REQUEST_KINDS] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const REQUEST_STATUSES = ['submitted', 'approved', 'denied'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** The request lifecycle: from each status, the statuses a decision may lead to. */
export const REQUEST_LIFECYCLE: Readonly<Record<RequestStatus, readonly RequestStatus[]>> = {
  submitted: ['approved', 'denied'],
  approved: [],
  denied: [],
};

export const DECISIONS = ['approve', 'deny'] as const;
export type Decision = (typeof DECISIONS)[number];

export interface QueueRules {
  readonly kinds: readonly RequestKind[];
  /** Lists the queue, and is needed to reach its decide call at all. */
  readonly view: Role;
  readonly approve: Role;
  readonly deny: Role;
}

/**
 * Who lists and who decides each queue.
 * - The spec has no DENY_DEREGISTRATION: whoever may approve a deregistration may also deny it.
 * - The maker-checker inboxes have no roles of their own in the spec, only the Approvals group's VIEW_APPROVALS;
 *   it is the one role that means "works the approvals", so it lists and decides both inboxes. The checker must
 *   still differ from the maker, and a portal change only ever reaches the inbox through a maker who held the
 *   role of the change (EDIT_ROLES, ADD_USER), so two people are always involved.
 */
export const REQUEST_QUEUES = {
  loan_extension: {
    kinds: ['loan_extension'],
    view: 'VIEW_LOAN_EXTENSION_REQUESTS',
    approve: 'APPROVE_LOAN_EXTENSION',
    deny: 'DENY_LOAN_EXTENSION',
  },
  loan_deactivation: {
    kinds: ['loan_deactivation'],
    view: 'VIEW_DEREGISTRATIONS',
    approve: 'APPROVE_DEREGISTRATION',
    deny: 'APPROVE_DEREGISTRATION',
  },
  imei_change: { kinds: ['imei_change'], view: 'VIEW_IMEI_CHANGE_REQUESTS', approve: 'APPROVE_IMEI_CHANGE', deny: 'DENY_IMEI_CHANGE' },
  maker_checker: { kinds: BUSINESS_REQUEST_KINDS, view: 'VIEW_APPROVALS', approve: 'VIEW_APPROVALS', deny: 'VIEW_APPROVALS' },
  maker_checker_portal: { kinds: PORTAL_REQUEST_KINDS, view: 'VIEW_APPROVALS', approve: 'VIEW_APPROVALS', deny: 'VIEW_APPROVALS' },
} as const satisfies Record<string, QueueRules>;
export type RequestQueue = keyof typeof REQUEST_QUEUES;

/** The queue a kind is decided in. */
export function queueOf(kind: RequestKind): RequestQueue {
  for (const [queue, rules] of Object.entries(REQUEST_QUEUES) as Array<[RequestQueue, QueueRules]>) {
    if (rules.kinds.includes(kind)) return queue;
  }
  throw new RangeError(`no queue decides ${kind}`);
}

export const REQUEST_LIMITS = {
  /** Days a loan extension may move the due date: at least one, at most one quarter. */
  extensionDays: { min: 1, max: 90 },
  reason: { min: 3, max: 500 },
  comment: { min: 3, max: 500 },
  /** Requests decided in one bulk call. */
  bulk: 100,
  /** Items in one page of a pending list or of the audit search. */
  page: 200,
  /** Rows in one CSV export. */
  csvRows: 10_000,
} as const;

/**
 * Stable names of the refusals a client turns into its own words (the `reason` of an error answer, and of a
 * refused item of a bulk decision).
 */
export const REQUEST_REFUSALS = [
  'already_decided', // 409: someone decided it first (or this is a repeat of one's own decision)
  'own_request', // 403: the maker may not decide their own request, whatever roles they hold
  'not_found', // 404: no such request in this queue
  'request_open', // 409: the subject already has a pending request of this kind
  'no_active_loan', // 409: the customer has no active loan (or not the one named)
  'imei_in_use', // 409: another device or stock item has this IMEI
  'changed_since_request', // 409: what the request would change is no longer as it was (e.g. a price already replaced)
  'server_error', // 500: an item of a bulk decision failed unexpectedly
] as const;
export type RequestRefusal = (typeof REQUEST_REFUSALS)[number];

// ---------------------------------------------------------------------------------------------------------------
// Fields

const trimmedText = (min: number, max: number, message: string) =>
  text({ error: message }).trim().min(min, message).max(max, `must be at most ${max} characters`);

/** A Tanzanian mobile number in any form staff type (07xx, 06xx, 255..., +255...), answered as 255XXXXXXXXX. */
export const msisdnField = text({ error: 'A valid phone number is required' }).transform((value, ctx) => {
  const msisdn = parseMsisdn(value);
  if (msisdn === null) {
    ctx.addIssue({ code: 'custom', message: 'A valid phone number is required' });
    return z.NEVER;
  }
  return msisdn;
});

/** 15 digits with a valid Luhn check digit (spaces and dashes between groups are ignored). */
export const imeiField = text({ error: 'valid IMEI required' }).transform((value, ctx) => {
  const imei = parseImei(value);
  if (imei === null) {
    ctx.addIssue({ code: 'custom', message: 'valid IMEI required: 15 digits with a valid check digit' });
    return z.NEVER;
  }
  return imei;
});

const id = (what: string) =>
  z
    .number({ error: `valid ${what} required` })
    .int(`valid ${what} required`)
    .positive(`valid ${what} required`);

export const reasonField = trimmedText(REQUEST_LIMITS.reason.min, REQUEST_LIMITS.reason.max, 'A reason is required');

// ---------------------------------------------------------------------------------------------------------------
// Submit (the customers screens)

export const loanExtensionRequest = z.object({
  msisdn: msisdnField,
  /** The loan the screen shows; optional, the customer's active loan is meant either way. */
  loan_id: id('loan').optional(),
  days_to_extend: z
    .number({ error: 'Days to extend is required' })
    .int('Days to extend must be a whole number')
    .min(REQUEST_LIMITS.extensionDays.min, `Days to extend must be at least ${REQUEST_LIMITS.extensionDays.min}`)
    .max(REQUEST_LIMITS.extensionDays.max, `Days to extend must be at most ${REQUEST_LIMITS.extensionDays.max}`),
  reason: text().trim().max(REQUEST_LIMITS.reason.max, `must be at most ${REQUEST_LIMITS.reason.max} characters`).optional(),
});
export type LoanExtensionRequest = z.input<typeof loanExtensionRequest>;

export const loanDeactivationRequest = z.object({
  msisdn: msisdnField,
  /** The loan the screen shows; optional, approval closes every active loan of the customer. */
  loan_id: id('loan').optional(),
  reason: reasonField,
});
export type LoanDeactivationRequest = z.input<typeof loanDeactivationRequest>;

export const imeiChangeRequest = z.object({
  msisdn: msisdnField,
  /** The device to change; optional, by default the device of the active loan (else the newest device). */
  device_id: id('device').optional(),
  new_imei: imeiField,
  reason: reasonField,
});
export type ImeiChangeRequest = z.input<typeof imeiChangeRequest>;

// ---------------------------------------------------------------------------------------------------------------
// Pending lists

const page = (min: number, max: number, fallback: number) =>
  z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, min === 0 ? 'must not be negative' : `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(fallback);

/** The body of every pending list: a page (oldest first) and the filters. */
function pendingListRequest<K extends readonly [RequestKind, ...RequestKind[]]>(kinds: K) {
  return z.object({
    limit: page(1, REQUEST_LIMITS.page, 50),
    skip: page(0, 1_000_000, 0),
    kind: z.enum(kinds, { error: `valid kind required: ${kinds.join(', ')}` }).optional(),
    store_id: id('store').optional(),
    /** The maker: a portal user id. */
    requested_by: id('requester').optional(),
  });
}
export const pendingLoanExtensionsRequest = pendingListRequest(REQUEST_QUEUES.loan_extension.kinds);
export const pendingLoanDeactivationsRequest = pendingListRequest(REQUEST_QUEUES.loan_deactivation.kinds);
export const pendingImeiChangesRequest = pendingListRequest(REQUEST_QUEUES.imei_change.kinds);
export const pendingMakerCheckerRequest = pendingListRequest(REQUEST_QUEUES.maker_checker.kinds);
export const pendingMakerCheckerPortalRequest = pendingListRequest(REQUEST_QUEUES.maker_checker_portal.kinds);
export type PendingListRequest = z.input<typeof pendingMakerCheckerRequest>;

/**
 * What will change, as flat field -> value maps, so a screen can draw any kind as a two-column before/after table.
 * Money is whole TZS, dates YYYY-MM-DD, instants ISO.
 */
export const changeValues = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type ChangeValues = z.infer<typeof changeValues>;

const person = z.object({ id: z.number().int(), username: z.string(), name: z.string() });
const storeRef = z.object({ id: z.number().int(), name: z.string() });
const customerRef = z.object({ id: z.number().int(), msisdn: z.string(), name: z.string() });
const loanRef = z.object({
  id: z.number().int(),
  loan_number: z.string(),
  status: z.enum(['active', 'closed', 'deactivated']),
  /** What the customer still owes (TZS): installments and late fee, less what was paid. */
  loan_balance: z.number().int(),
});

const pendingBase = {
  id: z.number().int(),
  status: z.enum(REQUEST_STATUSES),
  /** Why the maker asks (required for deregistration and IMEI change, optional for an extension). */
  reason: z.string().nullable(),
  requested_by: person,
  /** When it was submitted, ISO. */
  requested_at: z.string(),
  /** How long it has waited, in ms, by the server's clock. */
  waited_ms: z.number().int(),
  store: storeRef.nullable(),
  customer: customerRef.nullable(),
  /** What will change if approved now: for the customer queues read live from the loan or device. */
  before: changeValues,
  after: changeValues,
};

export const loanExtensionItem = z.object({
  ...pendingBase,
  kind: z.literal('loan_extension'),
  loan: loanRef,
  days_to_extend: z.number().int(),
  /** The loan's next due date now, and where approving would move it (YYYY-MM-DD). */
  current_next_repayment_date: z.string().nullable(),
  proposed_next_repayment_date: z.string().nullable(),
  days_defaulted: z.number().int(),
  proposed_days_defaulted: z.number().int(),
  /** The new due date is already past today (EAT): approving leaves the loan late. The approver is warned. */
  proposed_in_past: z.boolean(),
});
export type LoanExtensionItem = z.infer<typeof loanExtensionItem>;

export const loanDeactivationItem = z.object({
  ...pendingBase,
  kind: z.literal('loan_deactivation'),
  /** The loan named when it was requested. */
  loan: loanRef.nullable(),
  /** The customer's active loans now: approving closes them (status deactivated). */
  active_loans: z.array(loanRef),
  /** What approving writes off (TZS): the sum of their balances. */
  write_off_amount: z.number().int(),
});
export type LoanDeactivationItem = z.infer<typeof loanDeactivationItem>;

export const imeiChangeItem = z.object({
  ...pendingBase,
  kind: z.literal('imei_change'),
  device: z.object({ id: z.number().int(), name: z.string() }),
  old_imei: z.string(),
  new_imei: z.string(),
});
export type ImeiChangeItem = z.infer<typeof imeiChangeItem>;

export const makerCheckerItem = z.object({
  ...pendingBase,
  kind: z.enum(BUSINESS_REQUEST_KINDS),
  /** One line for the list: what the change is. */
  summary: z.string(),
});
export type MakerCheckerItem = z.infer<typeof makerCheckerItem>;

export const makerCheckerPortalItem = z.object({
  ...pendingBase,
  kind: z.enum(PORTAL_REQUEST_KINDS),
  summary: z.string(),
});
export type MakerCheckerPortalItem = z.infer<typeof makerCheckerPortalItem>;

/**
 * The answer (202) of an admin change: not the user, group or role, which do not exist yet, but the request that
 * awaits a second admin's approval in the portal inbox, with what it would change.
 */
export const portalChangeAwaitingApproval = makerCheckerPortalItem.extend({ status: z.literal('submitted') });
export type PortalChangeAwaitingApproval = z.infer<typeof portalChangeAwaitingApproval>;

const pendingList = <T extends z.ZodType>(item: T) =>
  z.object({
    pending_requests: z.array(item),
    /** How many pending requests match the filters, over all pages. */
    total: z.number().int(),
    limit: z.number().int(),
    skip: z.number().int(),
  });
export const pendingLoanExtensions = pendingList(loanExtensionItem);
export const pendingLoanDeactivations = pendingList(loanDeactivationItem);
export const pendingImeiChanges = pendingList(imeiChangeItem);
export const pendingMakerChecker = pendingList(makerCheckerItem);
export const pendingMakerCheckerPortal = pendingList(makerCheckerPortalItem);

// ---------------------------------------------------------------------------------------------------------------
// Decide

/**
 * One decision on one or several requests of a queue. Each request is decided on its own (its own transaction),
 * so one refusal does not stop the others. A comment is required to deny.
 */
export const decideRequest = z
  .object({
    ids: z
      .array(id('request id'), { error: 'valid request ids required' })
      .min(1, 'valid request ids required')
      .max(REQUEST_LIMITS.bulk, `at most ${REQUEST_LIMITS.bulk} requests at once`)
      .refine((ids) => new Set(ids).size === ids.length, 'each request at most once'),
    decision: z.enum(DECISIONS, { error: 'valid decision required: approve or deny' }),
    comment: text().trim().max(REQUEST_LIMITS.comment.max, `must be at most ${REQUEST_LIMITS.comment.max} characters`).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.decision === 'deny' && (body.comment ?? '').length < REQUEST_LIMITS.comment.min) {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'A comment is required to deny' });
    }
  });
export type DecideRequest = z.input<typeof decideRequest>;

export const decisionResult = z.object({
  id: z.number().int(),
  outcome: z.enum(['approved', 'denied', 'refused']),
  /** The HTTP status this item alone would have answered: 200, or the refusal's 403/404/409/500. */
  status: z.number().int(),
  reason: z.enum(REQUEST_REFUSALS).optional(),
  message: z.string(),
  /** For an approval, what changed. */
  before: changeValues.optional(),
  after: changeValues.optional(),
});
export type DecisionResult = z.infer<typeof decisionResult>;

/**
 * A call with one id that is refused answers the refusal itself (403, 404 or 409 with `reason`); a call with
 * several ids answers 200 with a result per id, in the order sent.
 */
export const decideResponse = z.object({
  results: z.array(decisionResult),
  approved: z.number().int(),
  denied: z.number().int(),
  refused: z.number().int(),
});
export type DecideResponse = z.infer<typeof decideResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Audit search (admins)

const day = isoDay();
const queryCount = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, min === 0 ? 'must not be negative' : `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(fallback);
const queryId = (what: string) => z.coerce.number().int(`valid ${what} required`).positive(`valid ${what} required`);

const auditFilters = {
  kind: z.enum(REQUEST_KINDS, { error: 'valid kind required' }).optional(),
  maker_id: queryId('maker').optional(),
  checker_id: queryId('checker').optional(),
  result: z.enum(REQUEST_STATUSES, { error: 'valid result required: submitted, approved or denied' }).optional(),
  /** Calendar days in Tanzanian time, both included. */
  from: day.optional(),
  to: day.optional(),
  /** Which date `from`/`to` apply to. */
  date_field: z.enum(['submitted', 'decided'], { error: 'valid date field required: submitted or decided' }).default('submitted'),
};
const fromBeforeTo = (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
};

export const requestAuditQuery = z
  .object({ ...auditFilters, limit: queryCount(1, REQUEST_LIMITS.page, 50), skip: queryCount(0, 1_000_000, 0) })
  .superRefine(fromBeforeTo);
export const requestAuditCsvQuery = z
  .object({
    ...auditFilters,
    /** The language of the file's header, kinds and results (en, sw, pt); without it, the codes. Times are EAT either way. */
    lang: z.enum(['en', 'sw', 'pt'], { error: 'valid language required: en, sw or pt' }).optional(),
  })
  .superRefine(fromBeforeTo);

export const requestAuditItem = z.object({
  id: z.number().int(),
  kind: z.enum(REQUEST_KINDS),
  status: z.enum(REQUEST_STATUSES),
  reason: z.string().nullable(),
  /** The checker's comment (required on a denial). */
  comment: z.string().nullable(),
  maker: person,
  checker: person.nullable(),
  submitted_at: z.string(),
  decided_at: z.string().nullable(),
  store: storeRef.nullable(),
  customer: customerRef.nullable(),
  summary: z.string(),
  /** For an approved request what changed when it was applied, otherwise what was asked at submission. */
  before: changeValues,
  after: changeValues,
});
export type RequestAuditItem = z.infer<typeof requestAuditItem>;

/** Newest first (by the date field searched). */
export const requestAuditList = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  skip: z.number().int(),
  data: z.array(requestAuditItem),
});

/**
 * The same search as a CSV file, carried in JSON: the portal authenticates with a bearer header, so a download
 * is fetched and saved from a Blob anyway. Newest first, at most REQUEST_LIMITS.csvRows rows.
 */
export const requestAuditCsv = z.object({
  filename: z.string(),
  content_type: z.literal('text/csv'),
  rows: z.number().int(),
  /** True when more requests matched than the file holds. */
  truncated: z.boolean(),
  csv: z.string(),
});
export const REQUEST_AUDIT_CSV_COLUMNS = [
  'id',
  'kind',
  'status',
  'maker',
  'checker',
  /** Tanzanian wall-clock time, 'YYYY-MM-DD HH:MM:SS' (EAT, UTC+3). */
  'submitted_at_eat',
  'decided_at_eat',
  'customer_msisdn',
  'store',
  'summary',
  'reason',
  'comment',
  'before',
  'after',
] as const;
