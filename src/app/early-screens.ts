import type { ComponentType } from 'react';
import { i18n } from '../i18n';
import { EARLY_SCREEN_STRINGS } from './first-strings';

/**
 * The screens whose first view is the page's largest paint and needs neither Chakra nor its live logic: the deposit
 * wizard (decision 051). Opened on one, the app's entry asks for its chunk and its strings beside the dashboard's
 * code, not once that code has run: on a slow network that is one round trip fewer before the screen is drawn
 * (docs/decisions/056). The registry stays where the screen is routed; its entry loads the same module, which the
 * browser fetches once. `tests/screens/early-screens.test.tsx` holds each to its registry entry.
 */
export const EARLY_SCREENS: Readonly<Record<string, { load: () => Promise<{ default: ComponentType<any> }>; strings: readonly string[] }>> =
  {
    '/dashboard/customers/add-loan': {
      load: () => import('../screens/first-deposit/first-deposit-screen'),
      strings: EARLY_SCREEN_STRINGS['/dashboard/customers/add-loan']!,
    },
  };

/** Starts the early screen at `pathname`, if it is one: its chunk and the strings of its first view. */
export function startEarlyScreen(pathname: string): void {
  const early = EARLY_SCREENS[pathname.replace(/\/+$/, '')];
  if (!early) return;
  // A failed load is tried again when the screen is drawn (chunk-load.ts).
  void early.load().catch(() => undefined);
  void i18n.loadNamespaces([...early.strings]);
}
