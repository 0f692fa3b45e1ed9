import { z } from 'zod';
import { apiError } from './common';
import { findCustomerRequest } from './customers';
import { parseNida } from '../lib/nida';
import { imeiField, msisdnField } from './requests';
import { text } from './common';
import { lockSolutionType } from './lock-solution';

/**
 * The customer first-time deposit wizard (issue 3). One wizard is one `wizard_id`, a UUID the portal makes once
 * when the agent starts a deposit for a customer and keeps in the wizard's persisted snapshot; the server keeps a
 * record of each wizard (`first_deposits`) and refuses a step whose predecessor is not done (reason
 * `step_out_of_order`), so the order is the server's rule, not only the screen's.
 *
 * The deposit push is idempotent per (wizard_id, attempt): the same pair never charges twice, whatever is
 * retried or reloaded. A new attempt number is only used after an attempt has definitely failed.
 *
 * A customer has at most one deposit in progress (decision 010): while a wizard has a push pending or a deposit
 * paid and no loan yet, the qualifying search and the push of any other wizard for that customer are refused with
 * 409 `depositUnfinishedRefusal` (reason `paid_deposit_unfinished` or `deposit_push_pending`), which hands back
 * that wizard. The agent who started it resumes it by its id: `first_deposit/status` answers where it stands
 * (`wizardStatus.step`), and the wizard goes on from that step with the same wizard_id. A paid wizard left
 * without a step for `DEPOSIT_RELEASE_AFTER_HOURS` is released: the deposit goes to suspense for finance, the
 * handset back to stock, and the wizard is abandoned (every step then answers 409 `wizard_abandoned`).
 */

export const wizardId = z.uuid('valid wizard id required');
export const repaymentPeriod = z.enum(['daily', 'weekly', 'monthly', 'twelve_months']);
export type RepaymentPeriod = z.infer<typeof repaymentPeriod>;
/** Where a wizard stands: the step it waits at, `done` once the loan is made, `abandoned` once released. */
export const wizardStep = z.enum(['deposit', 'otp', 'identity', 'contract', 'lock', 'done', 'abandoned']);
export type WizardStep = z.infer<typeof wizardStep>;
/** How long a paid deposit may be left without a step before it is released to suspense (decision 010). */
export const DEPOSIT_RELEASE_AFTER_HOURS = 24;
export { lockSolutionType, type LockSolutionType } from './lock-solution';

// --- Qualify: customer_limits ---------------------------------------------------------------------------------

export const qualifiedPhonesRequest = findCustomerRequest;

export const qualifiedPhone = z.object({
  phone_price_id: z.number().int(),
  phone_model_id: z.number().int(),
  sku: z.string(),
  brand: z.string(),
  name: z.string(),
  model: z.string(),
  storage_gb: z.number().int(),
  ram_gb: z.number().int(),
  lock_solution_type: lockSolutionType,
  /** The cash price (rrp), TZS. */
  price: z.number().int(),
  deposit: z.number().int(),
  daily_payment: z.number().int(),
  weekly_payment: z.number().int(),
  monthly_payment: z.number().int(),
  /** Daily installments of the daily plan (weekly: installments / 7, monthly: installments / 30). */
  installments: z.number().int(),
  total_repayable: z.number().int(),
  twelve_months_payment: z.number().int(),
  twelve_months_total: z.number().int(),
  /** Handsets of this model in stock at the agent's store. */
  in_stock: z.number().int(),
});
export type QualifiedPhone = z.infer<typeof qualifiedPhone>;

export const wizardCustomer = z.object({
  id: z.number().int(),
  msisdn: z.string(),
  first_name: z.string(),
  other_names: z.string(),
  national_id: z.string(),
  /** Whether a NIDA number is on record. */
  has_nida_number: z.boolean(),
  /** The NIDA number on record (20 digits), prefilled in the fingerprint check (issue 17); null when none. */
  nida_number: z.string().nullable(),
  /** The customer's security question, null when none is on record (then only the fingerprint check is offered). */
  security_question: z.string().nullable(),
});
export type WizardCustomer = z.infer<typeof wizardCustomer>;

