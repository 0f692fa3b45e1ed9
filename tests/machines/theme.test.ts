import { describe, expect, vi } from 'vitest';
import { themeMachine } from '../../src/machines/theme.machine';
import { testModel } from './model';

const applyTheme = vi.fn();

describe('theme machine (model-based)', () => {
  testModel({
    machine: themeMachine,
    actions: { applyTheme },
    events: [{ type: 'theme.toggled' }],
    states: {
      light: () => expect(applyTheme).toHaveBeenLastCalledWith(expect.anything(), { theme: 'default' }),
      dark: () => expect(applyTheme).toHaveBeenLastCalledWith(expect.anything(), { theme: 'defaultDark' }),
    },
  });
});
