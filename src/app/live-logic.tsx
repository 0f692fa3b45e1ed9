import type { ReactNode } from 'react';
import { LiveLogicProvider, type LiveLogic } from '../screens/common/live-logic';
import { REGISTRY } from './registry';
import { PROCESSES } from './processes/catalogue';
import { visibleLinks } from './nav-table';

/** What each registry process provides, by the name a screen asks for. */
const provided: Partial<LiveLogic> = Object.assign(
  {},
  ...REGISTRY.flatMap((entry) => (entry.kind === 'process' && entry.live ? [entry.live] : [])),
);

/** Everything the screens run, from the registry (a test checks every name a screen asks for is here). */
export const LIVE_LOGIC = { ...provided, processes: PROCESSES, navLinks: visibleLinks } as LiveLogic;

/** Hands the screens below their live logic: the dashboard, and tests that draw one screen alone. */
export function WithLiveLogic({ children }: { children: ReactNode }) {
  return <LiveLogicProvider logic={LIVE_LOGIC}>{children}</LiveLogicProvider>;
}