export const qualifiedPhonesResponse = z.object({
  customer: wizardCustomer,
  limit_amount: z.number().int(),
  /** Why the list is empty: an active loan, no limit, nothing within the limit in stock at the agent's store. */
  not_qualified_reason: z.enum(['active_loan', 'no_limit', 'no_stock']).nullable(),
  phones: z.array(qualifiedPhone),
});
export type QualifiedPhonesResponse = z.infer<typeof qualifiedPhonesResponse>;

// --- Deposit: loan_deposit, confirm_customer_initial_deposit --------------------------------------------------

export const depositPushRequest = z.object({
  wizard_id: wizardId,
  attempt: z.number().int('valid attempt required').min(1, 'valid attempt required').max(50, 'valid attempt required'),
  /** The customer (by phone number, any Tanzanian form). */
  msisdn: msisdnField,
  phone_price_id: z.number().int('valid phone required').positive('valid phone required'),
  repayment_period: repaymentPeriod,
  /** The mobile-money number that pays; the customer's own when absent. */
  payment_msisdn: msisdnField.optional(),
  /**
   * The IMEI of the box handed over, scanned or typed by the agent (issue 17), required: an in-stock handset of the
   * chosen model at the agent's store (or the one this wizard holds), else 400 naming `imei` (reasons
   * imei_not_in_store, imei_other_model, imei_not_available). The server never picks a handset itself: the one sold
   * is the one in the customer's hand.
   */
  imei: imeiField,
});
export type DepositPushRequest = z.input<typeof depositPushRequest>;

export const depositFailure = z.enum(['insufficient_funds', 'cancelled', 'timeout', 'rejected']);
export type DepositFailure = z.infer<typeof depositFailure>;

export const depositStatus = z.object({
  wizard_id: z.string(),
  attempt: z.number().int(),
  status: z.enum(['pending', 'completed', 'failed']),
  failure: depositFailure.nullable(),
  amount: z.number().int(),
  payment_msisdn: z.string(),
  /** The provider's receipt once completed. */
  transaction_id: z.string().nullable(),
  requested_at: z.string(),
  completed_at: z.string().nullable(),
});
export type DepositStatus = z.infer<typeof depositStatus>;

export const depositConfirmRequest = z.object({ wizard_id: wizardId, attempt: depositPushRequest.shape.attempt });

/** The customer's wizard that has their deposit in progress, handed back when another one is refused. */
export const unfinishedWizard = z.object({
  wizard_id: z.string(),
  /** The step it waits at: deposit (its push is pending), otp, identity, contract or lock (the last before the loan). */
  step: wizardStep.exclude(['done', 'abandoned']),
  customer_id: z.number().int(),
  /** The customer's name, as the agent who searched them sees it (first name and other names). */
  customer_name: z.string(),
  /** The deposit, TZS. */
  amount: z.number().int(),
  deposit_status: z.enum(['pending', 'completed']),
  /** The provider's receipt and when it was paid (null while the push is pending). */
  receipt: z.string().nullable(),
  paid_at: z.string().nullable(),
  /** The phone chosen, e.g. "TECNO POP 8". */
  device: z.string(),
  started_by: z.object({ admin_id: z.number().int(), name: z.string() }),
  started_at: z.string(),
  /** Whether the caller started it: only that agent can resume it (others see it to tell the customer). */
  yours: z.boolean(),
  /** When a paid deposit left without a step is released to suspense (last step + 24 h); null while pending. */
  release_after: z.string().nullable(),
});
export type UnfinishedWizard = z.infer<typeof unfinishedWizard>;

/**
 * The 409 of customer_limits and loan_deposit when the customer has a deposit in progress in another wizard:
 * `paid_deposit_unfinished` (paid, no loan yet: resume it, never take it again) or `deposit_push_pending` (a push
 * is waiting for the customer's answer). The client parses the error body with this and offers to resume
 * `wizard.wizard_id` (when `wizard.yours`) through first_deposit/status.
 */
