import { resourceListMachine } from '../../src/machines/resource-list.machine';
import type { ModelSpec } from './coverage';

export const groups = {
  total: 2,
  data: [
    { id: 1, name: 'Admin' },
    { id: 2, name: 'Agent' },
  ],
};
export const offline = { status: null, message: 'Failed to fetch' };
const taken = { status: 400, message: 'Invalid request: name', fields: { name: 'A group with this name already exists' } };
/** The resource list's model: a page, a failed load, create and remove with their outcomes. */
export const resourceListModel: ModelSpec<typeof resourceListMachine> = {
  machine: resourceListMachine,
  input: { limit: 25, filter: { group_id: 2 } },
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
};
