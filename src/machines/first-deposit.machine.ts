import { assign, fromPromise, sendTo, setup } from 'xstate';
import { toCallFailure, type CallFailure } from '../lib/call-failure';
import { parseMsisdn } from '../lib/msisdn';
import { parseImei } from '../lib/imei';
import { signatureProblem } from '../lib/signature';
import {
  depositUnfinishedReason,
  otpVerifyRequest,
  qualifiedPhonesRequest,
  unfinishedWizard,
  type ContractDetails,
  type DepositStatus,
  type LoanSummary,
  type QualifiedPhone,
  type QualifiedPhonesResponse,
  type RepaymentPeriod,
  type UnfinishedWizard,
  type WizardCustomer,
  type WizardStatus,
} from '../contract/deposits';
import { depositPaymentMachine, type DepositPaymentOutput } from './deposit-payment.machine';
import { identityCheckMachine, type IdentityCheckOutput, type ScannerSettings } from './identity-check.machine';
import { lockInstallMachine, type LockInstallOutput, type LockToInstall } from './lock-install.machine';

export interface FirstDepositInput {
  /** Made once per wizard by the portal; names the wizard on the server and keys the deposit push. */
  wizardId: string;
  scanner: ScannerSettings;
  maxAttempts: number;
  pollLimit: number;
}

export type CustomerQuery = { msisdn?: string; national_id?: string };

type Context = FirstDepositInput & {
  customer: WizardCustomer | null;
  phones: QualifiedPhone[];
  notQualified: QualifiedPhonesResponse['not_qualified_reason'];
  /** The chosen phone (a resumed wizard's comes from the server, without the stock count). */
  phone: Omit<QualifiedPhone, 'in_stock'> | null;
  period: RepaymentPeriod;
  /** The mobile-money number that pays, when it is not the customer's own (255XXXXXXXXX). */
  payer: string | null;
  /** The IMEI of the box the agent hands over, scanned or typed (issue 17); the server checks it against the stock. */
  box: string | null;
  attempt: number;
  deposit: DepositStatus | null;
  otpSentTo: string | null;
  contractRef: string | null;
  contract: ContractDetails | null;
  loan: LoanSummary | null;
  failure: CallFailure | null;
  /** Inputs refused before sending: field name to a code the screen words ('codesMissing'). */
  invalid: Record<string, string> | null;
  /** The customer's deposit in progress in another wizard, handed back by the search (decision 010): resumed, never retaken. */
  held: UnfinishedWizard | null;
  /** The agent asked to leave a paid wizard: the screen asks them to confirm (nothing changes until they do). */
  leaving: boolean;
};

const notProvided = async (): Promise<never> => {
  throw new Error('provided by src/services/first-deposit.ts');
};

/** Why the contract refuses a search: a number that is no phone number, a national ID too long, or nothing. */
const queryRefused = ({ msisdn, national_id }: CustomerQuery): Record<string, string> => {
  if (msisdn?.trim() && !parseMsisdn(msisdn)) return { msisdn: 'phoneInvalid' };
  return national_id?.trim() ? { national_id: 'nationalIdInvalid' } : { msisdn: 'queryMissing' };
};

/** The customer's full name as on record (what the signature must be). */
const customerNameOf = (context: Context) => (context.customer ? `${context.customer.first_name} ${context.customer.other_names}` : '');

const output = <T>(event: unknown) => (event as { output: T }).output;

/** The wizard a refused search hands back (409 paid_deposit_unfinished or deposit_push_pending), if that is the refusal. */
const heldWizardOf = (error: unknown): UnfinishedWizard | null => {
  const failure = error as { status?: unknown; reason?: unknown; wizard?: unknown } | null;
  if (failure?.status !== 409 || !depositUnfinishedReason.safeParse(failure.reason).success) return null;
  const wizard = unfinishedWizard.safeParse(failure.wizard);
  return wizard.success ? wizard.data : null;
};

/** Leaving a wizard before anything is paid: nothing is lost, the screen starts a new one. */
const leaveAtOnce = { 'wizard.startOver': '#firstDeposit.left' } as const;
/**
 * Leaving a paid wizard (states tagged `paid`): asked first. The deposit stays with the server, held for this
 * wizard, and the search hands it back to resume; without the agent's confirmation nothing changes.
 */