export const depositUnfinishedReason = z.enum(['paid_deposit_unfinished', 'deposit_push_pending']);
export const depositUnfinishedRefusal = apiError.extend({ reason: depositUnfinishedReason, wizard: unfinishedWizard });
export type DepositUnfinishedRefusal = z.infer<typeof depositUnfinishedRefusal>;

// --- OTPs: agent_otp, customer_otp, verification -------------------------------------------------------------

export const wizardRequest = z.object({ wizard_id: wizardId });

export const otpSent = z.object({
  /** The number it went to, masked (2557******12). */
  sent_to: z.string(),
  expires_at: z.string(),
});

const otpCode = (name: string) =>
  text()
    .trim()
    .regex(/^[0-9]{6}$/, `valid ${name} required`);
export const otpVerifyRequest = z.object({
  wizard_id: wizardId,
  agent_code: otpCode('agent OTP code'),
  customer_code: otpCode('customer OTP code'),
});

export const verified = z.object({ verified: z.literal(true) });

// --- Identity: biometric/verification, rq/verification ---------------------------------------------------------

export const nidaNumber = text()
  .trim()
  .transform((value, ctx) => {
    const parsed = parseNida(value);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: 'valid NIDA number required' });
      return z.NEVER;
    }
    return parsed;
  });

export const fingerprintVerifyRequest = z.object({
  wizard_id: wizardId,
  nida_number: nidaNumber,
  /** The ISO template from the image converter, base64. */
  fingerprint: text().min(8, 'valid fingerprint required').max(200_000, 'valid fingerprint required'),
});

export const securityAnswerRequest = z.object({
  wizard_id: wizardId,
  answer: text().trim().min(1, 'valid answer required').max(200, 'valid answer required'),
});

export const identityVerified = z.object({
  verified: z.literal(true),
  method: z.enum(['fingerprint', 'security_question']),
  contract_ref: z.string(),
});

// --- Contract: fetch_econtract_details (public), upload_pdf_contracts -----------------------------------------

export const contractDetailsRequest = z.object({
  reference: text()
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'valid contract reference required'),
});

export const contractDetails = z.object({
  reference: z.string(),
  company: z.string(),
  customer_name: z.string(),
  msisdn: z.string(),
  national_id: z.string(),
  device: z.string(),
  imei: z.string(),
  lock_solution_type: lockSolutionType,
  repayment_period: repaymentPeriod,
  price: z.number().int(),
  deposit: z.number().int(),
  installment_amount: z.number().int(),
  installments: z.number().int(),
  total_repayable: z.number().int(),
  /** The terms version the customer accepts (the /tnc page of that version). */
  terms_version: z.string(),
  signed_by: z.string().nullable(),
  signed_at: z.string().nullable(),
  /** The stored PDF, once signed. */
  contract_url: z.string().nullable(),
});
export type ContractDetails = z.infer<typeof contractDetails>;

/** The stored PDF of a signed contract: GET /econtract/<reference>.pdf, public like the contract (the loan's contract_url). */
export const contractPdfParams = z.object({
  file: text().regex(/^[A-Za-z0-9_-]{16,64}\.pdf$/, 'valid contract reference required'),
});
/**
 * The answer is the PDF itself (content-type application/pdf), not JSON: this empty object only stands for it in
 * the contract table and openapi.json, which describe JSON answers.
 */
export const contractPdf = z.object({}).describe('Not JSON: the body is the signed contract as application/pdf');

export const signContractRequest = z.object({
  wizard_id: wizardId,
  accept_terms: z.literal(true, 'The contract terms must be accepted before signing'),
  /** The customer's full name, typed as the signature. */
  signed_by: text().trim().min(3, 'valid signature required').max(120, 'valid signature required'),
});

export const contractSigned = z.object({ reference: z.string(), contract_url: z.string(), signed_at: z.string() });

// --- Lock install: send/verify vivo auth code, confirm_lock_activation ------------------------------------------

