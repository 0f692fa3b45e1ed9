import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import type { Oracle } from './oracle';
import { groups, offline, resourceListModel } from './resource-list.model';

/**
 * Issue 2 (Security and Users screens) and decision 005: a server-paged list (`$limit`, `$skip`, answered as
 * `{ total, data }`) of groups, a group's roles or portal users, with loading and error states shown, a create
 * form ("added successfully") and a removal that is confirmed first. A page before the first is the first; a
 * refused save keeps the form open with the server's answer; a failed removal tells the list. A reload (refresh,
 * another page) closes whatever form or confirmation was open. Nothing is sent twice while a call is in flight.
 */
const input = resourceListModel.input as { limit: number; filter: Record<string, number> };
const ctx = (over: Record<string, unknown> = {}) => ({
  limit: input.limit,
  skip: 0,
  filter: input.filter,
  total: 0,
  // Issue 16: a whole large table's total is the server's estimate; these pages are exact counts.
  totalEstimated: false,
  items: [],
  pendingRemoval: null,
  failure: null,
  ...over,
});
const page = (skip: number) => ctx({ skip, total: groups.total, items: groups.data });
const fetchAt = (skip: number) => ({ fetchPage: { limit: input.limit, skip, filter: input.filter } });

/** The notices the app shows ("added successfully", "removed"), as the fake actions heard them since the last look. */
const notices: string[] = [];
const heard =
  (...expected: string[]) =>
  (_: AnyMachineSnapshot) =>
    expect(notices.splice(0), 'notices').toEqual(expected);

const fetched = { type: 'xstate.done.actor.fetchPage', output: groups };
const fetchFails = { type: 'xstate.error.actor.fetchPage', error: offline };
const retry = { type: 'list.retry' };
const refresh = { type: 'list.refresh' };
const pageTo = (skip: number) => ({ type: 'list.pageChanged', skip });
const open = { type: 'form.opened' };
const cancelForm = { type: 'form.cancelled' };
const values = { name: 'Auditors' };
const submit = { type: 'form.submitted', values };
const created = { type: 'xstate.done.actor.createItem', output: { id: 3, name: 'Auditors' } };
const taken = { status: 400, message: 'Invalid request: name', fields: { name: 'A group with this name already exists' } };
const createRefused = { type: 'xstate.error.actor.createItem', error: taken };
const askRemoval = (id: number) => ({ type: 'item.removeRequested', id });
const confirm = { type: 'removal.confirmed' };
const cancelRemoval = { type: 'removal.cancelled' };
const removed = { type: 'xstate.done.actor.removeItem', output: { id: 2 } };
const removeFails = { type: 'xstate.error.actor.removeItem', error: offline };

const idle = (over: Record<string, unknown> = {}) => ({ state: 'ready.idle', context: { ...page(0), ...over }, tags: { busy: false } });
const firstPage = [{ event: fetched, ...idle(), invoked: {} }] as const;
const reload = (skip = 0) => ({ state: 'loading', tags: { busy: true }, invoked: fetchAt(skip) });

