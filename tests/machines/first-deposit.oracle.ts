import type { AnyEventObject } from 'xstate';
import type { Oracle } from './oracle';
import {
  BAD_BOX,
  BOX,
  OTHER_BOX,
  abandonedFailure,
  boxTaken,
  firstDepositModel,
  heldByColleague,
  heldPaid,
  heldUnnamed,
  networkDown,
  notFound,
  wrongOtp,
} from './first-deposit.model';
import {
  HELD_ID,
  WIZARD_ID,
  contract,
  customer,
  depositCompleted,
  depositDeclined,
  depositPending,
  heldStatus,
  heldWizard,
  loan,
  notQualified,
  phone,
  qualified,
} from './deposit-fixtures';

/**
 * Issue 3 and decision 009: the spec's order (customer, phone, deposit, OTP codes, identity, contract, lock, loan);
 * inputs are checked before anything is sent and refused as codes; the deposit push is keyed by (wizard, attempt) and
 * only a declined push the agent abandons makes the next one a new attempt; both OTP codes are needed; the contract's
 * terms must be accepted and signed with the customer's own full name (issue 17: any case, accents and order; another
 * name or a part of it refused, each with its reason); the lock is the lock-install child (decision
 * 009's addendum) whose refused status call offers a reload; going back only where nothing is paid or signed.
 *
 * Issue 11 item 1 and decision 010: a customer whose deposit is paid (or its push pending) in a wizard is never
 * offered the deposit again: the search shows that wizard; its own agent resumes it (fetched from the server, the
 * wizard goes on at the step it waits at, under that wizard's id), a colleague only sees whose it is. Every step
 * after payment is tagged `paid`; leaving the wizard there asks first, and nothing changes until the agent confirms;
 * before payment it is left at once.
 */
