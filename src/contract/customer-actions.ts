import { z } from 'zod';
import { parseImei } from '../lib/imei';
import { parseMsisdn } from '../lib/msisdn';
import { imeiField, msisdnField } from './requests';
import { isoDay, text } from './common';

/**
 * The actions staff take on a customer's phone and loan (issue 4): stolen and recovered, the offline PIN, the SMS
 * list, call ratings, payments and statements, reset PIN and forgot password, data bundles. Each body is parsed
 * here on both sides; a bad field is a 400 naming it.
 */

// ---------------------------------------------------------------------------------------------------------------
// Limits the server enforces and the screens mention

export const OFFLINE_PIN = {
  digits: 8,
  /** A code unlocks once, within this time. */
  validHours: 24,
  perDevice: { count: 3, windowHours: 24 },
  perStaff: { count: 20, windowHours: 1 },
} as const;

export const CALL_TYPES = ['incoming', 'outgoing'] as const;
export const CALL_MOODS = ['angry', 'disappointed', 'happy', 'neutral', 'sad'] as const;
export const CALL_DESCRIPTIONS = [
  'inquiry',
  'lost_phone',
  'misinformed_by_agent',
  'other',
  'phone_unlock',
  'repair',
  'wants_to_return_phone',
  'payment_to_wrong_account',
] as const;
export const DATA_BUNDLES = ['100MB', '500MB', '1GB', '2GB'] as const;
export const DEVICE_STATUSES = ['active', 'stolen', 'lost', 'damaged'] as const;

export { CUSTOMER_ACTION_REFUSALS } from './refusal-reasons';

// ---------------------------------------------------------------------------------------------------------------
// Fields

/** A calendar day, YYYY-MM-DD. The server also refuses a day after its own today (an incident already happened). */
const pastDay = isoDay('valid date required');

const notes = text({ error: 'valid notes required' }).trim().max(500, 'must be at most 500 characters').optional();

const page = {
  limit: z
    .number({ error: 'valid limit required' })
    .int('valid limit required')
    .min(1, 'valid limit required')
    .max(200, 'must be at most 200')
    .default(50),
  skip: z
    .number({ error: 'valid skip required' })
    .int('valid skip required')
    .min(0, 'valid skip required')
    .max(1_000_000, 'must be at most 1000000')
    .default(0),
};

export const customerRequest = z.object({ msisdn: msisdnField });

// ---------------------------------------------------------------------------------------------------------------
// Devices: find, stolen, recovered

/** One box: an IMEI (15 digits with its check digit) or the customer's phone number in any form. */
export const deviceSearchRequest = z.object({
  search: text({ error: 'valid IMEI or phone number required' })
    .max(100, 'must be at most 100 characters')
    .transform((value, ctx) => {
      const imei = parseImei(value);
      if (imei) return { imei } as { imei: string; msisdn?: undefined };
      const msisdn = parseMsisdn(value);
      if (msisdn) return { msisdn } as { msisdn: string; imei?: undefined };
      ctx.addIssue({ code: 'custom', message: 'valid IMEI or phone number required' });
      return z.NEVER;
    }),
});

export const deviceStatusChange = z.object({
  imei: imeiField,
  occurred_on: pastDay,
  notes,
});
export type DeviceStatusChange = z.input<typeof deviceStatusChange>;

const incident = z.object({
  kind: z.enum(['stolen', 'recovered', 'lost', 'damaged', 'repaired']),
  occurred_on: z.string(),
  notes: z.string().nullable(),
  reported_by: z.string().nullable(),
  reported_at: z.string(),
});

export const deviceStatus = z.object({
  device_id: z.number().int(),
  imei: z.string(),
  device_name: z.string(),
  status: z.enum(DEVICE_STATUSES),
  is_locked: z.boolean(),
  customer: z.object({ id: z.number().int(), msisdn: z.string(), name: z.string() }),
  loan: z
    .object({ loan_number: z.string(), status: z.string(), days_defaulted: z.number().int(), future_lock_date: z.string().nullable() })
    .nullable(),
  last_incident: incident.nullable(),
});
export type DeviceStatus = z.infer<typeof deviceStatus>;

