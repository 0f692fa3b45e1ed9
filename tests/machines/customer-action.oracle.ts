import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { Oracle } from './oracle';
import { customerActionModel, pin, rateLimited } from './customer-action.model';

/**
 * Issue 4 and decision 008: a one-shot action on a customer (offline PIN, call rating, reset PIN, forgot password,
 * data bundle). `action.submitted` sends at once; `action.reviewed` (an action that cannot be undone) asks first and
 * sends only when confirmed, or goes back to the form. A refusal keeps the form open with its reason; the result
 * (an offline PIN's code) is shown once and forgotten when the form closes or opens again. Nothing is sent twice,
 * and a send under way cannot be cancelled.
 */
const EMPTY = { values: null, result: null, failure: null };
const rating = { call_type: 'incoming', remark: 'happy', description: 'inquiry', comment: 'Asked about the next due date' };
const bundle = { msisdn: '255754000123', bundle: '1GB' };
const opened = { type: 'action.opened' };
const cancelled = { type: 'action.cancelled' };
const closed = { type: 'action.closed' };
const confirmed = { type: 'action.confirmed' };
const submitRating = { type: 'action.submitted', values: rating };
const reviewBundle = { type: 'action.reviewed', values: bundle };
const reviewOther = { type: 'action.reviewed', values: { msisdn: '255754000123', bundle: '5GB' } };
const reviewReset = { type: 'action.reviewed', values: { msisdn: '255754000123' } };
const submitPin = { type: 'action.submitted', values: { msisdn: '255754000123' } };
const done = { type: 'xstate.done.actor.submitAction', output: pin };
const refused = { type: 'xstate.error.actor.submitAction', error: rateLimited };
const unreachable = { type: 'xstate.error.actor.submitAction', error: new TypeError('Failed to fetch') };

export const customerActionOracle: Oracle<typeof customerActionModel.machine> = {
  model: customerActionModel,
  initial: {
    check: (s) => expect(s.machine.id, 'the id the statechart exports are named by').toBe('customerAction'),
    state: 'closed',
    context: EMPTY,
    tags: { busy: false },
  },
  scenarios: [
    {
      name: 'a call rating sent at once',
      steps: [
        { event: opened, state: 'editing', context: EMPTY, tags: { busy: false } },
        {
          event: submitRating,
          state: 'submitting',
          tags: { busy: true },
          context: { values: rating, result: null, failure: null },
          invoked: { submitAction: { values: rating } },
        },
        { event: done, state: 'done', tags: { busy: false }, context: { values: rating, result: pin, failure: null } },
        { event: closed, state: 'closed', context: EMPTY },
      ],
    },
    {
      name: 'a data bundle reviewed, confirmed, given',
      steps: [
        { event: opened, state: 'editing' },
        {
          event: reviewBundle,
          state: 'confirming',
          tags: { busy: false },
          context: { values: bundle, result: null, failure: null },
          invoked: {},
        },
        {
          event: confirmed,
          state: 'submitting',
          tags: { busy: true },
          context: { values: bundle },
          invoked: { submitAction: { values: bundle } },
        },
        { event: done, state: 'done', context: { result: pin, failure: null } },
      ],
    },
    {
      name: 'reviewed, gone back to the form, reviewed with other values and confirmed: the last values are sent',
      steps: [
        { event: opened, state: 'editing' },
        { event: reviewBundle, state: 'confirming' },
        { event: cancelled, state: 'editing', context: { result: null, failure: null } },
        { event: reviewOther, state: 'confirming', context: { values: reviewOther.values } },
        { event: confirmed, state: 'submitting', invoked: { submitAction: { values: reviewOther.values } } },
      ],
    },
    {
      name: 'refused: the form stays with the reason; sent again without it',
      steps: [
        { event: opened, state: 'editing' },
        { event: submitPin, state: 'submitting', invoked: { submitAction: { values: submitPin.values } } },
        {
          event: refused,
          state: 'editing',
          tags: { busy: false },
          context: { failure: rateLimited, result: null, values: submitPin.values },
        },
        { event: submitPin, state: 'submitting', context: { failure: null }, invoked: { submitAction: { values: submitPin.values } } },
        { event: done, state: 'done', context: { failure: null, result: pin } },
      ],
    },
    {
      name: 'refused after review, reviewed again: the reason is cleared',
      steps: [
        { event: opened, state: 'editing' },
        { event: reviewBundle, state: 'confirming' },
        { event: confirmed, state: 'submitting' },
        { event: unreachable, state: 'editing', context: { failure: { status: null, message: 'Failed to fetch' }, result: null } },
        { event: reviewBundle, state: 'confirming', context: { failure: null, values: bundle } },
      ],
    },
    {
      name: 'cancelled from the form after a refusal: closed and forgotten',
      steps: [
        { event: opened, state: 'editing' },
        { event: submitPin, state: 'submitting' },
        { event: refused, state: 'editing', context: { failure: rateLimited } },
        { event: cancelled, state: 'closed', context: EMPTY },
        { event: opened, state: 'editing', context: EMPTY },
      ],
    },
    {
      name: 'opened again after a result: the result is forgotten',
      steps: [
        { event: opened, state: 'editing' },
        { event: submitPin, state: 'submitting' },
        { event: done, state: 'done', context: { result: pin } },
        { event: opened, state: 'editing', context: EMPTY },
      ],
    },
    {
      name: 'a PIN reset reviewed, then cancelled twice: back to the form, then closed',
      steps: [
        { event: opened, state: 'editing' },
        { event: reviewReset, state: 'confirming', context: { values: reviewReset.values } },
        { event: cancelled, state: 'editing' },
        { event: cancelled, state: 'closed', context: EMPTY },
      ],
    },
  ],
  refuses: {
    closed: [submitRating, reviewBundle, confirmed, cancelled, closed],
    editing: [confirmed, closed, opened],
    confirming: [submitRating, reviewOther, opened, closed],
    submitting: [opened, cancelled, closed, confirmed, submitPin, reviewBundle],
    done: [cancelled, confirmed, submitPin, reviewBundle],
  } satisfies Record<string, AnyEventObject[]>,
};