const search = { type: 'customer.search', query: { msisdn: '0754 100 200' } };
const badSearch = { type: 'customer.search', query: { msisdn: '12' } };
const found = { type: 'xstate.done.actor.findPhones', output: qualified };
const foundNotQualified = { type: 'xstate.done.actor.findPhones', output: notQualified };
const noSuchCustomer = { type: 'xstate.error.actor.findPhones', error: notFound };
const pick = { type: 'phone.picked', phonePriceId: 11 };
const pickUnknown = { type: 'phone.picked', phonePriceId: 99 };
const weekly = { type: 'period.chosen', period: 'weekly' };
const confirm = { type: 'phone.confirmed', imei: BOX };
const badPayer = { type: 'phone.confirmed', payer: '12', imei: BOX };
const otherPayer = { type: 'phone.confirmed', payer: '0754 300 101', imei: BOX };
const noBox = { type: 'phone.confirmed' };
const badBoxAndPayer = { type: 'phone.confirmed', payer: '12', imei: BAD_BOX };
const otherBox = { type: 'phone.confirmed', imei: `${OTHER_BOX.slice(0, 8)} ${OTHER_BOX.slice(8)}` };
const boxRefused = {
  type: 'xstate.done.actor.payment',
  output: { paid: false, attempt: 1, status: null, paymentMsisdn: null, boxRefused: boxTaken },
};
const back = { type: 'wizard.back' };
const resumed = { type: 'wizard.resumed' };
const paid = {
  type: 'xstate.done.actor.payment',
  output: { paid: true, attempt: 1, status: depositCompleted, paymentMsisdn: null, boxRefused: null },
};
/** Declined after the agent asked another number to pay (issue 17): that number is kept for the next push. */
const declined = {
  type: 'xstate.done.actor.payment',
  output: { paid: false, attempt: 1, status: depositDeclined, paymentMsisdn: '255715300206', boxRefused: null },
};
const otpsSent = { type: 'xstate.done.actor.sendOtps', output: { sent_to: '2557******00', expires_at: '2026-11-23T08:05:00.000Z' } };
const otpsFail = { type: 'xstate.error.actor.sendOtps', error: networkDown };
const resend = { type: 'otp.resend' };
const oneCode = { type: 'otp.codesEntered', agentCode: '123456', customerCode: '' };
const bothCodes = { type: 'otp.codesEntered', agentCode: '123456', customerCode: '654321' };
const codesRight = { type: 'xstate.done.actor.verifyOtps', output: { verified: true } };
const codesWrong = { type: 'xstate.error.actor.verifyOtps', error: wrongOtp };
const identified = { type: 'xstate.done.actor.identity', output: { method: 'fingerprint', contractRef: contract.reference } };
const contractLoaded = { type: 'xstate.done.actor.fetchContract', output: contract };
const contractFails = { type: 'xstate.error.actor.fetchContract', error: networkDown };
const contractReload = { type: 'contract.reload' };
const termsNotAccepted = { type: 'contract.signed', acceptTerms: false, signedBy: 'Neema Joseph Mushi' };
const noSignature = { type: 'contract.signed', acceptTerms: true, signedBy: ' ' };
const sign = { type: 'contract.signed', acceptTerms: true, signedBy: 'Neema Joseph Mushi' };
const signed = {
  type: 'xstate.done.actor.signContract',
  output: { reference: contract.reference, contract_url: loan.contract_url, signed_at: '2026-11-23T08:08:00.000Z' },
};
const signFails = { type: 'xstate.error.actor.signContract', error: networkDown };
const installed = { type: 'xstate.done.actor.lockInstall', output: { installed: loan } };
const statusRefused = { type: 'xstate.done.actor.lockInstall', output: { refused: networkDown } };
const lockReload = { type: 'lock.reload' };
const heldFound = { type: 'xstate.error.actor.findPhones', error: heldPaid };
const colleagueHolds = { type: 'xstate.error.actor.findPhones', error: heldByColleague };
const heldNoWizard = { type: 'xstate.error.actor.findPhones', error: heldUnnamed };
const resume = { type: 'held.resume' };
const fetched = (step: Parameters<typeof heldStatus>[0], over: Parameters<typeof heldStatus>[1] = {}) => ({
  type: 'xstate.done.actor.fetchWizard',
  output: heldStatus(step, over),
});
const fetchFails = { type: 'xstate.error.actor.fetchWizard', error: networkDown };
const startOver = { type: 'wizard.startOver' };
const stay = { type: 'wizard.leaveCancelled' };
const leave = { type: 'wizard.leaveConfirmed' };

const input = firstDepositModel.input as { scanner: unknown };
const payment = (over: Record<string, unknown> = {}) => ({
  payment: {
    wizardId: WIZARD_ID,
    msisdn: customer.msisdn,
    paymentMsisdn: null,
    imei: BOX,
    phonePriceId: 11,
    period: 'daily',
    attempt: 1,
    maxAttempts: 2,
    pollLimit: 1,
    ...over,
  },
});
const lockInstall = { lockInstall: { params: { wizardId: WIZARD_ID }, mayGoBack: false } };

const toChoosing = [
  {
    event: search,
    state: 'searching.looking',
    tags: { busy: true },
    context: { invalid: null, failure: null },
    invoked: { findPhones: { msisdn: '255754100200' } },
  },
  { event: found, state: 'choosingPhone', tags: { busy: false }, context: { customer, phones: [phone], notQualified: null } },
] as const;
const toConfirming = [...toChoosing, { event: pick, state: 'confirmingPhone', context: { phone } }] as const;
const toDeposit = [
  ...toConfirming,
  { event: confirm, state: 'deposit', context: { payer: null, box: BOX, invalid: null }, invoked: payment() },
] as const;
const toEntering = [
  ...toDeposit,
  {
    event: paid,
    state: 'otp.sending',
    tags: { busy: true },
    context: { deposit: depositCompleted, attempt: 1 },
    invoked: { sendOtps: { wizardId: WIZARD_ID } },
  },
  { event: otpsSent, state: 'otp.entering', tags: { busy: false }, context: { otpSentTo: '2557******00', failure: null } },
] as const;
const toReading = [
  ...toEntering,
  {
    event: bothCodes,
    state: 'otp.verifying',
    tags: { busy: true },
    invoked: { verifyOtps: { wizardId: WIZARD_ID, agentCode: '123456', customerCode: '654321' } },
  },
  {
    event: codesRight,
    state: 'identity',
    tags: { busy: false },
    invoked: { identity: { wizardId: WIZARD_ID, hasQuestion: true, scanner: input.scanner } },
  },
  {
    event: identified,
    state: 'contract.loading',
    tags: { busy: true },
    context: { contractRef: contract.reference },
    invoked: { fetchContract: { reference: contract.reference } },
  },
  { event: contractLoaded, state: 'contract.reading', tags: { busy: false }, context: { contract } },
] as const;
const toLock = [
  ...toReading,
  {
    event: sign,
    state: 'contract.signing',
    tags: { busy: true },
    context: { invalid: null },
    invoked: { signContract: { wizardId: WIZARD_ID, signedBy: 'Neema Joseph Mushi' } },
  },
  { event: signed, state: 'lock.installing', tags: { busy: false }, invoked: lockInstall },
] as const;

