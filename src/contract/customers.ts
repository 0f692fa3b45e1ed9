import { z } from 'zod';
import { customerLanguage } from './customer-language';
import { parseMsisdn } from '../lib/msisdn';
import { text } from './common';

/**
 * Finding a customer and what the customer view shows (issue 4, the part the approvals journey needs first):
 * the profile for FIND_CUSTOMER, the device with VIEW_CUSTOMER_PHONE, the loans with VIEW_CUSTOMER_LOANS. A
 * section the caller may not see comes back as null: the server decides, the screen only draws.
 */
export const findCustomerRequest = z
  .object({
    msisdn: text()
      .trim()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === '') return undefined;
        const parsed = parseMsisdn(value);
        if (!parsed) {
          ctx.addIssue({ code: 'custom', message: 'A valid phone number is required' });
          return z.NEVER;
        }
        return parsed;
      }),
    national_id: text().trim().max(40, 'valid national ID required').optional(),
  })
  .refine((q) => q.msisdn !== undefined || (q.national_id !== undefined && q.national_id !== ''), {
    path: ['msisdn'],
    message: 'A valid phone number or national ID is required',
  });

export const customerProfile = z.object({
  id: z.number().int(),
  msisdn: z.string(),
  first_name: z.string(),
  other_names: z.string(),
  sex: z.enum(['M', 'F']),
  date_of_birth: z.string(),
  id_type: z.string(),
  national_id: z.string(),
  nida_number: z.string().nullable(),
  customer_key: z.string(),
  registered_at: z.string(),
  loan_status: z.enum(['active', 'inactive']),
  birth_country: z.string(),
  birth_region: z.string().nullable(),
  birth_district: z.string().nullable(),
  birth_ward: z.string().nullable(),
  resident_postal_code: z.string().nullable(),
  resident_region: z.string().nullable(),
  resident_district: z.string().nullable(),
  resident_village: z.string().nullable(),
  resident_street: z.string().nullable(),
  security_question: z.string().nullable(),
  /** The language of the customer's SMS (migration 019); Swahili where a back-end does not say. */
  language: customerLanguage.default('sw'),
});

export const customerDevice = z.object({
  id: z.number().int(),
  imei: z.string(),
  device_name: z.string(),
  model: z.string(),
  sku: z.string(),
  lock_solution_type: z.string(),
  lock_status: z.string(),
  is_locked: z.boolean(),
  status: z.string(),
  last_check_in: z.string().nullable(),
  enrolled_at: z.string().nullable(),
  future_lock_date: z.string().nullable(),
});

export const customerLoan = z.object({
  id: z.number().int(),
  loan_number: z.string(),
  status: z.enum(['active', 'closed', 'deactivated']),
  repayment_period: z.string(),
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  deposit_paid: z.number().int(),
  late_fee: z.number().int(),
  loan_balance: z.number().int(),
  days_defaulted: z.number().int(),
  /** What is overdue or due today (installments due up to today not paid, plus the late fee); 0 unless active. */
  due_now: z.number().int(),
  /** Of it, what fell due before today and is still unpaid (the arrears); 0 unless active. */
  arrears: z.number().int(),
  last_repayment_date: z.string().nullable(),
  next_repayment_date: z.string().nullable(),
  contract_url: z.string().nullable(),
});

export const customerView = z.object({
  customer: customerProfile,
  /** The customer's current device; null when the caller lacks VIEW_CUSTOMER_PHONE or there is none. */
  device: customerDevice.nullable(),
  /** Newest first; null when the caller lacks VIEW_CUSTOMER_LOANS. */
  loans: z.array(customerLoan).nullable(),
});
export type CustomerView = z.infer<typeof customerView>;

/** A customer's requests (extension, deactivation, IMEI change), newest first, page by page. */
export const customerRequestsRequest = z.object({
  msisdn: text()
    .trim()
    .transform((value, ctx) => {
      const parsed = parseMsisdn(value);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: 'A valid phone number is required' });
        return z.NEVER;
      }
      return parsed;
    }),
  limit: z
    .number({ error: 'valid limit required' })
    .int('valid limit required')
    .min(1, 'valid limit required')
    .max(100, 'must be at most 100')
    .default(20),
  skip: z
    .number({ error: 'valid skip required' })
    .int('valid skip required')
    .min(0, 'valid skip required')
    .max(1_000_000, 'must be at most 1000000')
    .default(0),
});

export const customerRequestHistory = z.object({
  total: z.number().int(),
  requests: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(['loan_extension', 'loan_deactivation', 'imei_change']),
      status: z.enum(['submitted', 'approved', 'denied']),
      /** What was asked, as values the screen words itself (days to extend, the new IMEI). */
      days_to_extend: z.number().int().nullable(),
      new_imei: z.string().nullable(),
      reason: z.string().nullable(),
      /** The checker's comment: why a request was denied. */
      comment: z.string().nullable(),
      requested_by: z.string(),
      decided_by: z.string().nullable(),
      submitted_at: z.string(),
      decided_at: z.string().nullable(),
    }),
  ),
});
export type CustomerRequestHistory = z.infer<typeof customerRequestHistory>;
