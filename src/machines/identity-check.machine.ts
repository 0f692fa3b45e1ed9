import { assign, fromPromise, setup } from 'xstate';
import { toCallFailure, type CallFailure } from '../lib/call-failure';
import { fingerprintVerifyRequest, securityAnswerRequest } from '../contract/deposits';
import { scannerCaptureMachine } from './scanner-capture.machine';

export interface ScannerSettings {
  bridgeUrl: string;
  timeoutMs: number;
  minQuality: number;
}

export interface IdentityCheckInput {
  wizardId: string;
  /** The customer has a security question on record (otherwise only the fingerprint check is offered). */
  hasQuestion: boolean;
  scanner: ScannerSettings;
}

export interface IdentityCheckOutput {
  method: 'fingerprint' | 'security_question';
  contractRef: string;
}

interface Captured {
  template: string;
  imageBase64: string;
  quality: number;
}

type Verified = { verified: true; method: 'fingerprint' | 'security_question'; contract_ref: string };

const notProvided = async (): Promise<never> => {
  throw new Error('provided by src/services/first-deposit.ts');
};

const fieldErrors = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) =>
  Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.message]));

/**
 * The identity check of the first-time deposit: either the NIDA number with a fingerprint scan (the scan is its
 * own machine, scanner-capture) checked against the NIDA registry, or the customer's security question. Either
 * way the server answers with the contract the customer is about to sign.
 */
export const identityCheckMachine = setup({
  types: {
    input: {} as IdentityCheckInput,
    output: {} as IdentityCheckOutput,
    context: {} as IdentityCheckInput & {
      fingerprint: Captured | null;
      result: IdentityCheckOutput | null;
      failure: CallFailure | null;
      invalid: Record<string, string> | null;
    },
    events: {} as
      | { type: 'identity.fingerprintChosen' }
      | { type: 'identity.questionChosen' }
      | { type: 'identity.methodChanged' }
      | { type: 'fingerprint.recapture' }
      | { type: 'fingerprint.submitted'; nidaNumber: string }
      | { type: 'answer.submitted'; answer: string },
  },
  actors: {
    scannerCapture: scannerCaptureMachine,
    verifyFingerprint: fromPromise<Verified, { wizardId: string; nidaNumber: string; fingerprint: string }>(notProvided),
    verifySecurityAnswer: fromPromise<Verified, { wizardId: string; answer: string }>(notProvided),
  },
  guards: {
    hasQuestion: ({ context }) => context.hasQuestion,
    validNida: ({ context, event }) =>
      event.type === 'fingerprint.submitted' &&
      fingerprintVerifyRequest.safeParse({
        wizard_id: context.wizardId,
        nida_number: event.nidaNumber,
        fingerprint: context.fingerprint?.template,
      }).success,
    validAnswer: ({ context, event }) =>
      event.type === 'answer.submitted' && securityAnswerRequest.safeParse({ wizard_id: context.wizardId, answer: event.answer }).success,
  },
  actions: {
    clearFeedback: assign({ failure: null, invalid: null }),
    keepFailure: assign({ failure: ({ event }) => toCallFailure((event as unknown as { error: unknown }).error), invalid: null }),
    keepResult: assign({
      result: ({ event }) => {
        const { method, contract_ref } = (event as unknown as { output: Verified }).output;
        return { method, contractRef: contract_ref };
      },
    }),
  },
}).createMachine({
  id: 'identityCheck',
  context: ({ input }) => ({ ...input, fingerprint: null, result: null, failure: null, invalid: null }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'identity.fingerprintChosen': { target: 'fingerprint', actions: 'clearFeedback' },
        'identity.questionChosen': { guard: 'hasQuestion', target: 'question', actions: 'clearFeedback' },
      },
    },
    fingerprint: {
      initial: 'capturing',
      on: { 'identity.methodChanged': { target: 'choosing', actions: [assign({ fingerprint: null }), 'clearFeedback'] } },
      states: {
        capturing: {
          invoke: {
            id: 'scanner',
            src: 'scannerCapture',
            input: ({ context }) => context.scanner,
            onDone: {
              target: 'captured',
              actions: assign({
                fingerprint: ({ event }) => {
                  const { template, imageBase64, quality } = event.output as Captured;
                  return { template, imageBase64, quality };
                },
              }),
            },
          },
        },
        captured: {
          on: {
            'fingerprint.recapture': { target: 'capturing', actions: 'clearFeedback' },
            'fingerprint.submitted': [
              { guard: 'validNida', target: 'verifying', actions: 'clearFeedback' },
              { actions: assign({ invalid: { nida_number: 'valid NIDA number required' }, failure: null }) },
            ],
          },
        },
        verifying: {
          tags: ['busy'],
          invoke: {
            id: 'verifyFingerprint',
            src: 'verifyFingerprint',
            input: ({ context, event }) => ({
              wizardId: context.wizardId,
              nidaNumber: (event as { nidaNumber: string }).nidaNumber,
              fingerprint: context.fingerprint!.template,
            }),
            onDone: { target: '#identityCheck.verified', actions: 'keepResult' },
            onError: { target: 'captured', actions: 'keepFailure' },
          },
        },
      },
    },
    question: {
      initial: 'answering',
      on: { 'identity.methodChanged': { target: 'choosing', actions: 'clearFeedback' } },
      states: {
        answering: {
          on: {
            'answer.submitted': [
              { guard: 'validAnswer', target: 'verifying', actions: 'clearFeedback' },
              {
                actions: assign({
                  invalid: ({ context, event }) =>
                    fieldErrors(
                      securityAnswerRequest.safeParse({ wizard_id: context.wizardId, answer: (event as { answer: string }).answer }).error
                        ?.issues ?? [],
                    ),
                  failure: null,
                }),
              },
            ],
          },
        },
        verifying: {
          tags: ['busy'],
          invoke: {
            id: 'verifySecurityAnswer',
            src: 'verifySecurityAnswer',
            input: ({ context, event }) => ({ wizardId: context.wizardId, answer: (event as { answer: string }).answer }),
            onDone: { target: '#identityCheck.verified', actions: 'keepResult' },
            onError: { target: 'answering', actions: 'keepFailure' },
          },
        },
      },
    },
    verified: { type: 'final' },
  },
  output: ({ context }) => context.result!,
});