// ---------------------------------------------------------------------------------------------------------------
// Offline PIN

export const offlinePinRequest = z.object({ msisdn: msisdnField, imei: imeiField.optional() });
export const offlinePin = z.object({
  code: z.string().regex(/^\d{8}$/),
  imei: z.string(),
  expires_at: z.string(),
  /** Codes this device may still get in the current window. */
  left_for_device: z.number().int(),
});
export type OfflinePin = z.infer<typeof offlinePin>;

// ---------------------------------------------------------------------------------------------------------------
// SMS, call ratings

export const customerSmsRequest = z.object({ msisdn: msisdnField, ...page });
export const customerSms = z.object({
  total: z.number().int(),
  texts: z.array(z.object({ id: z.number().int(), body: z.string(), category: z.string(), status: z.string(), sent_at: z.string() })),
});
export type CustomerSms = z.infer<typeof customerSms>;

export const callRatingRequest = z.object({
  msisdn: msisdnField,
  call_type: z.enum(CALL_TYPES, { error: 'valid call type required' }),
  mood: z.enum(CALL_MOODS, { error: 'valid remark required' }),
  description: z.enum(CALL_DESCRIPTIONS, { error: 'valid description required' }),
  comment: text({ error: 'valid comment required' }).trim().max(1000, 'must be at most 1000 characters').optional(),
});
export type CallRatingRequest = z.input<typeof callRatingRequest>;

export const callRating = z.object({
  id: z.number().int(),
  call_type: z.enum(CALL_TYPES),
  mood: z.enum(CALL_MOODS),
  description: z.enum(CALL_DESCRIPTIONS),
  comment: z.string().nullable(),
  rated_by: z.string(),
  created_at: z.string(),
});
export type CallRating = z.infer<typeof callRating>;
export const callRatings = z.object({ total: z.number().int(), ratings: z.array(callRating) });

// ---------------------------------------------------------------------------------------------------------------
// Payments and statements

export const depositTransactionsRequest = z.object({ msisdn: msisdnField, ...page });
export const depositTransactions = z.object({
  total: z.number().int(),
  transactions: z.array(
    z.object({
      id: z.number().int(),
      transaction_id: z.string(),
      kind: z.enum(['deposit', 'repayment']),
      payment_method: z.string(),
      status: z.string(),
      amount: z.number().int(),
      loan_number: z.string().nullable(),
      payment_phone: z.string().nullable(),
      date: z.string(),
    }),
  ),
});
export type DepositTransactions = z.infer<typeof depositTransactions>;

export const loanStatementsRequest = z.object({
  msisdn: msisdnField,
  loan_id: z.number({ error: 'valid loan required' }).int('valid loan required').positive('valid loan required').optional(),
});
export const loanStatements = z.object({
  statements: z.array(
    z.object({
      loan_id: z.number().int(),
      loan_number: z.string(),
      entries: z.array(
        z.object({
          date: z.string(),
          description: z.string(),
          debit: z.number().int(),
          credit: z.number().int(),
          balance: z.number().int(),
        }),
      ),
    }),
  ),
});
export type LoanStatements = z.infer<typeof loanStatements>;

// ---------------------------------------------------------------------------------------------------------------
// Reset PIN, forgot password, data bundles

export const messageSent = z.object({ sent_to: z.string(), sent_at: z.string(), expires_at: z.string().nullable() });
export type MessageSent = z.infer<typeof messageSent>;

export const awardDataRequest = z.object({
  msisdn: msisdnField,
  bundle: z.enum(DATA_BUNDLES, { error: 'valid bundle required' }),
  reason: text({ error: 'A reason is required' }).trim().min(3, 'A reason is required').max(500, 'must be at most 500 characters'),
});
export type AwardDataRequest = z.input<typeof awardDataRequest>;
export const dataAwarded = z.object({ id: z.number().int(), bundle: z.enum(DATA_BUNDLES), msisdn: z.string(), awarded_at: z.string() });
