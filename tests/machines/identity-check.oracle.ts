import type { AnyEventObject } from 'xstate';
import type { Oracle } from './oracle';
import { WIZARD_ID } from './deposit-fixtures';
import { captured, identityCheckModel, mismatch, wrongAnswer } from './identity-check.model';

/**
 * Spec sections 1 and 8, issue 3 and decision 009: the identity check is one of two methods. Either the NIDA
 * number (20 digits, on the card in 8-5-5-2 groups, its first 8 the date of birth) with a fingerprint scan (the
 * scan is the scanner-capture machine, given the scanner settings), checked by `biometric/verification` ("The
 * fingerprint does not match the NIDA number provided" leaves the scan in place to try again), or the customer's
 * security question (`rq/verification`), offered only when the customer has one on record. Inputs are checked
 * before anything is sent ("valid {input name} required"); the agent may change method. Verified, the server
 * names the contract the customer is about to sign.
 */
const input = identityCheckModel.input as { wizardId: string; hasQuestion: boolean; scanner: Record<string, unknown> };
const ctx = (over: Record<string, unknown> = {}) => ({ ...input, fingerprint: null, result: null, failure: null, invalid: null, ...over });
const kept = { template: captured.template, imageBase64: captured.imageBase64, quality: captured.quality };

const byFingerprint = { type: 'identity.fingerprintChosen' };
const byQuestion = { type: 'identity.questionChosen' };
const changeMethod = { type: 'identity.methodChanged' };
const scanned = { type: 'xstate.done.actor.scanner', output: captured };
const recapture = { type: 'fingerprint.recapture' };
const nida = (nidaNumber: string) => ({ type: 'fingerprint.submitted', nidaNumber });
const GROUPED = '19900101-12345-00001-22';
const PLAIN = '19900101123450000122';
const answer = (text: string) => ({ type: 'answer.submitted', answer: text });
const RIGHT = 'Mlimani Primary';
const contractRef = 'k3Jd93kdLs0aP2qXz8Vb';
const fingerprintOk = {
  type: 'xstate.done.actor.verifyFingerprint',
  output: { verified: true, method: 'fingerprint', contract_ref: contractRef },
};
const fingerprintMismatch = { type: 'xstate.error.actor.verifyFingerprint', error: mismatch };
const answerOk = {
  type: 'xstate.done.actor.verifySecurityAnswer',
  output: { verified: true, method: 'security_question', contract_ref: contractRef },
};
const answerWrong = { type: 'xstate.error.actor.verifySecurityAnswer', error: wrongAnswer };

const nidaRefused = { nida_number: 'valid NIDA number required' };
const answerRefused = { answer: 'valid answer required' };
const scanInput = { scanner: input.scanner };

const toCaptured = [
  { event: byFingerprint, state: 'fingerprint.capturing', context: ctx(), invoked: scanInput },
  { event: scanned, state: 'fingerprint.captured', context: ctx({ fingerprint: kept }), tags: { busy: false } },
] as const;
const toAnswering = [{ event: byQuestion, state: 'question.answering', context: ctx(), tags: { busy: false }, invoked: {} }] as const;

/** A NIDA number that is not 20 digits with a real date of birth: refused before sending, the scan kept. */
const refusedNida = (nidaNumber: string) => ({
  event: nida(nidaNumber),
  state: 'fingerprint.captured',
  context: ctx({ fingerprint: kept, invalid: nidaRefused }),
  invoked: {},
});
const refusedAnswer = (text: string) => ({
  event: answer(text),
  state: 'question.answering',
  context: ctx({ invalid: answerRefused }),
  invoked: {},
});

