import { themeMachine } from '../../src/machines/theme.machine';
import type { ModelSpec } from './coverage';

/** The theme machine's model: toggled back and forth. */
export const themeModel: ModelSpec<typeof themeMachine> = {
  machine: themeMachine,
  events: [{ type: 'theme.toggled' }],
};
