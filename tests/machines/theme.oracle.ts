import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Oracle } from './oracle';
import { themeMachine } from '../../src/machines/theme.machine';
import { themeModel } from './theme.model';

/**
 * Spec sections 3, 4 and 9 and issue 2: the theme is light (`default`) unless toggled to dark (`defaultDark`),
 * toggled in the top bar and remembered; the app applies and remembers it through the `applyTheme` action.
 */
const toggled = { type: 'theme.toggled' };

/** Every applyTheme call, with the event that caused it, across the oracle's actors (each check reads the last). */
export const applied: Array<{ theme: unknown; event: string }> = [];

const lastApplied = (theme: string, event: string) => (s: AnyMachineSnapshot) => {
  expect(applied.at(-1), 'the theme applied last').toEqual({ theme, event });
  // The app replaces the action by name (src/app/theme-context.ts): the machine must declare the slot.
  expect(Object.keys(themeMachine.implementations.actions)).toContain('applyTheme');
  expect(s.machine.id, 'the id the statechart exports are named by').toBe('theme');
};

export const themeOracle: Oracle<typeof themeModel.machine> = {
  model: themeModel,
  actions: {
    applyTheme: ({ event }: { event: { type: string } }, params: { theme: unknown }) =>
      applied.push({ theme: params?.theme, event: event.type }),
  },
  initial: { state: 'light', check: lastApplied('default', 'xstate.init') },
  scenarios: [
    {
      name: 'toggled to dark and back to light',
      steps: [
        { event: toggled, state: 'dark', check: lastApplied('defaultDark', 'theme.toggled') },
        { event: toggled, state: 'light', check: lastApplied('default', 'theme.toggled') },
        { event: toggled, state: 'dark', check: lastApplied('defaultDark', 'theme.toggled') },
      ],
    },
  ],
};