export const vivoSendRequest = z.object({ imei: imeiField });
export const vivoCodeSent = z.object({ sent_at: z.string(), expires_at: z.string() });
export const vivoVerifyRequest = z.object({
  imei: imeiField,
  code: text()
    .trim()
    .regex(/^[0-9]{6}$/, 'valid authorization code required'),
});
export const vivoVerified = z.object({ imei: z.string(), verified: z.literal(true) });

/** What the agent does on the handset for the chosen device's lock type. */
export const lockInstructions = z.object({
  lock_solution_type: lockSolutionType,
  /** dial_code: the code to dial on the handset. */
  dial_code: z.string().nullable(),
  /** Android provisioning (oguard, rguard): the QR payload to scan after tapping the welcome screen 5 to 7 times. */
  qr_payload: z.string().nullable(),
});

export const confirmLockRequest = z.object({
  wizard_id: wizardId,
  lock_installed: z.literal(true, 'Confirm that the lock solution is installed'),
  app_installed: z.literal(true, 'Confirm that the mobile app is installed'),
});

export const loanSummary = z.object({
  loan_number: z.string(),
  customer_name: z.string(),
  msisdn: z.string(),
  device: z.string(),
  imei: z.string(),
  lock_solution_type: lockSolutionType,
  repayment_period: repaymentPeriod,
  price: z.number().int(),
  deposit_paid: z.number().int(),
  principal: z.number().int(),
  installment_amount: z.number().int(),
  installments: z.number().int(),
  total_repayable: z.number().int(),
  next_repayment_date: z.string(),
  contract_url: z.string(),
  created_at: z.string(),
});
export type LoanSummary = z.infer<typeof loanSummary>;

// --- Where a wizard stands: first_deposit/status --------------------------------------------------------------

export const wizardStatus = z.object({
  wizard_id: z.string(),
  /** The step to resume at (from the fields below), done, or abandoned (released: no step is taken any more). */
  step: wizardStep,
  /** When it was released as abandoned (its deposit in suspense, its handset back in stock). */
  abandoned_at: z.string().nullable(),
  /** When a paid deposit left without a step is released (last step + 24 h); null before payment and once done. */
  release_after: z.string().nullable(),
  customer: wizardCustomer,
  phone: qualifiedPhone.omit({ in_stock: true }),
  repayment_period: repaymentPeriod,
  /** The handset reserved for this wizard at the agent's store. */
  imei: z.string(),
  /** The latest push attempt. */
  deposit: depositStatus,
  otp_sent: z.boolean(),
  otp_verified: z.boolean(),
  identity: z.enum(['fingerprint', 'security_question']).nullable(),
  contract_ref: z.string().nullable(),
  contract_signed: z.boolean(),
  vivo_verified: z.boolean(),
  lock: lockInstructions,
  loan: loanSummary.nullable(),
});
export type WizardStatus = z.infer<typeof wizardStatus>;

// --- The mobile-money provider's callback (public, authenticated by a shared token header) -------------------

export const mobileMoneyCallback = z.object({
  /** The provider's reference of the push (our wizard_id:attempt key). */
  reference: text().min(1, 'required').max(100, 'must be at most 100 characters'),
  status: z.enum(['SUCCESS', 'FAILED']),
  result_code: z.enum(['0', 'INSUFFICIENT_FUNDS', 'CANCELLED', 'TIMEOUT', 'REJECTED']),
  transaction_id: text().min(1, 'required').max(64, 'must be at most 64 characters'),
  amount: z.number().int().positive(),
  msisdn: text().regex(/^255[67][0-9]{8}$/, 'must be 255 followed by 9 digits'),
});
export const callbackAck = z.object({ ok: z.literal(true), duplicate: z.boolean() });

/** Demo only: decide how the simulator answers the next push for a payer. */
export const mobileMoneyControl = z.object({
  payment_msisdn: msisdnField,
  outcome: z.enum(['approved', 'insufficient_funds', 'cancelled', 'no_answer', 'duplicate_callback', 'ambiguous']),
});
export const mobileMoneyControlAck = z.object({ ok: z.literal(true) });
