import { describe, expect, vi } from 'vitest';
import { resourceListMachine } from '../../src/machines/resource-list.machine';
import { testModel } from './model';

const groups = { total: 2, data: [{ id: 1, name: 'Admin' }, { id: 2, name: 'Agent' }] };
const offline = { status: null, message: 'Failed to fetch' };
const taken = { status: 400, message: 'Invalid request: name', fields: { name: 'A group with this name already exists' } };
const notifySaved = vi.fn();
const notifyRemoved = vi.fn();

describe('resource list machine (model-based)', () => {
  testModel({
    machine: resourceListMachine,
    input: { limit: 25, filter: { group_id: 2 } },
    actions: { notifySaved, notifyRemoved },
    events: [
      { type: 'xstate.done.actor.fetchPage', output: groups },
      { type: 'xstate.error.actor.fetchPage', error: offline },
      { type: 'list.retry' },
      { type: 'list.refresh' },
      { type: 'list.pageChanged', skip: 25 },
      { type: 'form.opened' },
      { type: 'form.cancelled' },
      { type: 'form.submitted', values: { name: 'Auditors' } },
      { type: 'xstate.done.actor.createItem', output: { id: 3, name: 'Auditors' } },
      { type: 'xstate.error.actor.createItem', error: taken },
      { type: 'item.removeRequested', id: 2 },
      { type: 'removal.confirmed' },
      { type: 'removal.cancelled' },
      { type: 'xstate.done.actor.removeItem', output: { id: 2 } },
      { type: 'xstate.error.actor.removeItem', error: offline },
    ],
    states: {
      loading: (s) => expect(s.hasTag('busy')).toBe(true),
      failed: (s) => expect(s.context.failure).toEqual(offline),
      'ready.idle': (s) => {
        expect(s.context.items).toEqual(groups.data);
        expect(s.context.pendingRemoval).toBeNull();
      },
      'ready.confirmingRemoval': (s) => expect(s.context.pendingRemoval).toBe(2),
      'ready.creating': (s) => expect(s.context.filter).toEqual({ group_id: 2 }),
    },
  });
});
