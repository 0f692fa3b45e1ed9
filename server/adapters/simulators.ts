import type { Db } from '../db/port';
import type { Clock } from '../clock';
import type { Adapters } from '../deps';
import { outboxGateway } from './messages';
import { DEMO_CALLBACK_SECRET, createMobileMoneySimulator, httpCallbackTransport, type MobileMoneySimulatorOptions } from './mobile-money';
import { nidaSimulator } from './nida';
import { lockProviderSimulator } from './lock-provider';

/**
 * Every outside party as its simulator (demo mode and tests): the SMS outbox, the mobile-money provider, the NIDA
 * registry backed by the seed data, the lock providers. The mobile-money simulator is handed back too: it is the
 * provider's side (the control of outcomes, the callback deliveries) and outlives a server restart.
 */
export function createSimulators(db: Db, clock: Clock, options: Partial<Omit<MobileMoneySimulatorOptions, 'clock'>> = {}) {
  const messages = outboxGateway(db, clock);
  const mobileMoney = createMobileMoneySimulator({ clock, secret: DEMO_CALLBACK_SECRET, ...options });
  const adapters: Adapters = {
    messages,
    mobileMoney: mobileMoney.gateway,
    nida: nidaSimulator(db),
    lockProvider: lockProviderSimulator(messages),
  };
  return { adapters, mobileMoney };
}
export type Simulators = ReturnType<typeof createSimulators>;

/**
 * Demo mode: the mobile-money simulator delivers its callbacks over real HTTP to the server (its URL, or the
 * address and port it listens on, e.g. serve()'s callback argument), on a real interval. Answers a stop function.
 */
export function startSimulators(simulators: Simulators, server: string | { address: string; port: number }): () => void {
  const url = typeof server === 'string' ? server : `http://${localHost(server.address)}:${server.port}`;
  simulators.mobileMoney.connect(httpCallbackTransport(`${url}/portal_api/callbacks/mobile-money`));
  return simulators.mobileMoney.start();
}

/** Where this machine reaches a server listening on `address` (every interface: the loopback). */
function localHost(address: string): string {
  if (address === '0.0.0.0' || address === '') return '127.0.0.1';
  if (address === '::') return '[::1]';
  return address.includes(':') ? `[${address}]` : address;
}
