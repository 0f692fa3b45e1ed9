import { describe, expect, vi } from 'vitest';
import { testModel } from './model';
import { themeModel } from './theme.model';
import { testOracle } from './oracle';
import { themeOracle } from './theme.oracle';

const applyTheme = vi.fn();

describe('theme machine (model-based)', () => {
  testModel({
    ...themeModel,
    actions: { applyTheme },
    states: {
      light: () => expect(applyTheme).toHaveBeenLastCalledWith(expect.anything(), { theme: 'default' }),
      dark: () => expect(applyTheme).toHaveBeenLastCalledWith(expect.anything(), { theme: 'defaultDark' }),
    },
  });
});

describe('theme machine (oracle)', () => {
  testOracle(themeOracle);
});
