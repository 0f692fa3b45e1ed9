import { setup } from 'xstate';

export type ThemeName = 'default' | 'defaultDark';

/** Light (default) and dark; the app starts it in the remembered state with resolveState. */
export const themeMachine = setup({
  types: { events: {} as { type: 'theme.toggled' } },
  actions: {
    /** Applies the theme to the page and remembers it (provided by the app). */
    applyTheme: (_, _params: { theme: ThemeName }) => undefined,
  },
}).createMachine({
  id: 'theme',
  initial: 'light',
  states: {
    light: {
      entry: { type: 'applyTheme', params: { theme: 'default' } },
      on: { 'theme.toggled': 'dark' },
    },
    dark: {
      entry: { type: 'applyTheme', params: { theme: 'defaultDark' } },
      on: { 'theme.toggled': 'light' },
    },
  },
});
