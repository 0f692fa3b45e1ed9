import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createCallbackQueue, type Transport } from './callback-queue';
import type { Clock } from '../clock';

/**
 * The mobile-money provider (USSD push, "STK push"). A push is accepted at once; the customer approves it on the
 * handset and the outcome arrives later as an HTTP callback (POST /portal_api/callbacks/mobile-money with the
 * X-Callback-Token header). A callback may be late, come twice, or never come: the status query tells what became
 * of a push. The provider never charges one reference twice.
 */

export type MobileMoneyResultCode = '0' | 'INSUFFICIENT_FUNDS' | 'CANCELLED' | 'TIMEOUT' | 'REJECTED';

export interface PushRequest {
  /** Our reference: the idempotency key `<wizard_id>:<attempt>`. */
  reference: string;
  msisdn: string;
  amount: number;
  description: string;
}

/** What the provider's callback carries (the contract's mobileMoneyCallback). */
export interface CallbackBody {
  reference: string;
  status: 'SUCCESS' | 'FAILED';
  result_code: MobileMoneyResultCode;
  transaction_id: string;
  amount: number;
  msisdn: string;
}

export type PushStatus =
  | { state: 'pending' }
  /** The provider has no push with this reference (it never arrived). */
  | { state: 'unknown' }
  | { state: 'completed' | 'failed'; result: CallbackBody };

export interface MobileMoneyGateway {
  /** How long a push waits for the customer before the provider gives up on it. */
  readonly timeoutMs: number;
  /** Sends the push; resolves when the provider accepted it. The same reference again is not charged again. */
  push(request: PushRequest): Promise<{ accepted: true }>;
  status(reference: string): Promise<PushStatus>;
  /** Simulators only (the demo control route): how the payer's next push is answered. */
  simulate?(msisdn: string, outcome: SimulatedOutcome): void;
}

/** Checks a callback's X-Callback-Token in constant time. */
export function callbackTokenMatches(given: string | undefined, secret: string): boolean {
  if (!given) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b);
}

export const DEMO_CALLBACK_SECRET = 'simu-mobile-money-demo-callback-token';

// ---------------------------------------------------------------------------------------------------------------
// The simulator

export type SimulatedOutcome = 'approved' | 'insufficient_funds' | 'cancelled' | 'no_answer' | 'duplicate_callback' | 'ambiguous';

/**
 * The simulator's rules, by the payer number's last digit, unless the control route forced the payer's next push:
 * 1 insufficient funds, 2 cancelled by the customer, 3 no answer (no callback, the status query says failed/timeout
 * once the push timed out), 4 approved with the callback sent twice, 5 approved but the callback is lost (only the
 * status query tells), any other digit approved.
 */
export function outcomeByRule(msisdn: string): SimulatedOutcome {
  switch (msisdn.at(-1)) {
    case '1':
      return 'insufficient_funds';
    case '2':
      return 'cancelled';
    case '3':
      return 'no_answer';
    case '4':
      return 'duplicate_callback';
    case '5':
      return 'ambiguous';
    default:
      return 'approved';
  }
}

/** Delivers one callback to the server; throws when the server did not take it (it is then retried). */
export type CallbackTransport = Transport<CallbackBody>;

/** A transport that POSTs to the server's callback URL over real HTTP. */
export function httpCallbackTransport(url: string): CallbackTransport {
  return async (body, token) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-callback-token': token },
      body: JSON.stringify(body),
    });
    if (response.status >= 500) throw new Error(`callback answered ${response.status}`);
  };
}

/** A transport into an app in the same process (tests): the same route, no port. */
export function appCallbackTransport(app: {
  request: (path: string, init: RequestInit) => Response | Promise<Response>;
}): CallbackTransport {
  return async (body, token) => {
    const response = await app.request('/portal_api/callbacks/mobile-money', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-callback-token': token },
      body: JSON.stringify(body),
    });
    if (response.status >= 500) throw new Error(`callback answered ${response.status}`);
  };
}

interface SimPush {
  request: PushRequest;
  outcome: SimulatedOutcome;
  acceptedAt: number;
  /** When the customer's answer is in (approve or decline); no_answer: the time-out. */
  decidedAt: number;
  result: CallbackBody;
  /** Times this reference was pushed (only the first charges). */
  pushes: number;
}

