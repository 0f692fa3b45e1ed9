import { z } from 'zod';
import { isoDay, text } from './common';
import { PROVIDERS, type Provider } from './providers';

/**
 * Reconciliation of mobile-money statements (issue 13, decision 018): finance uploads a provider's statement (CSV
 * or XLSX) for a date range; the server parses it with the mapping of the provider's columns, matches each line to
 * the payments the portal recorded (by receipt, then by payer phone + amount + time), and keeps the differences
 * until each is resolved with a reason; a second person signs the run off, which locks it. Month-end close locks a
 * period of the ledger.
 */

export { PROVIDERS, type Provider } from './providers';

/** The statement fields a mapping names a column for. withdrawn and balance may be left out. */
export const STATEMENT_FIELDS = ['receipt', 'completed_at', 'details', 'paid_in', 'withdrawn', 'balance'] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];

export const RECONCILIATION_LIMITS = {
  /** The largest statement file, in bytes. */
  fileBytes: 5 * 1024 * 1024,
  /** The longest statement period, in days. */
  periodDays: 62,
  lines: 50_000,
  /** How far apart (minutes) a statement line and a payment may be to match by phone and amount. */
  windowMinutes: 30,
  page: 200,
} as const;
/** base64 of fileBytes, and the JSON around it. */
export const UPLOAD_BODY_BYTES = Math.ceil(RECONCILIATION_LIMITS.fileBytes / 3) * 4 + 64 * 1024;

const header = (field: string) =>
  text({ error: `valid column for ${field} required` })
    .trim()
    .min(1, `valid column for ${field} required`)
    .max(100, 'must be at most 100 characters');

export const columnMapping = z.object({
  receipt: header('receipt'),
  completed_at: header('completion time'),
  details: header('details'),
  paid_in: header('paid in'),
  withdrawn: header('withdrawn').optional(),
  balance: header('balance').optional(),
});
export type ColumnMapping = z.infer<typeof columnMapping>;

/** The columns of each provider's statement export, as the providers name them. */
export const PROVIDER_MAPPINGS: Record<Provider, ColumnMapping> = {
  mpesa: {
    receipt: 'Receipt No.',
    completed_at: 'Completion Time',
    details: 'Details',
    paid_in: 'Paid In',
    withdrawn: 'Withdrawn',
    balance: 'Balance',
  },
  tigo_pesa: {
    receipt: 'Transaction ID',
    completed_at: 'Date',
    details: 'Description',
    paid_in: 'Credit',
    withdrawn: 'Debit',
    balance: 'Balance',
  },
  airtel_money: {
    receipt: 'Transaction Id',
    completed_at: 'Transaction Date',
    details: 'Remarks',
    paid_in: 'Credit Amount',
    withdrawn: 'Debit Amount',
    balance: 'Closing Balance',
  },
  halopesa: {
    receipt: 'Reference',
    completed_at: 'Date Time',
    details: 'Narration',
    paid_in: 'Amount In',
    withdrawn: 'Amount Out',
    balance: 'Running Balance',
  },
};

const mappingName = text({ error: 'valid mapping name required' })
  .trim()
  .min(2, 'valid mapping name required')
  .max(60, 'must be at most 60 characters');

const provider = z.enum(PROVIDERS, { error: 'valid provider required' });

export const savedMapping = z.object({ name: z.string(), provider, columns: columnMapping, created_at: z.string() });
export type SavedMapping = z.infer<typeof savedMapping>;
export const mappingList = z.object({ data: z.array(savedMapping) });
export const saveMapping = z.object({ name: mappingName, provider, columns: columnMapping });
export type SaveMapping = z.input<typeof saveMapping>;

const daysApart = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

