import type { ReactNode } from 'react';
import { LiveLogicProvider, LoadedLiveLogic, type LiveLogic, type LiveLogicLoaders } from '../screens/common/live-logic';
import { REGISTRY } from './registry';
import { visibleLinks } from './nav-table';
import { sessionStore } from '../services/session-store';
import { wizardStore } from '../services/saved-wizard';

/**
 * What each registry process provides, by the name a screen asks for, as loaders (a test checks every name a screen
 * asks for is here, from one process), and what needs no loading: the nav's links (the registry's own table), the
 * session's kept settings, the deposit wizard's saved step, and the explorer's catalogue (with every machine) loaded
 * with the explorer.
 */
export const LIVE_LOGIC_LOADERS = {
  ...Object.assign({}, ...REGISTRY.flatMap((entry) => (entry.kind === 'process' && entry.live ? [entry.live] : []))),
  processes: () => import('./live/processes').then((m) => m.processes),
  processExplorer: () => import('./live/processes').then((m) => m.processExplorer),
  navLinks: () => Promise.resolve(visibleLinks),
  keptSettings: () => Promise.resolve(sessionStore.settings),
  savedWizard: () => Promise.resolve(wizardStore),
} as LiveLogicLoaders;

/** The dashboard's live logic: each name fetched once, when a route preloads it or a screen first asks. */
export const LIVE_LOGIC = new LoadedLiveLogic(LIVE_LOGIC_LOADERS, {
  navLinks: visibleLinks,
  keptSettings: sessionStore.settings,
  savedWizard: wizardStore,
});

/** Every live logic, loaded: for tests that time a screen's first find without the module loader. */
export const loadAllLiveLogic = () => LIVE_LOGIC.preload(Object.keys(LIVE_LOGIC_LOADERS) as Array<keyof LiveLogic>);

/** Hands the screens below their live logic: the dashboard, and tests that draw one screen alone. */
export function WithLiveLogic({ children }: { children: ReactNode }) {
  return <LiveLogicProvider logic={LIVE_LOGIC}>{children}</LiveLogicProvider>;
}
