import { describe, expect } from 'vitest';
import { testModel } from './model';
import { firstDepositModel, networkDown, notFound, wrongOtp } from './first-deposit.model';
import { loan } from './deposit-fixtures';

describe('first deposit wizard machine (model-based)', () => {
  testModel({
    ...firstDepositModel,
    states: {
      'searching.idle': (s) => {
        if (s.context.failure) expect(s.context.failure).toEqual(notFound);
        if (s.context.invalid) expect(s.context.invalid).toEqual({ msisdn: 'A valid phone number is required' });
      },
      'searching.looking': (s) => expect(s.hasTag('busy')).toBe(true),
      'searching.notQualified': (s) => {
        expect(s.context.phones).toEqual([]);
        expect(s.context.notQualified).toBe('no_limit');
      },
      choosingPhone: (s) => expect(s.context.phones.length).toBeGreaterThan(0),
      confirmingPhone: (s) => {
        expect(s.context.phone?.phone_price_id).toBe(11);
        if (s.context.invalid) expect(s.context.invalid).toEqual({ payment_msisdn: 'A valid phone number is required' });
      },
      deposit: (s) => expect([null, '255754300101']).toContain(s.context.payer),
      'otp.entering': (s) => {
        expect(s.context.deposit?.status).toBe('completed');
        if (s.context.failure) expect(s.context.failure).toEqual(wrongOtp);
        if (s.context.invalid) expect(s.context.invalid).toEqual({ codes: 'Please enter both OTP codes' });
      },
      'otp.sendFailed': (s) => expect(s.context.failure).toEqual(networkDown),
      contract: (s) => expect(s.context.contractRef).toBe('k3Jd93kdLs0aP2qXz8Vb'),
      'contract.reading': (s) => {
        if (s.context.invalid) expect(Object.keys(s.context.invalid)).toEqual([expect.stringMatching(/^(accept_terms|signed_by)$/)]);
      },
      'lock.vivoCode': (s) => expect(s.context.lock?.lock.lock_solution_type).toBe('vivo'),
      'lock.installing': (s) => {
        if (s.context.invalid) expect(s.context.invalid.installed).toMatch(/lock solution and the mobile app/);
      },
      done: (s) => {
        expect(s.status).toBe('done');
        expect(s.context.loan).toEqual(loan);
      },
    },
  });
});