export const uploadStatement = z
  .object({
    provider,
    from: isoDay(),
    to: isoDay(),
    file_name: text({ error: 'valid file name required' })
      .trim()
      .min(1, 'valid file name required')
      .max(200, 'must be at most 200 characters')
      .refine((n) => /\.(csv|xlsx)$/i.test(n), 'must be a .csv or .xlsx file'),
    /** The file, base64. */
    content: z
      .string({ error: 'the file is required' })
      .min(1, 'the file is required')
      .max(
        Math.ceil(RECONCILIATION_LIMITS.fileBytes / 3) * 4,
        `the file is over the size limit of ${RECONCILIATION_LIMITS.fileBytes / 1024 / 1024} MB`,
      )
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'the file must be sent as base64'),
    /** A saved custom mapping by name; without it, the provider's own columns. */
    mapping_name: mappingName.optional(),
  })
  .superRefine((v, ctx) => {
    const days = daysApart(v.from, v.to);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before the from date' });
    else if (days >= RECONCILIATION_LIMITS.periodDays)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `the period must be at most ${RECONCILIATION_LIMITS.periodDays} days` });
  });
export type UploadStatement = z.input<typeof uploadStatement>;

export const LINE_KINDS = ['matched', 'amount_mismatch', 'statement_only', 'portal_only', 'duplicate'] as const;
export type LineKind = (typeof LINE_KINDS)[number];
/** The differences: every kind but matched. */
export const DIFFERENCE_KINDS = ['amount_mismatch', 'statement_only', 'portal_only', 'duplicate'] as const;

const counts = z.object({
  matched: z.number().int(),
  amount_mismatch: z.number().int(),
  statement_only: z.number().int(),
  portal_only: z.number().int(),
  duplicate: z.number().int(),
});

export const reconciliationRun = z.object({
  id: z.number().int(),
  provider,
  from: z.string(),
  to: z.string(),
  file_name: z.string(),
  sha256: z.string(),
  /** Lines of the statement with money paid in. */
  lines: z.number().int(),
  statement_total: z.number().int(),
  portal_total: z.number().int(),
  counts,
  /** Differences not resolved yet. */
  open_differences: z.number().int(),
  status: z.enum(['open', 'signed_off']),
  uploaded_by: z.string(),
  uploaded_at: z.string(),
  signed_off_by: z.string().nullable(),
  signed_off_at: z.string().nullable(),
});
export type ReconciliationRun = z.infer<typeof reconciliationRun>;

export const runsRequest = z.object({
  provider: provider.optional(),
  limit: z.number({ error: 'valid limit required' }).int().min(1, 'valid limit required').max(100, 'must be at most 100').default(25),
  skip: z.number({ error: 'valid skip required' }).int().min(0, 'valid skip required').max(1_000_000).default(0),
});
export const runsPage = z.object({
  data: z.array(reconciliationRun),
  total: z.number().int(),
  limit: z.number().int(),
  skip: z.number().int(),
});
export type RunsPage = z.infer<typeof runsPage>;

export const RESOLUTIONS = ['record_payment', 'explained'] as const;

/**
 * The three-way match of a line (statement -> callback log -> ledger) as one reason, which the screen says in words
 * (decision 027): agree: all three agree; agree_by_phone: matched by payer phone, amount and time (the receipts
 * differ); suspended: recorded but held in suspense (the account keyed in matched no loan); no_callback: matched and
 * posted, but no callback came (settled by a status query or recorded from a statement); not_posted: the callback
 * came, the ledger lacks the entry; amount_differs; callback_missing: on the statement only, the provider's
 * callback never arrived; callback_not_posted: on the statement only, the callback arrived but nothing was posted
 * (it reported a failure, or named a push the portal does not know); portal_only / portal_only_no_callback /
 * portal_only_no_ledger: recorded by the portal but not on the statement; duplicate; recorded: booked from the
 * statement into suspense.
 */
export const EXPLANATIONS = [
  'agree',
  'agree_by_phone',
  'suspended',
  'no_callback',
  'not_posted',
  'amount_differs',
  'callback_missing',
  'callback_not_posted',
  'portal_only',
  'portal_only_no_callback',
  'portal_only_no_ledger',
  'duplicate',
  'recorded',
] as const;
export type Explanation = (typeof EXPLANATIONS)[number];