const leaveWhenConfirmed = {
  'wizard.startOver': { actions: 'askToLeave' },
  'wizard.leaveCancelled': { actions: 'stayHere' },
  'wizard.leaveConfirmed': { guard: 'askedToLeave', target: '#firstDeposit.left' },
} as const;

/** The wizard's status as the lock to install: the chosen phone's lock, on the handset given out; vivo asks a code. */
export const lockOfWizard = ({ imei, lock }: WizardStatus): LockToInstall => ({
  imei,
  ...lock,
  vivo_code_required: lock.lock_solution_type === 'vivo',
});

/**
 * The customer first-time deposit, in the spec's order: find the customer, the phones they qualify for, pick and
 * confirm one, pay the deposit (child: deposit-payment), OTP codes to agent and customer, identity (child:
 * identity-check, which runs scanner-capture), sign the contract, install the lock (child: lock-install, the
 * lock change's too), and the loan is created. Going back is offered only where nothing is paid or signed yet.
 */
export const firstDepositMachine = setup({
  types: {
    input: {} as FirstDepositInput,
    context: {} as Context,
    events: {} as
      | { type: 'customer.search'; query: CustomerQuery }
      | { type: 'phone.picked'; phonePriceId: number }
      | { type: 'period.chosen'; period: RepaymentPeriod }
      | { type: 'phone.confirmed'; payer?: string; imei?: string }
      | { type: 'wizard.back' }
      | { type: 'wizard.resumed' }
      | { type: 'otp.resend' }
      | { type: 'otp.codesEntered'; agentCode: string; customerCode: string }
      | { type: 'contract.reload' }
      | { type: 'contract.signed'; acceptTerms: boolean; signedBy: string }
      | { type: 'lock.reload' }
      | { type: 'held.resume' }
      | { type: 'wizard.startOver' }
      | { type: 'wizard.leaveConfirmed' }
      | { type: 'wizard.leaveCancelled' },
  },
  actors: {
    findPhones: fromPromise<QualifiedPhonesResponse, CustomerQuery>(notProvided),
    depositPayment: depositPaymentMachine,
    sendOtps: fromPromise<{ sent_to: string; expires_at: string }, { wizardId: string }>(notProvided),
    verifyOtps: fromPromise<{ verified: true }, { wizardId: string; agentCode: string; customerCode: string }>(notProvided),
    identityCheck: identityCheckMachine,
    fetchContract: fromPromise<ContractDetails, { reference: string }>(notProvided),
    signContract: fromPromise<{ reference: string; contract_url: string; signed_at: string }, { wizardId: string; signedBy: string }>(
      notProvided,
    ),
    lockInstall: lockInstallMachine,
    fetchWizard: fromPromise<WizardStatus, { wizardId: string }>(notProvided),
  },
  guards: {
    validQuery: ({ event }) => event.type === 'customer.search' && qualifiedPhonesRequest.safeParse(event.query).success,
    qualifies: ({ event }) => output<QualifiedPhonesResponse>(event).phones.length > 0,
    /** A paying number that is a phone number (or none: the customer pays), and the IMEI of the box in hand. */
    validDepositDetails: ({ event }) =>
      event.type === 'phone.confirmed' && (!event.payer?.trim() || parseMsisdn(event.payer) !== null) && parseImei(event.imei) !== null,
    /** The push refused the box (its IMEI is not one the store can sell now): nothing was pushed. */
    boxRefused: ({ event }) => output<DepositPaymentOutput>(event).boxRefused !== null,
    knownPhone: ({ context, event }) =>
      event.type === 'phone.picked' && context.phones.some((p) => p.phone_price_id === event.phonePriceId),
    paid: ({ event }) => output<DepositPaymentOutput>(event).paid,
    bothCodes: ({ context, event }) =>
      event.type === 'otp.codesEntered' &&
      otpVerifyRequest.safeParse({ wizard_id: context.wizardId, agent_code: event.agentCode, customer_code: event.customerCode }).success,
    /** The terms accepted and the customer's own full name typed (any case, accents and order), as the server checks it. */
    termsSigned: ({ context, event }) =>
      event.type === 'contract.signed' && event.acceptTerms && signatureProblem(event.signedBy, customerNameOf(context)) === null,
    installed: ({ event }) => 'installed' in output<LockInstallOutput>(event),
    heldByWizard: ({ event }) => heldWizardOf((event as { error?: unknown }).error) !== null,
    heldIsYours: ({ context }) => context.held?.yours === true,
    askedToLeave: ({ context }) => context.leaving,
    /** Where a resumed wizard goes on, from where the server says it stands (and whether its codes went out). */
    resumesAt: ({ event }, params: { step: WizardStatus['step']; codesSent?: boolean }) => {
      const w = output<WizardStatus>(event);
      return w.step === params.step && (params.codesSent === undefined || w.otp_sent === params.codesSent);
    },
  },
  actions: {
    clearFeedback: assign({ failure: null, invalid: null }),
    keepFailure: assign({ failure: ({ event }) => toCallFailure((event as unknown as { error: unknown }).error), invalid: null }),
    /** The wizard as the server knows it, taken over by this one (its id, customer, phone, deposit and contract). */
    adoptWizard: assign(({ event }) => {
      const w = output<WizardStatus>(event);
      return {
        wizardId: w.wizard_id,
        customer: w.customer,
        phones: [],
        notQualified: null,
        phone: w.phone,
        period: w.repayment_period,
        payer: w.deposit.payment_msisdn === w.customer.msisdn ? null : w.deposit.payment_msisdn,
        box: w.imei || null,
        attempt: w.deposit.attempt,
        deposit: w.deposit,
        otpSentTo: null,
        contractRef: w.contract_ref,
        loan: w.loan,
        held: null,
        failure: null,
        invalid: null,
      };
    }),
    askToLeave: assign({ leaving: true }),
    stayHere: assign({ leaving: false }),
  },
}).createMachine({
  id: 'firstDeposit',
  context: ({ input }) => ({
    ...input,
    customer: null,
    phones: [],
    notQualified: null,
    phone: null,
    period: 'daily',
    payer: null,
    box: null,
    attempt: 1,
    deposit: null,
    otpSentTo: null,
    contractRef: null,
    contract: null,
    loan: null,
    failure: null,
    invalid: null,
    held: null,
    leaving: false,
  }),
  initial: 'searching',
  states: {
    searching: {
      initial: 'idle',
      on: {
        'customer.search': [
          { guard: 'validQuery', target: '.looking', actions: ['clearFeedback', assign({ held: null })] },
          {
            actions: assign({ invalid: ({ event }) => queryRefused(event.query), failure: null }),
          },
        ],
      },
      states: {
        idle: {},
        looking: {
          tags: ['busy'],
          invoke: {
            id: 'findPhones',
            src: 'findPhones',
            // Sent as the contract reads it: the number in its 255XXXXXXXXX form.
            input: ({ event }) => qualifiedPhonesRequest.parse((event as { query: CustomerQuery }).query),
            onDone: [
              {
                guard: 'qualifies',
                target: '#firstDeposit.choosingPhone',
                actions: assign(({ event }) => ({ customer: event.output.customer, phones: event.output.phones, notQualified: null })),
              },
              {
                target: 'notQualified',
                actions: assign(({ event }) => ({
                  customer: event.output.customer,
                  phones: [],
                  notQualified: event.output.not_qualified_reason,
                })),
              },
            ],
            onError: [
              // The customer's deposit is paid (or its push pending) in another wizard: offered to resume, never retaken.
              {
                guard: 'heldByWizard',
                target: 'heldByWizard',
                actions: assign({ held: ({ event }) => heldWizardOf(event.error), customer: null, phones: [], notQualified: null }),
              },
              { target: 'idle', actions: 'keepFailure' },
            ],
          },
        },
        /** "Customer does not qualify for any phone". */
        notQualified: {},
        /**
         * The customer's deposit is in progress in a wizard (`held`): its agent may resume it; another agent sees
         * whose it is and when it is released. There is no way from here to the phones: the deposit is never retaken.
         */
        heldByWizard: {
          on: { 'held.resume': { guard: 'heldIsYours', target: 'resuming', actions: 'clearFeedback' } },
        },
        /** Fetching the held wizard from the server, to go on at the step it waits at with its id. */
        resuming: {
          tags: ['busy'],
          invoke: {
            id: 'fetchWizard',
            src: 'fetchWizard',
            input: ({ context }) => ({ wizardId: context.held!.wizard_id }),
            onDone: [
              { guard: { type: 'resumesAt', params: { step: 'deposit' } }, target: '#firstDeposit.deposit', actions: 'adoptWizard' },
              // Codes already sent are still good for a while: entered, or new ones asked for (a resend is limited).
              {
                guard: { type: 'resumesAt', params: { step: 'otp', codesSent: true } },
                target: '#firstDeposit.otp.entering',
                actions: 'adoptWizard',
              },
              { guard: { type: 'resumesAt', params: { step: 'otp' } }, target: '#firstDeposit.otp', actions: 'adoptWizard' },
              { guard: { type: 'resumesAt', params: { step: 'identity' } }, target: '#firstDeposit.identity', actions: 'adoptWizard' },
              { guard: { type: 'resumesAt', params: { step: 'contract' } }, target: '#firstDeposit.contract', actions: 'adoptWizard' },
              { guard: { type: 'resumesAt', params: { step: 'lock' } }, target: '#firstDeposit.lock', actions: 'adoptWizard' },
              { guard: { type: 'resumesAt', params: { step: 'done' } }, target: '#firstDeposit.done', actions: 'adoptWizard' },
              // Released meanwhile (its deposit with finance): nothing to resume, the customer may be searched again.
              {
                target: 'idle',
                actions: assign({
                  held: null,
                  failure: { status: 409, reason: 'wizard_abandoned', message: 'This wizard was left unfinished and released' },
                }),
              },
            ],
            onError: { target: 'heldByWizard', actions: 'keepFailure' },
          },
        },
      },
    },
    choosingPhone: {
      on: {
        'phone.picked': {
          guard: 'knownPhone',
          target: 'confirmingPhone',
          actions: assign({ phone: ({ context, event }) => context.phones.find((p) => p.phone_price_id === event.phonePriceId)! }),
        },
        'wizard.back': { target: 'searching', actions: 'clearFeedback' },
        ...leaveAtOnce,
      },
    },
    confirmingPhone: {
      on: {
        'period.chosen': { actions: assign({ period: ({ event }) => event.period }) },
        'phone.confirmed': [
          {
            guard: 'validDepositDetails',
            target: 'deposit',
            actions: [
              'clearFeedback',
              assign({
                payer: ({ event }) => (event.payer?.trim() ? parseMsisdn(event.payer) : null),
                box: ({ event }) => parseImei(event.imei),
              }),
            ],
          },
          {
            actions: assign({
              invalid: ({ event }) => ({
                ...(event.payer?.trim() && parseMsisdn(event.payer) === null ? { payment_msisdn: 'phoneInvalid' } : {}),
                ...(parseImei(event.imei) === null ? { imei: event.imei?.trim() ? 'imeiInvalid' : 'imeiMissing' } : {}),
              }),
              failure: null,
            }),
          },
        ],
        'wizard.back': 'choosingPhone',
        ...leaveAtOnce,
      },
    },
    deposit: {
      // Restored from a saved snapshot, whose timers are gone: the payment checks again at once.
      on: { 'wizard.resumed': { actions: sendTo('payment', { type: 'deposit.resumed' }) }, ...leaveAtOnce },
      invoke: {
        id: 'payment',
        src: 'depositPayment',
        input: ({ context }) => ({
          wizardId: context.wizardId,
          msisdn: context.customer!.msisdn,
          paymentMsisdn: context.payer,
          imei: context.box,
          phonePriceId: context.phone!.phone_price_id,
          period: context.period,
          attempt: context.attempt,
          maxAttempts: context.maxAttempts,
          pollLimit: context.pollLimit,
        }),
        onDone: [
          {
            guard: 'paid',
            target: 'otp',
            actions: assign(({ event }) => ({ deposit: event.output.status, attempt: event.output.attempt })),
          },
          // The box's IMEI refused before anything was pushed: the same attempt, another box.
          {
            guard: 'boxRefused',
            target: 'confirmingPhone',
            actions: assign({ failure: ({ event }) => event.output.boxRefused, invalid: null }),
          },
          // Declined and the agent went back: nothing was charged, the next push is a new attempt.
          {
            target: 'confirmingPhone',
            actions: assign({ attempt: ({ event }) => event.output.attempt + 1, payer: ({ event }) => event.output.paymentMsisdn }),
          },
        ],
      },
    },
    otp: {
      tags: ['paid'],
      on: leaveWhenConfirmed,
      initial: 'sending',
      states: {
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'sendOtps',
            src: 'sendOtps',
            input: ({ context }) => ({ wizardId: context.wizardId }),
            onDone: { target: 'entering', actions: [assign({ otpSentTo: ({ event }) => event.output.sent_to }), 'clearFeedback'] },
            onError: { target: 'sendFailed', actions: 'keepFailure' },
          },
        },
        sendFailed: { on: { 'otp.resend': 'sending' } },
        entering: {
          on: {
            'otp.resend': 'sending',
            'otp.codesEntered': [
              { guard: 'bothCodes', target: 'verifying', actions: 'clearFeedback' },
              { actions: assign({ invalid: { codes: 'codesMissing' }, failure: null }) },
            ],
          },
        },
        verifying: {
          tags: ['busy'],
          invoke: {
            id: 'verifyOtps',
            src: 'verifyOtps',
            input: ({ context, event }) => {
              const { agentCode, customerCode } = event as { agentCode: string; customerCode: string };
              return { wizardId: context.wizardId, agentCode, customerCode };
            },
            onDone: '#firstDeposit.identity',
            onError: { target: 'entering', actions: 'keepFailure' },
          },
        },
      },
    },
    identity: {
      tags: ['paid'],
      on: leaveWhenConfirmed,
      invoke: {
        id: 'identity',
        src: 'identityCheck',
        input: ({ context }) => ({
          wizardId: context.wizardId,
          hasQuestion: !!context.customer?.security_question,
          scanner: context.scanner,
        }),
        onDone: { target: 'contract', actions: assign({ contractRef: ({ event }) => (event.output as IdentityCheckOutput).contractRef }) },
      },
    },
    contract: {
      tags: ['paid'],
      on: leaveWhenConfirmed,
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'fetchContract',
            src: 'fetchContract',
            input: ({ context }) => ({ reference: context.contractRef! }),
            onDone: { target: 'reading', actions: assign({ contract: ({ event }) => event.output }) },
            onError: { target: 'loadFailed', actions: 'keepFailure' },
          },
        },
        loadFailed: { on: { 'contract.reload': { target: 'loading', actions: 'clearFeedback' } } },
        reading: {
          on: {
            'contract.signed': [
              { guard: 'termsSigned', target: 'signing', actions: 'clearFeedback' },
              {
                actions: assign({
                  invalid: ({ context, event }): Record<string, string> =>
                    event.acceptTerms
                      ? { signed_by: signatureProblem(event.signedBy, customerNameOf(context)) ?? 'signatureInvalid' }
                      : { accept_terms: 'termsNotAccepted' },
                  failure: null,
                }),
              },
            ],
          },
        },
        signing: {
          tags: ['busy'],
          invoke: {
            id: 'signContract',
            src: 'signContract',
            input: ({ context, event }) => ({ wizardId: context.wizardId, signedBy: (event as { signedBy: string }).signedBy.trim() }),
            onDone: '#firstDeposit.lock',
            onError: { target: 'reading', actions: 'keepFailure' },
          },
        },
      },
    },
    lock: {
      tags: ['paid'],
      on: leaveWhenConfirmed,
      initial: 'installing',
      states: {
        installing: {
          invoke: {
            id: 'lockInstall',
            src: 'lockInstall',
            input: ({ context }) => ({ params: { wizardId: context.wizardId }, mayGoBack: false }),
            onDone: [
              {
                guard: 'installed',
                target: '#firstDeposit.done',
                actions: assign({ loan: ({ event }) => (event.output as { installed: LoanSummary }).installed }),
              },
              // The wizard cannot go back from its lock: the only other outcome is the status call refused.
              { target: 'loadFailed', actions: assign({ failure: ({ event }) => (event.output as { refused: CallFailure }).refused }) },
            ],
          },
        },
        loadFailed: { on: { 'lock.reload': { target: 'installing', actions: 'clearFeedback' } } },
      },
    },
    done: { type: 'final' },
    /** The agent left this wizard (after confirming, when it was paid): the screen starts a new one. */
    left: { type: 'final' },
  },
});
