import type { AnyEventObject } from 'xstate';
import { expect } from 'vitest';
import type { Oracle } from './oracle';
import { loadModel } from './load.model';

/**
 * Issue 2 ("loading and error states shown") and the load machine's job: fetch one thing a screen asked for (the
 * company name for "Welcome to {company}", a record), given the screen's parameters; a failure keeps the call's
 * failure and offers a retry; loaded is the end, with the data and no failure.
 */
const params = { setting: 'company' };
const model = { ...loadModel, input: { params } };
const company = { company: 'Simu Pay Tanzania' };
const serverError = { status: 500, message: 'Something went wrong on the server' };

const loaded = { type: 'xstate.done.actor.load', output: company };
const fails = { type: 'xstate.error.actor.load', error: serverError };
const retry = { type: 'load.retry' };
const asked = { load: { params } };

export const loadOracle: Oracle<typeof loadModel.machine> = {
  model,
  initial: {
    state: 'loading',
    context: { params, data: null, failure: null },
    invoked: asked,
    // The process's name, as the statechart exports and the explorer show it.
    check: (s) => expect(s.machine.id).toBe('load'),
  },
  scenarios: [
    {
      name: 'loaded',
      steps: [{ event: loaded, state: 'loaded', status: 'done', context: { params, data: company, failure: null } }],
    },
    {
      name: 'fails, retried with the same parameters, fails again, loaded',
      steps: [
        { event: fails, state: 'failed', context: { params, data: null, failure: serverError } },
        { event: retry, state: 'loading', context: { params, data: null }, invoked: asked },
        { event: fails, state: 'failed', context: { params, data: null, failure: serverError } },
        { event: retry, state: 'loading', invoked: asked },
        { event: loaded, state: 'loaded', status: 'done', context: { params, data: company, failure: null } },
      ],
    },
  ],
  refuses: {
    loading: [retry],
    loaded: [retry],
  } satisfies Record<string, AnyEventObject[]>,
};
