import { identityCheckMachine } from '../../src/machines/identity-check.machine';
import type { ModelSpec } from './coverage';
import { WIZARD_ID } from './deposit-fixtures';

export const captured = { template: 'U0lNRlAxOmFueQ==', imageBase64: 'Qk0=', quality: 80, nfiq: 2, raw: {} };
export const mismatch = { status: 409, message: 'The fingerprint does not match the NIDA number provided', reason: 'fingerprint_mismatch' };
export const wrongAnswer = { status: 409, message: 'Wrong answer', reason: 'security_answer_wrong', left: 2 };
const verified = (method: string) => ({ verified: true, method, contract_ref: 'k3Jd93kdLs0aP2qXz8Vb' });

/** Fingerprint (a capture, a wrong and a right NIDA number, a mismatch, a new capture) or the security question. */
export const identityCheckModel: ModelSpec<typeof identityCheckMachine> = {
  machine: identityCheckMachine,
  input: { wizardId: WIZARD_ID, hasQuestion: true, scanner: { bridgeUrl: 'http://127.0.0.1:8765', timeoutMs: 10_000, minQuality: 50 } },
  events: [
    { type: 'identity.fingerprintChosen' },
    { type: 'identity.questionChosen' },
    { type: 'identity.methodChanged' },
    { type: 'xstate.done.actor.scanner', output: captured },
    { type: 'fingerprint.submitted', nidaNumber: '12345' },
    { type: 'fingerprint.submitted', nidaNumber: '19900101-12345-00001-22' },
    { type: 'fingerprint.recapture' },
    { type: 'xstate.done.actor.verifyFingerprint', output: verified('fingerprint') },
    { type: 'xstate.error.actor.verifyFingerprint', error: mismatch },
    { type: 'answer.submitted', answer: '  ' },
    { type: 'answer.submitted', answer: 'Mlimani Primary' },
    { type: 'xstate.done.actor.verifySecurityAnswer', output: verified('security_question') },
    { type: 'xstate.error.actor.verifySecurityAnswer', error: wrongAnswer },
  ],
};