export const reconciliationLine = z.object({
  id: z.number().int(),
  kind: z.enum(LINE_KINDS),
  /** How a matched line was found: by receipt, or by payer phone, amount and time. */
  matched_by: z.enum(['receipt', 'phone_amount_time']).nullable(),
  receipt: z.string().nullable(),
  completed_at: z.string().nullable(),
  details: z.string().nullable(),
  payer_phone: z.string().nullable(),
  statement_amount: z.number().int().nullable(),
  portal_amount: z.number().int().nullable(),
  /** The portal's payment (the callback's record) and what became of it. */
  transaction_id: z.string().nullable(),
  portal_status: z.string().nullable(),
  account_keyed_in: z.string().nullable(),
  /** Whether the ledger holds the payment's entry (the third leg of the match). */
  ledger_posted: z.boolean(),
  /** The provider's callbacks with this receipt that reached the portal (the callback log), the first one's time,
   * and what the last one said (SUCCESS or FAILED, with the provider's result code). */
  callbacks: z.number().int(),
  callback_at: z.string().nullable(),
  callback_status: z.enum(['SUCCESS', 'FAILED']).nullable(),
  callback_result_code: z.string().nullable(),
  explanation: z.enum(EXPLANATIONS),
  resolution: z.enum(RESOLUTIONS).nullable(),
  resolution_reason: z.string().nullable(),
  resolved_by: z.string().nullable(),
  resolved_at: z.string().nullable(),
});
export type ReconciliationLine = z.infer<typeof reconciliationLine>;

export const runRequest = z.object({
  run_id: z.number({ error: 'valid run required' }).int('valid run required').positive('valid run required'),
  /** Which lines: the differences (default), the open differences, or every line. */
  show: z.enum(['differences', 'open', 'all'], { error: 'valid show required' }).default('differences'),
  limit: z
    .number({ error: 'valid limit required' })
    .int()
    .min(1)
    .max(RECONCILIATION_LIMITS.page, `must be at most ${RECONCILIATION_LIMITS.page}`)
    .default(50),
  skip: z.number({ error: 'valid skip required' }).int().min(0).max(1_000_000).default(0),
});
export type RunRequest = z.input<typeof runRequest>;
export const runDetail = z.object({
  run: reconciliationRun,
  data: z.array(reconciliationLine),
  total: z.number().int(),
  limit: z.number().int(),
  skip: z.number().int(),
});
export type RunDetail = z.infer<typeof runDetail>;

export const resolveLine = z.object({
  run_id: z.number({ error: 'valid run required' }).int('valid run required').positive('valid run required'),
  line_id: z.number({ error: 'valid line required' }).int('valid line required').positive('valid line required'),
  /** record_payment: money on the statement the portal never recorded goes into the books, in suspense. */
  resolution: z.enum(RESOLUTIONS, { error: 'valid resolution required' }),
  reason: text({ error: 'A reason is required' })
    .trim()
    .min(3, 'A reason of at least 3 characters is required')
    .max(500, 'must be at most 500 characters'),
});
export type ResolveLine = z.input<typeof resolveLine>;

export const runRef = z.object({
  run_id: z.number({ error: 'valid run required' }).int('valid run required').positive('valid run required'),
});
export const statementDocument = z.object({ file_name: z.string(), content_type: z.string(), content: z.string() });
export type StatementDocument = z.infer<typeof statementDocument>;

// ---------------------------------------------------------------------------------------------------------------
// Month-end close

export const closeRequest = z.object({
  /** The month to close, YYYY-MM: its last day must be past. */
  month: z.string({ error: 'valid month required (YYYY-MM)' }).regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, 'valid month required (YYYY-MM)'),
  reason: text({ error: 'A reason is required' }).trim().min(3, 'A reason of at least 3 characters is required').max(500),
});
export type CloseRequest = z.input<typeof closeRequest>;
export const closedPeriod = z.object({
  month: z.string(),
  /** The last day of the closed month (EAT): no posting may land on or before it. */
  closed_through: z.string(),
  closed_by: z.string(),
  closed_at: z.string(),
  reason: z.string(),
});
export const closedPeriods = z.object({ data: z.array(closedPeriod), closed_through: z.string().nullable() });
export type ClosedPeriods = z.infer<typeof closedPeriods>;