export interface MobileMoneySimulatorOptions {
  clock: Clock;
  /** The X-Callback-Token the simulator sends. */
  secret: string;
  /** When the customer answers after the push (default 2 s). */
  answerAfterMs?: number;
  timeoutMs?: number;
}

export type MobileMoneySimulator = ReturnType<typeof createMobileMoneySimulator>;

/**
 * The provider as a program: pushes are remembered, callbacks are queued with the instant they are due and
 * delivered by deliverDue(now) (an interval in demo mode, the test's own call in tests) through the transport set
 * with connect(). It lives outside the portal server: a server restart does not lose its pushes or callbacks.
 */
export function createMobileMoneySimulator(options: MobileMoneySimulatorOptions) {
  const answerAfterMs = options.answerAfterMs ?? 2_000;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const pushes = new Map<string, SimPush>();
  const forced = new Map<string, SimulatedOutcome>();
  const callbacks = createCallbackQueue<CallbackBody>({ clock: options.clock, secret: options.secret, provider: 'mobile-money' });
  let receipts = 0;

  const receipt = () => `SIM${String(++receipts).padStart(5, '0')}${randomBytes(4).toString('hex').toUpperCase()}`;

  function resultOf(request: PushRequest, outcome: SimulatedOutcome): CallbackBody {
    const failed = outcome === 'insufficient_funds' || outcome === 'cancelled' || outcome === 'no_answer';
    const code: MobileMoneyResultCode =
      outcome === 'insufficient_funds'
        ? 'INSUFFICIENT_FUNDS'
        : outcome === 'cancelled'
          ? 'CANCELLED'
          : outcome === 'no_answer'
            ? 'TIMEOUT'
            : '0';
    return {
      reference: request.reference,
      status: failed ? 'FAILED' : 'SUCCESS',
      result_code: code,
      transaction_id: receipt(),
      amount: request.amount,
      msisdn: request.msisdn,
    };
  }

  const gateway: MobileMoneyGateway = {
    timeoutMs,
    async push(request) {
      const known = pushes.get(request.reference);
      if (known) {
        known.pushes++;
        return { accepted: true };
      }
      const now = options.clock.now().getTime();
      const outcome = forced.get(request.msisdn) ?? outcomeByRule(request.msisdn);
      forced.delete(request.msisdn);
      const decidedAt = outcome === 'no_answer' ? now + timeoutMs : now + answerAfterMs;
      const push: SimPush = { request, outcome, acceptedAt: now, decidedAt, result: resultOf(request, outcome), pushes: 1 };
      pushes.set(request.reference, push);
      if (outcome === 'duplicate_callback') {
        callbacks.add(decidedAt, push.result);
        callbacks.add(decidedAt + 500, push.result);
      } else if (outcome !== 'no_answer' && outcome !== 'ambiguous') {
        callbacks.add(decidedAt, push.result);
      }
      return { accepted: true };
    },
    async status(reference) {
      const push = pushes.get(reference);
      if (!push) return { state: 'unknown' };
      if (options.clock.now().getTime() < push.decidedAt) return { state: 'pending' };
      return { state: push.result.status === 'SUCCESS' ? 'completed' : 'failed', result: push.result };
    },
    simulate(msisdn, outcome) {
      forced.set(msisdn, outcome);
    },
  };

  return {
    gateway,
    connect: callbacks.connect,
    /** The demo control route: how the payer's next push is answered. */
    force(msisdn: string, outcome: SimulatedOutcome) {
      forced.set(msisdn, outcome);
    },
    deliverDue: callbacks.deliverDue,
    deliverAll: callbacks.deliverAll,
    pendingCallbacks: callbacks.pendingCallbacks,
    /** How many different pushes (charges) the provider saw for a payer, and how often each reference was sent. */
    charges(msisdn?: string) {
      return [...pushes.values()]
        .filter((p) => msisdn === undefined || p.request.msisdn === msisdn)
        .map((p) => ({
          reference: p.request.reference,
          amount: p.request.amount,
          outcome: p.outcome,
          pushes: p.pushes,
        }));
    },
    /** Demo mode: delivers due callbacks on a real interval; answers a stop function. */
    start: callbacks.start,
  };
}
