import { loadMachine } from '../../src/machines/load.machine';
import type { ModelSpec } from './coverage';

/** The load machine's model: loaded, failed, retried. */
export const loadModel: ModelSpec<typeof loadMachine> = {
  machine: loadMachine,
  events: [
    { type: 'xstate.done.actor.load', output: { company: 'Simu Pay Tanzania' } },
    { type: 'xstate.error.actor.load', error: { status: 500, message: 'Something went wrong on the server' } },
    { type: 'load.retry' },
  ],
};
