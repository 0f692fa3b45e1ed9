import { describe, expect } from 'vitest';
import { loadMachine } from '../../src/machines/load.machine';
import { testModel } from './model';

describe('load machine (model-based)', () => {
  testModel({
    machine: loadMachine,
    events: [
      { type: 'xstate.done.actor.load', output: { company: 'Simu Pay Tanzania' } },
      { type: 'xstate.error.actor.load', error: { status: 500, message: 'Something went wrong on the server' } },
      { type: 'load.retry' },
    ],
    states: {
      loaded: (s) => expect(s.context.data).toEqual({ company: 'Simu Pay Tanzania' }),
      failed: (s) => expect(s.context.failure?.status).toBe(500),
    },
  });
});
