import type { Db } from '../db/port';
import type { Clock } from '../clock';
import type { Adapters } from '../deps';
import { outboxGateway } from './messages';
import { DEMO_CALLBACK_SECRET, createMobileMoneySimulator, httpCallbackTransport, type MobileMoneySimulatorOptions } from './mobile-money';
import { nidaSimulator } from './nida';
import { lockProviderSimulator } from './lock-provider';
import { createRepaymentSimulator, httpRepaymentTransport } from './mobile-money-repayments';

/**
 * Every outside party as its simulator (demo mode and tests): the SMS outbox, the mobile-money provider, the NIDA
 * registry backed by the seed data, the lock providers. The mobile-money simulators (pushes, and customers' own
 * payments into the paybill) and the lock provider are handed back too: they are the providers' side (the control
 * of outcomes, the callback deliveries, the handsets' lock state) and outlive a server restart.
 */
export function createSimulators(db: Db, clock: Clock, options: Partial<Omit<MobileMoneySimulatorOptions, 'clock'>> = {}) {
  const messages = outboxGateway(db, clock);
  const mobileMoney = createMobileMoneySimulator({ clock, secret: DEMO_CALLBACK_SECRET, ...options });
  const repayments = createRepaymentSimulator({ clock, secret: DEMO_CALLBACK_SECRET });
  const lockProvider = lockProviderSimulator(messages);
  const adapters: Adapters = {
    messages,
    mobileMoney: mobileMoney.gateway,
    nida: nidaSimulator(db),
    lockProvider,
    repaymentSimulator: repayments.control,
  };
  return { adapters, mobileMoney, repayments, lockProvider };
}
export type Simulators = ReturnType<typeof createSimulators>;

/**
 * Demo mode: the mobile-money simulator delivers its callbacks over real HTTP to the server (its URL, or the
 * address and port it listens on, e.g. serve()'s callback argument), on a real interval. Answers a stop function.
 */
export function startSimulators(simulators: Simulators, server: string | { address: string; port: number }): () => void {
  const url = typeof server === 'string' ? server : `http://${localHost(server.address)}:${server.port}`;
  simulators.mobileMoney.connect(httpCallbackTransport(`${url}/portal_api/callbacks/mobile-money`));
  simulators.repayments.connect(httpRepaymentTransport(url));
  const stops = [simulators.mobileMoney.start(), simulators.repayments.start()];
  return () => stops.forEach((stop) => stop());
}

/** Where this machine reaches a server listening on `address` (every interface: the loopback). */
function localHost(address: string): string {
  if (address === '0.0.0.0' || address === '') return '127.0.0.1';
  if (address === '::') return '[::1]';
  return address.includes(':') ? `[${address}]` : address;
}