export const identityCheckOracle: Oracle<typeof identityCheckModel.machine> = {
  model: identityCheckModel,
  initial: { state: 'choosing', context: ctx(), tags: { busy: false }, invoked: {} },
  scenarios: [
    {
      name: 'fingerprint: scanned, the 20 digits, verified',
      steps: [
        ...toCaptured,
        {
          event: nida(PLAIN),
          state: 'fingerprint.verifying',
          tags: { busy: true },
          context: ctx({ fingerprint: kept }),
          invoked: { verifyFingerprint: { wizardId: WIZARD_ID, nidaNumber: PLAIN, fingerprint: captured.template } },
        },
        {
          event: fingerprintOk,
          state: 'verified',
          status: 'done',
          context: { result: { method: 'fingerprint', contractRef } },
          output: { method: 'fingerprint', contractRef },
        },
      ],
    },
    {
      name: 'fingerprint: NIDA numbers refused at the bounds, the card form accepted, a mismatch, the scan taken again',
      steps: [
        ...toCaptured,
        refusedNida('12345'),
        refusedNida('1990010112345000012'),
        refusedNida('199001011234500001220'),
        refusedNida('19901301123450000122'),
        refusedNida('1990010112345000012a'),
        refusedNida(''),
        {
          event: nida(GROUPED),
          state: 'fingerprint.verifying',
          tags: { busy: true },
          context: ctx({ fingerprint: kept }),
          invoked: { verifyFingerprint: { wizardId: WIZARD_ID, nidaNumber: GROUPED, fingerprint: captured.template } },
        },
        {
          event: fingerprintMismatch,
          state: 'fingerprint.captured',
          tags: { busy: false },
          context: ctx({ fingerprint: kept, failure: mismatch }),
        },
        refusedNida('12345'),
        { event: nida(GROUPED), state: 'fingerprint.verifying', context: ctx({ fingerprint: kept }) },
        { event: fingerprintMismatch, state: 'fingerprint.captured', context: ctx({ fingerprint: kept, failure: mismatch }) },
        { event: recapture, state: 'fingerprint.capturing', context: { failure: null, invalid: null }, invoked: scanInput },
        { event: scanned, state: 'fingerprint.captured', context: ctx({ fingerprint: kept }) },
        { event: nida(GROUPED), state: 'fingerprint.verifying' },
        { event: fingerprintOk, state: 'verified', status: 'done', output: { method: 'fingerprint', contractRef } },
      ],
    },
    {
      name: 'fingerprint, then the other method: the scan and the feedback are dropped',
      steps: [
        ...toCaptured,
        refusedNida('12345'),
        { event: changeMethod, state: 'choosing', context: ctx() },
        ...toCaptured,
        { event: nida(GROUPED), state: 'fingerprint.verifying' },
        { event: fingerprintMismatch, state: 'fingerprint.captured', context: ctx({ fingerprint: kept, failure: mismatch }) },
        { event: changeMethod, state: 'choosing', context: ctx() },
        { event: byFingerprint, state: 'fingerprint.capturing', context: ctx(), invoked: scanInput },
        { event: changeMethod, state: 'choosing', context: ctx() },
        ...toAnswering,
      ],
    },
    {
      name: 'security question: answers refused at the bounds, a wrong one, the right one',
      steps: [
        ...toAnswering,
        refusedAnswer('  '),
        refusedAnswer(''),
        refusedAnswer('x'.repeat(201)),
        {
          event: answer(RIGHT),
          state: 'question.verifying',
          tags: { busy: true },
          context: ctx(),
          invoked: { verifySecurityAnswer: { wizardId: WIZARD_ID, answer: RIGHT } },
        },
        { event: answerWrong, state: 'question.answering', tags: { busy: false }, context: ctx({ failure: wrongAnswer }) },
        refusedAnswer('  '),
        {
          event: answer('x'.repeat(200)),
          state: 'question.verifying',
          context: ctx(),
          invoked: { verifySecurityAnswer: { wizardId: WIZARD_ID, answer: 'x'.repeat(200) } },
        },
        { event: answerWrong, state: 'question.answering', context: ctx({ failure: wrongAnswer }) },
        {
          event: answer('a'),
          state: 'question.verifying',
          context: ctx(),
          invoked: { verifySecurityAnswer: { wizardId: WIZARD_ID, answer: 'a' } },
        },
        {
          event: answerOk,
          state: 'verified',
          status: 'done',
          context: { result: { method: 'security_question', contractRef } },
          output: { method: 'security_question', contractRef },
        },
      ],
    },
    {
      name: 'security question, then the other method: the feedback is dropped',
      steps: [
        ...toAnswering,
        refusedAnswer('  '),
        { event: changeMethod, state: 'choosing', context: ctx() },
        ...toAnswering,
        { event: answer(RIGHT), state: 'question.verifying' },
        { event: answerWrong, state: 'question.answering', context: ctx({ failure: wrongAnswer }) },
        { event: changeMethod, state: 'choosing', context: ctx() },
        ...toCaptured,
      ],
    },
  ],
  refuses: {
    choosing: [changeMethod, recapture, nida(GROUPED), answer(RIGHT)],
    'fingerprint.capturing': [byFingerprint, byQuestion, recapture, nida(GROUPED), answer(RIGHT)],
    'fingerprint.captured': [byFingerprint, byQuestion, answer(RIGHT)],
    'fingerprint.verifying': [byFingerprint, byQuestion, recapture, nida(GROUPED), answer(RIGHT)],
    'question.answering': [byFingerprint, byQuestion, recapture, nida(GROUPED)],
    'question.verifying': [byFingerprint, byQuestion, recapture, nida(GROUPED), answer(RIGHT)],
    verified: [byFingerprint, byQuestion, changeMethod, recapture, nida(GROUPED), answer(RIGHT)],
  } satisfies Record<string, AnyEventObject[]>,
  unexplained: [
    // The machine lets the agent change method while the server is verifying (the screen's "other method" button
    // stays enabled), dropping a verification that may succeed on the server. The spec is silent; reported to the
    // lead rather than written down here as right or wrong.
    'fingerprint.verifying --identity.methodChanged--> choosing',
    'question.verifying --identity.methodChanged--> choosing',
  ],
};
