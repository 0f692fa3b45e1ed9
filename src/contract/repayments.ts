import { z } from 'zod';
import { msisdnField } from './requests';
import { isoInstant, text } from './common';

/**
 * Repayments by mobile money (issue 4: "a payment that brings it current unlocks it"). The customer pays into the
 * business's paybill from the handset, keying in an account: the loan number or their phone number. The provider
 * confirms each payment by a callback (public, authenticated by the X-Callback-Token header as the deposit
 * callback); its transaction id makes a repeated confirmation change nothing. A payment whose account matches no
 * active loan is kept in suspense for finance.
 */

export const repaymentNetworks = ['mpesa', 'tigo_pesa', 'airtel_money', 'halopesa'] as const;
export const repaymentNetwork = z.enum(repaymentNetworks);
export type RepaymentNetwork = z.infer<typeof repaymentNetwork>;

/** What the account box may hold: a loan number or a phone number in any form (anything else goes to suspense). */
const account = text({ error: 'The account keyed in is required' })
  .trim()
  .min(1, 'The account keyed in is required')
  .max(64, 'must be at most 64 characters');
const amount = z
  .number({ error: 'A whole amount of TZS is required' })
  .int('must be a whole number of TZS')
  .positive('must be more than 0')
  .max(50_000_000, 'must be at most 50,000,000');

/** The provider's confirmation of a customer's payment (C2B). */
export const repaymentCallback = z.object({
  /** The provider's receipt: the idempotency key. */
  transaction_id: text({ error: 'The provider transaction id is required' })
    .trim()
    .min(1, 'The provider transaction id is required')
    .max(64, 'must be at most 64 characters'),
  /** The paying number, international form (not always the customer's own). */
  msisdn: z.string({ error: 'The payer number is required' }).regex(/^255[67][0-9]{8}$/, 'must be 255 followed by 9 digits'),
  account,
  amount,
  /** When the provider took the money. */
  paid_at: isoInstant(),
  network: repaymentNetwork,
  /** The paybill the money went to. */
  short_code: text().max(20, 'must be at most 20 characters').optional(),
  payer_name: text().max(120, 'must be at most 120 characters').optional(),
});
export type RepaymentCallback = z.input<typeof repaymentCallback>;

export const repaymentAck = z.object({
  ok: z.literal(true),
  /** The same transaction id was confirmed before: nothing changed. */
  duplicate: z.boolean(),
  /** completed: applied to a loan. suspended: no active loan matched the account. */
  status: z.enum(['completed', 'suspended']),
  loan_number: z.string().nullable(),
  /** The loan's balance after the payment (null in suspense). */
  balance_after: z.number().int().nullable(),
  /** The loan was fully repaid by this payment. */
  loan_closed: z.boolean(),
});
export type RepaymentAck = z.infer<typeof repaymentAck>;

/** Demo only: make the simulator's customer pay, as from the handset (the confirmation follows about 1 s later). */
export const demoRepayment = z.object({
  payer_msisdn: msisdnField,
  account,
  amount,
  network: repaymentNetwork.default('mpesa'),
  /** The confirmation comes twice. */
  duplicate: z.boolean().default(false),
});
export const demoRepaymentAck = z.object({ ok: z.literal(true), transaction_id: z.string(), callback_due_at: z.string() });
