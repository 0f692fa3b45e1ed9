import { randomBytes } from 'node:crypto';
import { createCallbackQueue, type Transport } from './callback-queue';
import type { Clock } from '../clock';
import type { RepaymentCallback, RepaymentNetwork } from '../../src/contract/repayments';

/**
 * The mobile-money provider's C2B side: a customer pays into the business's paybill from the handset (no push from
 * us), keying in an account (the loan number or their phone number), and the provider confirms it by an HTTP
 * callback to POST /portal_api/callbacks/mobile-money/repayment with the X-Callback-Token header, as it does for
 * pushes. A confirmation may come late or twice; the provider's transaction id is the idempotency key.
 */

/** The business's paybill number on each network (what the customer pays to). */
export const PAYBILL: Record<RepaymentNetwork, string> = {
  mpesa: '400200',
  tigo_pesa: '350350',
  airtel_money: '555100',
  halopesa: '727272',
};

/** Delivers one confirmation to the server; throws when the server did not take it (it is then retried). */
export type RepaymentTransport = Transport<RepaymentCallback>;

export const REPAYMENT_CALLBACK_PATH = '/portal_api/callbacks/mobile-money/repayment';

/** POSTs to the server's repayment callback over real HTTP (`server`: the server's base URL). */
export function httpRepaymentTransport(server: string): RepaymentTransport {
  return async (body, token) => {
    const response = await fetch(`${server}${REPAYMENT_CALLBACK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-callback-token': token },
      body: JSON.stringify(body),
    });
    if (response.status >= 500) throw new Error(`repayment callback answered ${response.status}`);
  };
}

/** Into an app in the same process (tests): the same route, no port. */
export function appRepaymentTransport(app: {
  request: (path: string, init: RequestInit) => Response | Promise<Response>;
}): RepaymentTransport {
  return async (body, token) => {
    const response = await app.request(REPAYMENT_CALLBACK_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-callback-token': token },
      body: JSON.stringify(body),
    });
    if (response.status >= 500) throw new Error(`repayment callback answered ${response.status}`);
  };
}

/** What a (simulated) customer does on the handset: pays `amount` into the paybill with this account keyed in. */
export interface SimulatedPayment {
  msisdn: string;
  account: string;
  amount: number;
  network: RepaymentNetwork;
  /** The confirmation is sent twice (the second must change nothing). */
  duplicate?: boolean;
  payerName?: string;
}

/** The demo control route's handle on the simulator (absent when the provider is a real one). */
export interface RepaymentSimulatorControl {
  pay(payment: SimulatedPayment): { transactionId: string; callbackDueAt: Date };
}

/**
 * The provider as a program: a payment is confirmed `confirmAfterMs` later (default 1 s) by deliverDue(now), an
 * interval in demo mode and the test's own call in tests; a server that is not there is tried again 5 s later, at
 * most 5 times.
 */
export function createRepaymentSimulator(options: { clock: Clock; secret: string; confirmAfterMs?: number }) {
  const confirmAfterMs = options.confirmAfterMs ?? 1_000;
  const callbacks = createCallbackQueue<RepaymentCallback>({ clock: options.clock, secret: options.secret, provider: 'repayment' });
  let receipts = 0;

  const prefix: Record<RepaymentNetwork, string> = { mpesa: 'MP', tigo_pesa: 'TG', airtel_money: 'AM', halopesa: 'HP' };

  const control: RepaymentSimulatorControl = {
    pay(payment) {
      const now = options.clock.now();
      const transactionId = `${prefix[payment.network]}${now.toISOString().slice(2, 10).replaceAll('-', '')}${String(++receipts).padStart(4, '0')}${randomBytes(3).toString('hex').toUpperCase()}`;
      const body: RepaymentCallback = {
        transaction_id: transactionId,
        msisdn: payment.msisdn,
        account: payment.account,
        amount: payment.amount,
        paid_at: now.toISOString(),
        network: payment.network,
        short_code: PAYBILL[payment.network],
        ...(payment.payerName ? { payer_name: payment.payerName } : {}),
      };
      const dueAt = now.getTime() + confirmAfterMs;
      callbacks.add(dueAt, body);
      if (payment.duplicate) callbacks.add(dueAt + 500, body);
      return { transactionId, callbackDueAt: new Date(dueAt) };
    },
  };

  return {
    control,
    connect: callbacks.connect,
    deliverDue: callbacks.deliverDue,
    /** Delivers every queued confirmation whatever its time (tests). */
    deliverAll: callbacks.deliverAll,
    pendingCallbacks: callbacks.pendingCallbacks,
    /** Demo mode: delivers due confirmations on a real interval; answers a stop function. */
    start: callbacks.start,
  };
}

export type RepaymentSimulator = ReturnType<typeof createRepaymentSimulator>;
