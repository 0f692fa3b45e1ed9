import { describe, expect, vi } from 'vitest';
import { testModel } from './model';
import { groups, offline, resourceListModel } from './resource-list.model';

const notifySaved = vi.fn();
const notifyRemoved = vi.fn();

describe('resource list machine (model-based)', () => {
  testModel({
    ...resourceListModel,
    actions: { notifySaved, notifyRemoved },
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
