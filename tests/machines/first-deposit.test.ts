import { describe, expect, it } from 'vitest';
import { lockOfWizard } from '../../src/machines/first-deposit.machine';
import { testModel } from './model';
import { testOracle } from './oracle';
import { firstDepositOracle } from './first-deposit.oracle';
import { abandonedFailure, firstDepositModel, heldUnnamed, networkDown, notFound, wrongOtp } from './first-deposit.model';
import { loan, wizard } from './deposit-fixtures';

describe('first deposit wizard machine (model-based)', () => {
  testModel({
    ...firstDepositModel,
    states: {
      'searching.idle': (s) => {
        if (s.context.failure) expect([notFound, heldUnnamed, abandonedFailure]).toContainEqual(s.context.failure);
        expect(s.context.held).toBeNull();
        if (s.context.invalid) expect(s.context.invalid).toEqual({ msisdn: 'phoneInvalid' });
      },
      'searching.looking': (s) => expect(s.hasTag('busy')).toBe(true),
      // Decision 010: a held deposit is shown, never offered again (no phones), and only its own agent resumes it.
      'searching.heldByWizard': (s) => {
        expect(s.context.held).not.toBeNull();
        expect(s.context.phones).toEqual([]);
        expect(s.can({ type: 'held.resume' })).toBe(s.context.held!.yours);
        if (s.context.failure) expect(s.context.failure).toEqual(networkDown);
      },
      'searching.resuming': (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(s.context.held?.yours).toBe(true);
      },
      otp: (s) => expect(s.hasTag('paid')).toBe(true),
      identity: (s) => expect(s.hasTag('paid')).toBe(true),
      lock: (s) => expect(s.hasTag('paid')).toBe(true),
      left: (s) => expect(s.status).toBe('done'),
      'searching.notQualified': (s) => {
        expect(s.context.phones).toEqual([]);
        expect(s.context.notQualified).toBe('no_limit');
      },
      choosingPhone: (s) => expect(s.context.phones.length).toBeGreaterThan(0),
      confirmingPhone: (s) => {
        expect(s.context.phone?.phone_price_id).toBe(11);
        // Issue 17: a bad paying number, and a missing or malformed IMEI of the box, each named by its field.
        for (const [field, code] of Object.entries(s.context.invalid ?? {}))
          expect({ payment_msisdn: ['phoneInvalid'], imei: ['imeiMissing', 'imeiInvalid'] }[field]).toContain(code);
      },
      deposit: (s) => expect([null, '255754300101']).toContain(s.context.payer),
      'otp.entering': (s) => {
        expect(s.context.deposit?.status).toBe('completed');
        if (s.context.failure) expect(s.context.failure).toEqual(wrongOtp);
        if (s.context.invalid) expect(s.context.invalid).toEqual({ codes: 'codesMissing' });
      },
      'otp.sendFailed': (s) => expect(s.context.failure).toEqual(networkDown),
      contract: (s) => {
        expect(s.context.contractRef).toBe('k3Jd93kdLs0aP2qXz8Vb');
        expect(s.hasTag('paid')).toBe(true);
      },
      'contract.reading': (s) => {
        if (s.context.invalid)
          expect([
            { accept_terms: 'termsNotAccepted' },
            { signed_by: 'signatureMissing' },
            { signed_by: 'signatureNotCustomer' },
            { signed_by: 'signatureIncomplete' },
          ]).toContainEqual(s.context.invalid);
      },
      'lock.installing': (s) => {
        expect(s.context.failure).toBeNull();
        expect(s.context.invalid).toBeNull();
      },
      'lock.loadFailed': (s) => {
        expect(s.context.failure).toEqual(networkDown);
        expect(s.can({ type: 'lock.reload' })).toBe(true);
      },
      done: (s) => {
        expect(s.status).toBe('done');
        expect(s.context.loan).toEqual(loan);
      },
    },
  });
});

describe('first deposit wizard: the lock to install', () => {
  it('is the chosen phone lock on the handset given out; only vivo asks a code', () => {
    expect(lockOfWizard(wizard('trustonic'))).toEqual({
      imei: '356789104563215',
      lock_solution_type: 'trustonic',
      dial_code: null,
      qr_payload: null,
      vivo_code_required: false,
    });
    expect(lockOfWizard(wizard('dial_code'))).toMatchObject({ dial_code: '*#7378423#', vivo_code_required: false });
    expect(lockOfWizard(wizard('vivo'))).toMatchObject({ lock_solution_type: 'vivo', vivo_code_required: true });
  });
});

describe('first deposit wizard machine (oracle)', () => {
  testOracle(firstDepositOracle);
});
