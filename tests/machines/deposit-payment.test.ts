import { describe, expect } from 'vitest';
import { testModel } from './model';
import { depositPaymentModel } from './deposit-payment.model';
import { depositPaymentOracle } from './deposit-payment.oracle';
import { testOracle } from './oracle';

describe('deposit payment machine (model-based)', () => {
  testModel({
    ...depositPaymentModel,
    delays: { pollInterval: () => 3000 },
    states: {
      pushing: (s) => expect(s.hasTag('busy')).toBe(true),
      'awaitingApproval.waiting': (s) => expect(s.context.polls).toBeLessThanOrEqual(s.context.pollLimit),
      declined: (s) => expect(s.context.status?.failure).toBe('insufficient_funds'),
      unreachable: (s) => expect(s.context.failure?.status).toBeNull(),
      paid: (s) => {
        expect(s.status).toBe('done');
        expect(s.output).toEqual({
          paid: true,
          attempt: s.context.attempt,
          status: s.context.status,
          paymentMsisdn: s.context.paymentMsisdn,
          boxRefused: null,
        });
      },
      abandoned: (s) => expect(s.output?.paid).toBe(false),
      boxRefused: (s) => {
        expect(s.output?.paid).toBe(false);
        expect(s.output?.boxRefused?.fields).toHaveProperty('imei');
      },
    },
  });
});

describe('deposit payment machine (oracle)', () => {
  testOracle(depositPaymentOracle);
});
