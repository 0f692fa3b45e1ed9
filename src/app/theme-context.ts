import { createActorContext } from '@xstate/react';
import { themeMachine, type ThemeName } from '../machines/theme.machine';
import { PREFERENCE_KEYS } from '../lib/preference-keys';

const STORAGE_KEY = PREFERENCE_KEYS.theme;

export function storedTheme(): ThemeName {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'defaultDark' ? 'defaultDark' : 'default';
  } catch {
    return 'default';
  }
}

function applyTheme(theme: ThemeName) {
  const dark = theme === 'defaultDark';
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.classList.toggle('light', !dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  localStorage.setItem(STORAGE_KEY, theme);
}

const liveTheme = themeMachine.provide({ actions: { applyTheme: (_, params) => applyTheme(params.theme) } });

export const ThemeContext = createActorContext(liveTheme, {
  snapshot: liveTheme.resolveState({ value: storedTheme() === 'defaultDark' ? 'dark' : 'light', context: undefined }),
});
