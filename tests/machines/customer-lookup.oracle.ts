import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { Oracle } from './oracle';
import { customerLookupModel, notFound, offline, view } from './customer-lookup.model';

/**
 * Issue 4 (find and view) and spec sections 3, 7 and 8: a customer is found by phone number or national ID
 * (`view_customer_msisdn`); a 404 is "Customer record not found", any other failure can be retried; the view screen
 * starts with the customer it shows (held by msisdn), the find screen starts with nothing asked. A new search can
 * start from anywhere and always looks for what was asked last.
 */
const byPhone = { msisdn: '255754000123' };
const byNationalId = { national_id: '19900101-12345-00001-21' };
const searchPhone = { type: 'search.submitted', query: byPhone };
const searchId = { type: 'search.submitted', query: byNationalId };
const retry = { type: 'search.retry' };
const nothing = { type: 'xstate.done.actor.findCustomer', output: null };
const found = { type: 'xstate.done.actor.findCustomer', output: view };
const other = { customer: { id: 2, msisdn: '255715000456' }, device: null, loans: null };
const foundOther = { type: 'xstate.done.actor.findCustomer', output: other };
const missing = { type: 'xstate.error.actor.findCustomer', error: notFound };
const unreachable = { type: 'xstate.error.actor.findCustomer', error: offline };
const forbidden = {
  type: 'xstate.error.actor.findCustomer',
  error: { status: 403, message: 'FIND_CUSTOMER required', reason: 'forbidden' },
};
const serverError = { type: 'xstate.error.actor.findCustomer', error: { status: 405, message: 'Method not allowed' } };
const thrown = { type: 'xstate.error.actor.findCustomer', error: new TypeError('Failed to fetch') };

/** Asking for the same customer again from a state reached by `steps`: searched afresh. */
const askAgain = (name: string, steps: Array<{ event: AnyEventObject; state: string }>) => ({
  name: `asked again from ${name}`,
  steps: [
    ...steps,
    {
      event: searchPhone,
      state: 'searching',
      tags: { busy: true },
      context: { query: byPhone, failure: null },
      invoked: { findCustomer: { query: byPhone } },
    },
  ],
});

const refusesRetry = { idle: [retry], searching: [retry], found: [retry], notFound: [retry] } satisfies Record<string, AnyEventObject[]>;

