import { fromPromise } from 'xstate';
// The wizard's calls only, not the whole table (decision 038).
import { depositRoutes as routes } from '../contract/deposit-routes';
import type { RepaymentPeriod } from '../contract/deposits';
import { firstDepositMachine, lockOfWizard, type CustomerQuery, type FirstDepositInput } from '../machines/first-deposit.machine';
import { lockInstallMachine } from '../machines/lock-install.machine';
import { depositPaymentMachine } from '../machines/deposit-payment.machine';
import { identityCheckMachine } from '../machines/identity-check.machine';
import { liveScannerCapture } from './device-bridge';
import { liveVivoAuthCode } from './vivo-auth-code';
import { call } from './http';

const livePayment = depositPaymentMachine.provide({
  actors: {
    pushDeposit: fromPromise(
      ({
        input,
      }: {
        input: {
          wizardId: string;
          attempt: number;
          msisdn: string;
          paymentMsisdn: string | null;
          imei: string | null;
          phonePriceId: number;
          period: RepaymentPeriod;
        };
      }) =>
        call(routes.depositPush, {
          body: {
            wizard_id: input.wizardId,
            attempt: input.attempt,
            msisdn: input.msisdn,
            ...(input.paymentMsisdn ? { payment_msisdn: input.paymentMsisdn } : {}),
            ...(input.imei ? { imei: input.imei } : {}),
            phone_price_id: input.phonePriceId,
            repayment_period: input.period,
          },
        }),
    ),
    confirmDeposit: fromPromise(({ input }: { input: { wizardId: string; attempt: number } }) =>
      call(routes.depositConfirm, { body: { wizard_id: input.wizardId, attempt: input.attempt } }),
    ),
  },
});

const liveIdentity = identityCheckMachine.provide({
  actors: {
    scannerCapture: liveScannerCapture,
    verifyFingerprint: fromPromise(({ input }: { input: { wizardId: string; nidaNumber: string; fingerprint: string } }) =>
      call(routes.verifyFingerprint, {
        body: { wizard_id: input.wizardId, nida_number: input.nidaNumber, fingerprint: input.fingerprint },
      }),
    ),
    verifySecurityAnswer: fromPromise(({ input }: { input: { wizardId: string; answer: string } }) =>
      call(routes.verifySecurityAnswer, { body: { wizard_id: input.wizardId, answer: input.answer } }),
    ),
  },
});

/** The wizard with every effect wired to /portal_api and the local biometric device service. */
export const liveFirstDeposit = firstDepositMachine.provide({
  actors: {
    findPhones: fromPromise(({ input }: { input: CustomerQuery }) => call(routes.qualifiedPhones, { body: input })),
    depositPayment: livePayment,
    // Both codes go out together: the agent's, then the customer's. The answer names the customer's number.
    sendOtps: fromPromise(async ({ input }: { input: { wizardId: string } }) => {
      await call(routes.agentOtp, { body: { wizard_id: input.wizardId } });
      return call(routes.customerOtp, { body: { wizard_id: input.wizardId } });
    }),
    verifyOtps: fromPromise(({ input }: { input: { wizardId: string; agentCode: string; customerCode: string } }) =>
      call(routes.verifyOtps, { body: { wizard_id: input.wizardId, agent_code: input.agentCode, customer_code: input.customerCode } }),
    ),
    identityCheck: liveIdentity,
    fetchContract: fromPromise(({ input }: { input: { reference: string } }) => call(routes.contractDetails, { body: input })),
    signContract: fromPromise(({ input }: { input: { wizardId: string; signedBy: string } }) =>
      call(routes.signContract, { body: { wizard_id: input.wizardId, accept_terms: true, signed_by: input.signedBy } }),
    ),
    // The customer's held wizard, resumed where it stands (decision 010: no new call, the wizard's status).
    fetchWizard: fromPromise(({ input }: { input: { wizardId: string } }) =>
      call(routes.wizardStatus, { body: { wizard_id: input.wizardId } }),
    ),
    lockInstall: lockInstallMachine.provide({
      actors: {
        prepare: fromPromise(async ({ input }: { input: Record<string, string> }) =>
          lockOfWizard(await call(routes.wizardStatus, { body: { wizard_id: input.wizardId! } })),
        ),
        vivoAuthCode: liveVivoAuthCode,
        confirm: fromPromise<unknown, Record<string, string>>(({ input }) =>
          call(routes.confirmLockActivation, { body: { wizard_id: input.wizardId!, lock_installed: true, app_installed: true } }),
        ),
      },
    }),
  },
});

/** How long the customer has to approve the push before the agent is told "no answer yet": 30 checks, 3 s apart. */
export const WIZARD_LIMITS = { maxAttempts: 20, pollLimit: 30 } as const;
export const SCANNER_DEFAULTS = { timeoutMs: 10_000, minQuality: 50 } as const;

export function newWizardInput(bridgeUrl: string, makeId: () => string = () => crypto.randomUUID()): FirstDepositInput {
  return { wizardId: makeId(), scanner: { bridgeUrl, ...SCANNER_DEFAULTS }, ...WIZARD_LIMITS };
}

// Kept in a module of its own, which the wizard's first view reads before this one has arrived.
export { wizardStore } from './saved-wizard';
