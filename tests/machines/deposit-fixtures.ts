import type {
  ContractDetails,
  DepositStatus,
  LoanSummary,
  QualifiedPhone,
  QualifiedPhonesResponse,
  UnfinishedWizard,
  WizardStatus,
} from '../../src/contract/deposits';

/** Answers of the deposit wizard's calls, shared by the machine models and the screen tests. */
export const WIZARD_ID = '6f1c2a9e-3b4d-4c5e-8f70-1a2b3c4d5e6f';

export const phone: QualifiedPhone = {
  phone_price_id: 11,
  phone_model_id: 3,
  sku: 'TEC-SPARK20-128',
  brand: 'Tecno',
  name: 'Tecno Spark 20',
  model: 'KJ5',
  storage_gb: 128,
  ram_gb: 8,
  lock_solution_type: 'trustonic',
  price: 320_000,
  deposit: 60_000,
  daily_payment: 1_900,
  weekly_payment: 13_300,
  monthly_payment: 57_000,
  installments: 210,
  total_repayable: 459_000,
  twelve_months_payment: 36_000,
  twelve_months_total: 492_000,
  in_stock: 4,
};

export const customer = {
  id: 41,
  msisdn: '255754100200',
  first_name: 'Neema',
  other_names: 'Joseph Mushi',
  national_id: '19900101-12345-00001-22',
  has_nida_number: true,
  nida_number: '19900101123450000123',
  security_question: 'What was the name of your first school?',
};

export const qualified: QualifiedPhonesResponse = { customer, limit_amount: 400_000, not_qualified_reason: null, phones: [phone] };
export const notQualified: QualifiedPhonesResponse = { customer, limit_amount: 0, not_qualified_reason: 'no_limit', phones: [] };

const status = (over: Partial<DepositStatus>): DepositStatus => ({
  wizard_id: WIZARD_ID,
  attempt: 1,
  status: 'pending',
  failure: null,
  amount: 60_000,
  payment_msisdn: customer.msisdn,
  transaction_id: null,
  requested_at: '2026-11-23T08:00:00.000Z',
  completed_at: null,
  ...over,
});
export const depositPending = status({});
export const depositCompleted = status({
  status: 'completed',
  transaction_id: 'MP261123.0800.A00001',
  completed_at: '2026-11-23T08:00:05.000Z',
});
export const depositDeclined = status({ status: 'failed', failure: 'insufficient_funds' });

export const contract: ContractDetails = {
  reference: 'k3Jd93kdLs0aP2qXz8Vb',
  company: 'Simu Credit',
  customer_name: 'Neema Joseph Mushi',
  msisdn: customer.msisdn,
  national_id: customer.national_id,
  device: 'Tecno Spark 20 (KJ5, 128 GB)',
  imei: '356789104563215',
  lock_solution_type: 'trustonic',
  repayment_period: 'daily',
  price: 320_000,
  deposit: 60_000,
  installment_amount: 1_900,
  installments: 210,
  total_repayable: 459_000,
  terms_version: '2026-01',
  signed_by: null,
  signed_at: null,
  contract_url: null,
};

export const loan: LoanSummary = {
  loan_number: 'LN-2026-000123',
  customer_name: 'Neema Joseph Mushi',
  msisdn: customer.msisdn,
  device: 'Tecno Spark 20',
  imei: '356789104563215',
  lock_solution_type: 'trustonic',
  repayment_period: 'daily',
  price: 320_000,
  deposit_paid: 60_000,
  principal: 260_000,
  installment_amount: 1_900,
  installments: 210,
  total_repayable: 459_000,
  next_repayment_date: '2026-11-24',
  contract_url: '/portal_api/econtract/k3Jd93kdLs0aP2qXz8Vb.pdf',
  created_at: '2026-11-23T08:10:00.000Z',
};

const { in_stock: _inStock, ...phoneOnly } = phone;
export const wizard = (lockType: WizardStatus['lock']['lock_solution_type']): WizardStatus => ({
  wizard_id: WIZARD_ID,
  step: 'lock',
  abandoned_at: null,
  release_after: '2026-11-24T08:10:00.000Z',
  customer,
  phone: { ...phoneOnly, lock_solution_type: lockType },
  repayment_period: 'daily',
  imei: '356789104563215',
  deposit: depositCompleted,
  otp_sent: true,
  otp_verified: true,
  identity: 'fingerprint',
  contract_ref: contract.reference,
  contract_signed: true,
  vivo_verified: false,
  lock: { lock_solution_type: lockType, dial_code: lockType === 'dial_code' ? '*#7378423#' : null, qr_payload: null },
  loan: null,
});

// --- A customer whose deposit is in progress in another wizard (decision 010) -----------------------------------

/** The wizard that holds the customer's deposit: another id than the one the new wizard was started with. */
export const HELD_ID = '0b7e4d2c-9a8f-4e6d-b5c4-3a2b1c0d9e8f';

export const heldWizard = (over: Partial<UnfinishedWizard> = {}): UnfinishedWizard => ({
  wizard_id: HELD_ID,
  step: 'otp',
  customer_id: customer.id,
  customer_name: 'Neema Joseph Mushi',
  amount: 60_000,
  deposit_status: 'completed',
  receipt: 'MP261123.0800.A00001',
  paid_at: '2026-11-23T08:00:05.000Z',
  device: 'Tecno Spark 20',
  started_by: { admin_id: 7, name: 'Asha Mwakyusa' },
  started_at: '2026-11-23T07:58:00.000Z',
  yours: true,
  release_after: '2026-11-24T08:00:05.000Z',
  ...over,
});

/** The search's 409 that hands the held wizard back (depositUnfinishedRefusal), as a CallFailure carries it. */
export const heldRefusal = (over: Partial<UnfinishedWizard> = {}) => {
  const wizard = heldWizard(over);
  return {
    status: 409,
    message: 'This customer has a deposit in progress: resume it',
    reason: wizard.deposit_status === 'completed' ? 'paid_deposit_unfinished' : 'deposit_push_pending',
    wizard,
  };
};

/** The held wizard's status as first_deposit/status answers it, waiting at `step`. */
export const heldStatus = (step: WizardStatus['step'], over: Partial<WizardStatus> = {}): WizardStatus => {
  const order = ['deposit', 'otp', 'identity', 'contract', 'lock', 'done'];
  const past = (s: string) => step !== 'abandoned' && order.indexOf(step) > order.indexOf(s);
  return {
    ...wizard('trustonic'),
    wizard_id: HELD_ID,
    step,
    abandoned_at: step === 'abandoned' ? '2026-11-24T08:00:05.000Z' : null,
    deposit: step === 'deposit' ? { ...depositPending, wizard_id: HELD_ID } : { ...depositCompleted, wizard_id: HELD_ID },
    otp_sent: past('deposit'),
    otp_verified: past('otp'),
    identity: past('identity') ? 'fingerprint' : null,
    contract_ref: past('identity') ? contract.reference : null,
    contract_signed: past('contract'),
    loan: step === 'done' ? loan : null,
    ...over,
  };
};