/** The find screen: nothing asked at start. */
export const customerLookupOracle: Oracle<typeof customerLookupModel.machine> = {
  model: customerLookupModel,
  initial: {
    check: (s) => expect(s.machine.id, 'the id the statechart exports are named by').toBe('customerLookup'),
    state: 'searching',
    tags: { busy: true },
    context: { query: null, view: null, failure: null },
    invoked: { findCustomer: { query: null } },
  },
  scenarios: [
    {
      name: 'nothing asked: idle',
      steps: [{ event: nothing, state: 'idle', tags: { busy: false }, context: { query: null, view: null, failure: null } }],
    },
    {
      name: 'found by phone number',
      steps: [
        { event: nothing, state: 'idle' },
        {
          event: searchPhone,
          state: 'searching',
          tags: { busy: true },
          context: { query: byPhone, view: null, failure: null },
          invoked: { findCustomer: { query: byPhone } },
        },
        { event: found, state: 'found', tags: { busy: false }, context: { query: byPhone, view, failure: null } },
      ],
    },
    {
      name: 'not found by national ID, then found by phone',
      steps: [
        { event: nothing, state: 'idle' },
        { event: searchId, state: 'searching', context: { query: byNationalId }, invoked: { findCustomer: { query: byNationalId } } },
        { event: missing, state: 'notFound', tags: { busy: false }, context: { query: byNationalId, view: null } },
        { event: searchPhone, state: 'searching', context: { query: byPhone }, invoked: { findCustomer: { query: byPhone } } },
        { event: found, state: 'found', context: { view } },
      ],
    },
    {
      name: 'another customer after one was found: the old one is not shown when the new one is missing',
      steps: [
        { event: nothing, state: 'idle' },
        { event: searchPhone, state: 'searching' },
        { event: found, state: 'found', context: { view } },
        {
          event: searchId,
          state: 'searching',
          context: { query: byNationalId, failure: null },
          invoked: { findCustomer: { query: byNationalId } },
        },
        { event: missing, state: 'notFound', context: { view: null } },
      ],
    },
    {
      name: 'another customer found after one was found',
      steps: [
        { event: nothing, state: 'idle' },
        { event: searchPhone, state: 'searching' },
        { event: found, state: 'found', context: { view } },
        { event: searchId, state: 'searching', invoked: { findCustomer: { query: byNationalId } } },
        { event: foundOther, state: 'found', context: { query: byNationalId, view: other } },
      ],
    },
    {
      name: 'unreachable, retried with the same question, found',
      steps: [
        { event: nothing, state: 'idle' },
        { event: searchPhone, state: 'searching' },
        { event: unreachable, state: 'failed', tags: { busy: false }, context: { failure: offline, view: null, query: byPhone } },
        {
          event: retry,
          state: 'searching',
          tags: { busy: true },
          context: { query: byPhone },
          invoked: { findCustomer: { query: byPhone } },
        },
        { event: found, state: 'found', context: { view } },
      ],
    },
    {
      name: 'a failure after a customer was shown drops the customer; a new search clears the failure',
      steps: [
        { event: nothing, state: 'idle' },
        { event: searchPhone, state: 'searching' },
        { event: found, state: 'found' },
        { event: searchId, state: 'searching' },
        { event: thrown, state: 'failed', context: { failure: { status: null, message: 'Failed to fetch' }, view: null } },
        {
          event: searchPhone,
          state: 'searching',
          context: { failure: null, query: byPhone },
          invoked: { findCustomer: { query: byPhone } },
        },
        { event: missing, state: 'notFound', context: { failure: null, view: null } },
      ],
    },
    {
      name: 'only a 404 is "not found": 403 and 405 are failures',
      steps: [
        { event: nothing, state: 'idle' },
        { event: searchPhone, state: 'searching' },
        { event: forbidden, state: 'failed', context: { failure: forbidden.error } },
        { event: retry, state: 'searching' },
        { event: serverError, state: 'failed', context: { failure: serverError.error } },
      ],
    },
    {
      name: 'a new search while one runs looks for the new one',
      steps: [
        { event: nothing, state: 'idle' },
        { event: searchPhone, state: 'searching' },
        { event: searchId, state: 'searching', context: { query: byNationalId }, invoked: { findCustomer: { query: byNationalId } } },
        { event: foundOther, state: 'found', context: { query: byNationalId, view: other } },
      ],
    },
    askAgain('searching', [
      { event: nothing, state: 'idle' },
      { event: searchPhone, state: 'searching' },
    ]),
    askAgain('found', [
      { event: nothing, state: 'idle' },
      { event: searchPhone, state: 'searching' },
      { event: found, state: 'found' },
    ]),
  ],
  refuses: refusesRetry,
};

/** The view screen: started with the customer it shows. */
export const customerViewLookupOracle: Oracle<typeof customerLookupModel.machine> = {
  model: { ...customerLookupModel, input: { query: byPhone } },
  initial: {
    check: (s) => expect(s.machine.id, 'the id the statechart exports are named by').toBe('customerLookup'),
    state: 'searching',
    tags: { busy: true },
    context: { query: byPhone, view: null, failure: null },
    invoked: { findCustomer: { query: byPhone } },
  },
  scenarios: [
    { name: 'the customer shown is found', steps: [{ event: found, state: 'found', context: { query: byPhone, view, failure: null } }] },
    { name: 'the customer shown is gone', steps: [{ event: missing, state: 'notFound', context: { query: byPhone, view: null } }] },
    {
      name: 'unreachable, retried',
      steps: [
        { event: unreachable, state: 'failed', context: { failure: offline } },
        { event: retry, state: 'searching', invoked: { findCustomer: { query: byPhone } } },
        { event: found, state: 'found', context: { view } },
      ],
    },
    {
      name: 'the store answers that nothing is held: idle',
      steps: [{ event: nothing, state: 'idle', context: { query: byPhone, view: null } }],
    },
    askAgain('searching', []),
    askAgain('idle', [{ event: nothing, state: 'idle' }]),
    askAgain('found', [{ event: found, state: 'found' }]),
    askAgain('notFound', [{ event: missing, state: 'notFound' }]),
    askAgain('failed', [{ event: unreachable, state: 'failed' }]),
  ],
  refuses: { searching: [retry] },
};