/** The search finds the customer's deposit paid in a wizard of the agent's, who resumes it. */
const toResuming = [
  { event: search, state: 'searching.looking' },
  {
    event: heldFound,
    state: 'searching.heldByWizard',
    tags: { busy: false, paid: false },
    context: { held: heldWizard(), customer: null, phones: [], failure: null, wizardId: WIZARD_ID },
  },
  { event: resume, state: 'searching.resuming', tags: { busy: true }, invoked: { fetchWizard: { wizardId: HELD_ID } } },
] as const;
/** The held wizard taken over: its id, customer, phone, plan and deposit; nothing of the search is left. */
const adopted = {
  wizardId: HELD_ID,
  customer,
  phones: [],
  phone: heldStatus('otp').phone,
  period: 'daily',
  payer: null,
  attempt: 1,
  held: null,
  failure: null,
  invalid: null,
  leaving: false,
};

/** Steps that take a wizard to each state after payment (all tagged `paid`), to leave it from there. */
const paidStates: Array<[string, readonly { event: AnyEventObject; state: string }[]]> = [
  ['otp.sending', [...toDeposit, { event: paid, state: 'otp.sending' }]],
  ['otp.sendFailed', [...toDeposit, { event: paid, state: 'otp.sending' }, { event: otpsFail, state: 'otp.sendFailed' }]],
  ['otp.entering', toEntering],
  ['otp.verifying', [...toEntering, { event: bothCodes, state: 'otp.verifying' }]],
  ['identity', [...toEntering, { event: bothCodes, state: 'otp.verifying' }, { event: codesRight, state: 'identity' }]],
  ['contract.loading', toReading.slice(0, -1)],
  ['contract.loadFailed', [...toReading.slice(0, -1), { event: contractFails, state: 'contract.loadFailed' }]],
  ['contract.reading', toReading],
  ['contract.signing', toLock.slice(0, -1)],
  ['lock.installing', toLock],
  ['lock.loadFailed', [...toLock, { event: statusRefused, state: 'lock.loadFailed' }]],
];