export const resourceListOracle: Oracle<typeof resourceListModel.machine> = {
  model: resourceListModel,
  initial: { state: 'loading', context: ctx(), tags: { busy: true }, invoked: fetchAt(0), check: () => void notices.splice(0) },
  actions: {
    notifySaved: () => notices.push('saved'),
    notifyRemoved: () => notices.push('removed'),
  },
  scenarios: [
    {
      name: 'a page, the next page, refreshed where it is, a page before the first is the first',
      steps: [
        ...firstPage,
        { event: pageTo(25), ...reload(25), context: { skip: 25 } },
        { event: fetched, ...idle({ skip: 25 }) },
        { event: refresh, ...reload(25), context: { skip: 25 } },
        { event: fetched, ...idle({ skip: 25 }) },
        { event: pageTo(-25), ...reload(0), context: { skip: 0 } },
        { event: fetched, ...idle() },
        { event: pageTo(50), ...reload(50) },
        { event: fetched, ...idle({ skip: 50 }) },
        { event: pageTo(0), ...reload(0) },
      ],
    },
    {
      name: 'the page fails to load, retried twice',
      steps: [
        { event: fetchFails, state: 'failed', context: ctx({ failure: offline }), tags: { busy: false } },
        { event: retry, ...reload(0) },
        { event: fetchFails, state: 'failed', context: ctx({ failure: offline }) },
        { event: retry, ...reload(0) },
        { event: fetched, ...idle() },
      ],
    },
    {
      name: 'created: the notice, then the list again',
      steps: [
        ...firstPage,
        { event: open, state: 'ready.editing', context: page(0), tags: { busy: false } },
        {
          event: submit,
          state: 'ready.creating',
          context: page(0),
          tags: { busy: true },
          invoked: { createItem: { values, filter: input.filter } },
        },
        { event: created, ...reload(0), check: heard('saved') },
        { event: fetched, ...idle() },
      ],
    },
    {
      name: 'a refused save keeps the form open with the answer; cancelled, the answer goes with the form',
      steps: [
        ...firstPage,
        { event: open, state: 'ready.editing' },
        { event: submit, state: 'ready.creating' },
        { event: createRefused, state: 'ready.editing', context: { ...page(0), failure: taken }, tags: { busy: false }, check: heard() },
        { event: submit, state: 'ready.creating', invoked: { createItem: { values, filter: input.filter } } },
        { event: createRefused, state: 'ready.editing', context: { ...page(0), failure: taken }, check: heard() },
        { event: cancelForm, ...idle() },
        { event: open, state: 'ready.editing', context: page(0) },
        { event: cancelForm, ...idle() },
      ],
    },
    {
      name: 'a removal asked, cancelled, asked again, confirmed: removed, the notice, the list again',
      steps: [
        ...firstPage,
        { event: askRemoval(2), state: 'ready.confirmingRemoval', context: { ...page(0), pendingRemoval: 2 }, tags: { busy: false } },
        { event: cancelRemoval, ...idle() },
        { event: askRemoval(1), state: 'ready.confirmingRemoval', context: { ...page(0), pendingRemoval: 1 } },
        {
          event: confirm,
          state: 'ready.removing',
          context: { ...page(0), pendingRemoval: 1 },
          tags: { busy: true },
          invoked: { removeItem: { id: 1 } },
        },
        { event: removed, ...reload(0), context: page(0), check: heard('removed') },
        { event: fetched, ...idle() },
      ],
    },
    {
      name: 'a removal fails: the list says so until the next action',
      steps: [
        ...firstPage,
        { event: askRemoval(2), state: 'ready.confirmingRemoval' },
        { event: confirm, state: 'ready.removing', invoked: { removeItem: { id: 2 } } },
        { event: removeFails, ...idle({ failure: offline }), check: heard() },
        { event: askRemoval(2), state: 'ready.confirmingRemoval', context: { ...page(0), pendingRemoval: 2 } },
        { event: confirm, state: 'ready.removing' },
        { event: removeFails, ...idle({ failure: offline }) },
        { event: open, state: 'ready.editing', context: page(0) },
        { event: cancelForm, ...idle() },
        { event: askRemoval(2), state: 'ready.confirmingRemoval' },
        { event: confirm, state: 'ready.removing' },
        { event: removeFails, ...idle({ failure: offline }) },
        { event: refresh, ...reload(0), context: { failure: offline } },
        { event: fetched, ...idle() },
      ],
    },
    {
      name: 'a reload closes an open form or confirmation',
      steps: [
        ...firstPage,
        { event: open, state: 'ready.editing' },
        { event: refresh, ...reload(0) },
        { event: fetched, ...idle() },
        { event: open, state: 'ready.editing' },
        { event: pageTo(25), ...reload(25) },
        { event: fetched, ...idle({ skip: 25 }) },
        { event: askRemoval(2), state: 'ready.confirmingRemoval' },
        { event: refresh, ...reload(25), context: { pendingRemoval: null } },
        { event: fetched, ...idle({ skip: 25 }) },
        { event: askRemoval(2), state: 'ready.confirmingRemoval' },
        { event: pageTo(25), ...reload(25), context: { pendingRemoval: null } },
        { event: fetched, ...idle({ skip: 25 }) },
      ],
    },
  ],
  refuses: {
    loading: [retry, refresh, pageTo(25), open, askRemoval(2), submit, confirm],
    failed: [refresh, pageTo(25), open, askRemoval(2), submit, confirm],
    'ready.idle': [retry, submit, cancelForm, confirm, cancelRemoval],
    'ready.editing': [retry, open, askRemoval(2), confirm, cancelRemoval],
    'ready.creating': [submit, open, cancelForm, askRemoval(2), confirm, retry],
    'ready.confirmingRemoval': [retry, open, askRemoval(1), submit, cancelForm],
    'ready.removing': [confirm, cancelRemoval, open, askRemoval(2), submit, retry],
  } satisfies Record<string, AnyEventObject[]>,
  unexplained: [
    // A reload while a save or a removal is in flight drops its outcome (no notice, no failure shown). The screens
    // cannot send it (the form and the confirmation are modal), the spec is silent; reported to the lead.
    'ready.creating --list.refresh--> loading',
    'ready.creating --list.pageChanged(skip=25)--> loading',
    'ready.removing --list.refresh--> loading',
    'ready.removing --list.pageChanged(skip=25)--> loading',
  ],
};