export const firstDepositOracle: Oracle<typeof firstDepositModel.machine> = {
  model: firstDepositModel,
  initial: {
    state: 'searching.idle',
    tags: { busy: false },
    context: {
      wizardId: WIZARD_ID,
      customer: null,
      phones: [],
      phone: null,
      period: 'daily',
      payer: null,
      attempt: 1,
      deposit: null,
      loan: null,
      failure: null,
      invalid: null,
      held: null,
      leaving: false,
    },
  },
  scenarios: [
    { name: 'from the search to the loan', steps: [...toLock, { event: installed, state: 'done', status: 'done', context: { loan } }] },
    {
      name: 'a bad number is refused before sending; no such customer; found after all',
      steps: [
        { event: badSearch, state: 'searching.idle', context: { invalid: { msisdn: 'phoneInvalid' }, failure: null }, invoked: {} },
        { event: search, state: 'searching.looking', context: { invalid: null } },
        { event: noSuchCustomer, state: 'searching.idle', context: { failure: notFound, invalid: null } },
        { event: badSearch, state: 'searching.idle', context: { failure: null, invalid: { msisdn: 'phoneInvalid' } } },
      ],
    },
    {
      name: 'the customer qualifies for no phone, searched again',
      steps: [
        { event: search, state: 'searching.looking' },
        { event: foundNotQualified, state: 'searching.notQualified', context: { customer, phones: [], notQualified: 'no_limit' } },
        { event: badSearch, state: 'searching.notQualified', context: { invalid: { msisdn: 'phoneInvalid' } } },
        { event: search, state: 'searching.looking', context: { invalid: null }, invoked: { findPhones: { msisdn: '255754100200' } } },
      ],
    },
    {
      name: 'a bad number typed while a search runs is refused; the search goes on',
      steps: [
        { event: search, state: 'searching.looking' },
        { event: badSearch, state: 'searching.looking', context: { invalid: { msisdn: 'phoneInvalid' } }, invoked: {} },
        { event: search, state: 'searching.looking', context: { invalid: null }, invoked: { findPhones: { msisdn: '255754100200' } } },
      ],
    },
    {
      name: 'an unknown phone is refused; back to the search from the phones',
      steps: [...toChoosing, { event: back, state: 'searching.idle', context: { failure: null, invalid: null } }],
    },
    {
      name: 'another period, a bad paying number refused, then another payer',
      steps: [
        ...toConfirming,
        { event: weekly, state: 'confirmingPhone', context: { period: 'weekly' } },
        { event: badPayer, state: 'confirmingPhone', context: { invalid: { payment_msisdn: 'phoneInvalid' }, failure: null, payer: null } },
        {
          event: otherPayer,
          state: 'deposit',
          context: { payer: '255754300101', invalid: null },
          invoked: payment({ paymentMsisdn: '255754300101', period: 'weekly' }),
        },
      ],
    },
    {
      name: 'issue 17: the IMEI of the box is asked for, checked before sending, and a box the store cannot sell is scanned again',
      steps: [
        ...toConfirming,
        { event: noBox, state: 'confirmingPhone', context: { invalid: { imei: 'imeiMissing' }, failure: null, box: null }, invoked: {} },
        {
          event: badBoxAndPayer,
          state: 'confirmingPhone',
          context: { invalid: { payment_msisdn: 'phoneInvalid', imei: 'imeiInvalid' }, box: null },
          invoked: {},
        },
        { event: confirm, state: 'deposit', context: { box: BOX, invalid: null }, invoked: payment() },
        // Nothing was pushed: the same attempt goes with the next box, whose IMEI is taken with its spaces dropped.
        { event: boxRefused, state: 'confirmingPhone', context: { failure: boxTaken, attempt: 1, deposit: null } },
        { event: otherBox, state: 'deposit', context: { box: OTHER_BOX, failure: null }, invoked: payment({ imei: OTHER_BOX }) },
      ],
    },
    { name: 'back from confirming to the phones', steps: [...toConfirming, { event: back, state: 'choosingPhone', context: { phone } }] },
    {
      name: 'a declined push abandoned: the next push is a new attempt',
      steps: [
        ...toDeposit,
        { event: resumed, state: 'deposit' },
        { event: declined, state: 'confirmingPhone', context: { attempt: 2, deposit: null, payer: '255715300206' } },
        { event: confirm, state: 'deposit', invoked: payment({ attempt: 2 }) },
      ],
    },
    {
      name: 'OTP codes not sent, sent again; one code refused; a wrong code; asked again',
      steps: [
        ...toDeposit,
        { event: paid, state: 'otp.sending' },
        { event: otpsFail, state: 'otp.sendFailed', tags: { busy: false }, context: { failure: networkDown } },
        { event: resend, state: 'otp.sending', invoked: { sendOtps: { wizardId: WIZARD_ID } } },
        { event: otpsSent, state: 'otp.entering', context: { failure: null } },
        { event: oneCode, state: 'otp.entering', context: { invalid: { codes: 'codesMissing' }, failure: null }, invoked: {} },
        { event: bothCodes, state: 'otp.verifying', context: { invalid: null } },
        { event: codesWrong, state: 'otp.entering', context: { failure: wrongOtp, invalid: null } },
        { event: resend, state: 'otp.sending', invoked: { sendOtps: { wizardId: WIZARD_ID } } },
      ],
    },
    {
      name: 'the contract does not load, reloaded; terms not accepted; no signature; signing fails',
      steps: [
        ...toEntering,
        { event: bothCodes, state: 'otp.verifying' },
        { event: codesRight, state: 'identity' },
        { event: identified, state: 'contract.loading' },
        { event: contractFails, state: 'contract.loadFailed', tags: { busy: false }, context: { failure: networkDown } },
        {
          event: contractReload,
          state: 'contract.loading',
          context: { failure: null },
          invoked: { fetchContract: { reference: contract.reference } },
        },
        { event: contractLoaded, state: 'contract.reading' },
        {
          event: termsNotAccepted,
          state: 'contract.reading',
          context: { invalid: { accept_terms: 'termsNotAccepted' }, failure: null },
          invoked: {},
        },
        { event: noSignature, state: 'contract.reading', context: { invalid: { signed_by: 'signatureMissing' } }, invoked: {} },
        { event: sign, state: 'contract.signing', context: { invalid: null } },
        { event: signFails, state: 'contract.reading', context: { failure: networkDown, invalid: null } },
      ],
    },
    {
      name: "the lock's status refused: reloaded, then the loan",
      steps: [
        ...toLock,
        { event: statusRefused, state: 'lock.loadFailed', context: { failure: networkDown, loan: null } },
        { event: lockReload, state: 'lock.installing', context: { failure: null }, invoked: lockInstall },
        { event: installed, state: 'done', status: 'done', context: { loan } },
      ],
    },
    {
      name: 'the search refuses nothing typed and a national ID too long, and sends a national ID as typed',
      steps: [
        {
          event: { type: 'customer.search', query: { msisdn: '  ' } },
          state: 'searching.idle',
          context: { invalid: { msisdn: 'queryMissing' } },
          invoked: {},
        },
        {
          event: { type: 'customer.search', query: { national_id: 'X'.repeat(41) } },
          state: 'searching.idle',
          context: { invalid: { national_id: 'nationalIdInvalid' } },
        },
        {
          event: { type: 'customer.search', query: { national_id: ' ' } },
          state: 'searching.idle',
          context: { invalid: { msisdn: 'queryMissing' } },
        },
        {
          event: { type: 'customer.search', query: { national_id: customer.national_id } },
          state: 'searching.looking',
          context: { invalid: null },
          invoked: { findPhones: { national_id: customer.national_id } },
        },
      ],
    },
    {
      name: 'a refusal typed during the search is cleared by going back from the phones',
      steps: [
        { event: search, state: 'searching.looking' },
        { event: badSearch, state: 'searching.looking' },
        { event: found, state: 'choosingPhone' },
        { event: back, state: 'searching.idle', context: { invalid: null, failure: null } },
      ],
    },
    {
      name: 'a blank paying number is the customer paying',
      steps: [
        ...toConfirming,
        { event: { type: 'phone.confirmed', payer: '   ', imei: BOX }, state: 'deposit', context: { payer: null }, invoked: payment() },
      ],
    },
    {
      name: 'a customer without a security question: the identity check is told so',
      steps: [
        { event: search, state: 'searching.looking' },
        { event: { ...found, output: { ...qualified, customer: { ...customer, security_question: null } } }, state: 'choosingPhone' },
        { event: pick, state: 'confirmingPhone' },
        { event: confirm, state: 'deposit' },
        { event: paid, state: 'otp.sending' },
        { event: otpsSent, state: 'otp.entering' },
        { event: bothCodes, state: 'otp.verifying' },
        {
          event: codesRight,
          state: 'identity',
          invoked: { identity: { wizardId: WIZARD_ID, hasQuestion: false, scanner: input.scanner } },
        },
      ],
    },
    {
      name: "issue 17: another person's name or a part of the customer's is refused with its reason; the name in any case, accents and order is sent trimmed",
      steps: [
        ...toReading,
        {
          event: { type: 'contract.signed', acceptTerms: true, signedBy: 'John Doe' },
          state: 'contract.reading',
          context: { invalid: { signed_by: 'signatureNotCustomer' } },
          invoked: {},
        },
        {
          event: { type: 'contract.signed', acceptTerms: true, signedBy: ' Neema ' },
          state: 'contract.reading',
          context: { invalid: { signed_by: 'signatureIncomplete' } },
          invoked: {},
        },
        {
          event: { type: 'contract.signed', acceptTerms: true, signedBy: '  mushi NÉEMA joseph ' },
          state: 'contract.signing',
          context: { invalid: null },
          invoked: { signContract: { wizardId: WIZARD_ID, signedBy: 'mushi NÉEMA joseph' } },
        },
      ],
    },

    {
      name: "a push pending in a colleague's wizard: shown whose it is, not resumable, never the phones; another search",
      steps: [
        { event: search, state: 'searching.looking' },
        {
          event: colleagueHolds,
          state: 'searching.heldByWizard',
          context: { held: heldByColleague.wizard, customer: null, phones: [], failure: null },
        },
        {
          event: badSearch,
          state: 'searching.heldByWizard',
          context: { invalid: { msisdn: 'phoneInvalid' }, held: heldByColleague.wizard },
        },
        {
          event: search,
          state: 'searching.looking',
          context: { held: null, invalid: null },
          invoked: { findPhones: { msisdn: '255754100200' } },
        },
      ],
    },
    {
      name: 'the deposit paid in a wizard of the agent: resumed at the OTP step, its codes already sent, under its own id',
      steps: [
        ...toResuming,
        {
          event: fetched('otp'),
          state: 'otp.entering',
          tags: { busy: false, paid: true },
          context: { ...adopted, deposit: { ...depositCompleted, wizard_id: HELD_ID }, otpSentTo: null },
          invoked: {},
        },
        {
          event: bothCodes,
          state: 'otp.verifying',
          invoked: { verifyOtps: { wizardId: HELD_ID, agentCode: '123456', customerCode: '654321' } },
        },
        { event: codesRight, state: 'identity', invoked: { identity: { wizardId: HELD_ID, hasQuestion: true, scanner: input.scanner } } },
      ],
    },
    {
      name: 'resumed at the OTP step before the codes went out: they are sent',
      steps: [
        ...toResuming,
        {
          event: fetched('otp', { otp_sent: false }),
          state: 'otp.sending',
          tags: { paid: true },
          context: adopted,
          invoked: { sendOtps: { wizardId: HELD_ID } },
        },
      ],
    },
    {
      name: 'resumed at the identity check',
      steps: [
        ...toResuming,
        {
          event: fetched('identity'),
          state: 'identity',
          tags: { paid: true },
          context: adopted,
          invoked: { identity: { wizardId: HELD_ID, hasQuestion: true, scanner: input.scanner } },
        },
      ],
    },
    {
      name: 'resumed at the contract: the contract of that wizard is loaded',
      steps: [
        ...toResuming,
        {
          event: fetched('contract'),
          state: 'contract.loading',
          tags: { paid: true },
          context: { ...adopted, contractRef: contract.reference },
          invoked: { fetchContract: { reference: contract.reference } },
        },
      ],
    },
    {
      name: 'resumed at the lock: the lock of that wizard is installed, then the loan',
      steps: [
        ...toResuming,
        {
          event: fetched('lock'),
          state: 'lock.installing',
          tags: { paid: true },
          context: adopted,
          invoked: { lockInstall: { params: { wizardId: HELD_ID }, mayGoBack: false } },
        },
        { event: installed, state: 'done', status: 'done', context: { loan, wizardId: HELD_ID } },
      ],
    },
    {
      name: 'resumed with its push still pending: the same push of that wizard is asked again (never a new charge)',
      steps: [
        ...toResuming,
        {
          event: fetched('deposit'),
          state: 'deposit',
          tags: { paid: false },
          context: { ...adopted, deposit: { ...depositPending, wizard_id: HELD_ID } },
          // The box the wizard holds on the server is the one pushed again.
          invoked: payment({ wizardId: HELD_ID, attempt: 1, imei: heldStatus('deposit').imei }),
        },
      ],
    },
    {
      name: 'the wizard to resume was finished meanwhile: its loan is shown',
      steps: [...toResuming, { event: fetched('done'), state: 'done', status: 'done', context: { loan, wizardId: HELD_ID } }],
    },
    {
      name: 'the wizard to resume was released meanwhile: nothing to resume, the agent is told and may search again',
      steps: [
        ...toResuming,
        { event: fetched('abandoned'), state: 'searching.idle', context: { held: null, failure: abandonedFailure, wizardId: WIZARD_ID } },
        { event: search, state: 'searching.looking', context: { failure: null } },
      ],
    },
    {
      name: 'the held wizard does not load: still offered, resumed again; a search while resuming starts over',
      steps: [
        ...toResuming,
        { event: fetchFails, state: 'searching.heldByWizard', context: { held: heldWizard(), failure: networkDown } },
        { event: resume, state: 'searching.resuming', context: { failure: null }, invoked: { fetchWizard: { wizardId: HELD_ID } } },
        { event: badSearch, state: 'searching.resuming', context: { invalid: { msisdn: 'phoneInvalid' } } },
        { event: search, state: 'searching.looking', context: { held: null, invalid: null } },
      ],
    },
    {
      name: 'the refusal without the wizard it should name: shown as a refusal, the phones never offered',
      steps: [
        { event: search, state: 'searching.looking' },
        { event: heldNoWizard, state: 'searching.idle', context: { failure: heldUnnamed, held: null, phones: [] } },
      ],
    },
    {
      name: 'before payment "Start a new deposit" leaves at once, from the phones, the confirmation and the payment',
      steps: [...toChoosing, { event: startOver, state: 'left', status: 'done' }],
    },
    { name: 'left from confirming the phone', steps: [...toConfirming, { event: startOver, state: 'left', status: 'done' }] },
    { name: 'left while the push runs', steps: [...toDeposit, { event: startOver, state: 'left', status: 'done' }] },
    ...paidStates.map(([state, path]) => ({
      name: `after payment (${state}) leaving asks first: kept on cancel, left only once confirmed`,
      steps: [
        ...path,
        { event: startOver, state, tags: { paid: true }, context: { leaving: true } },
        { event: stay, state, context: { leaving: false } },
        { event: startOver, state, context: { leaving: true } },
        { event: leave, state: 'left', status: 'done' as const },
      ],
    })),
  ],
  refuses: {
    'searching.idle': [pick, confirm, back, resumed, resume, startOver, leave],
    // A colleague's wizard (the first scenario to reach it): not resumable; the phones and the deposit never offered.
    'searching.heldByWizard': [resume, pick, confirm, back, startOver],
    'searching.resuming': [resume, pick, startOver],
    'otp.entering': [leave, resume],
    choosingPhone: [pickUnknown, confirm, search],
    deposit: [back, confirm, search],
    'otp.sending': [bothCodes, resend, back],
    'otp.sendFailed': [bothCodes],
    'otp.verifying': [bothCodes, resend],
    identity: [back, search],
    'contract.loading': [sign, contractReload],
    'contract.reading': [back, contractReload],
    'contract.signing': [sign, back],
    'lock.installing': [lockReload, back, sign],
    'lock.loadFailed': [back, sign],
    done: [search, lockReload, startOver],
    left: [search, startOver, leave],
  } satisfies Record<string, AnyEventObject[]>,
};
