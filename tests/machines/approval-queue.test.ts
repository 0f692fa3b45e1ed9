import { describe, expect } from 'vitest';
import type { ApprovalQueueContext } from '../../src/machines/approval-queue.machine';
import { testModel } from './model';
import { testOracle } from './oracle';
import { approvalQueueOracle } from './approval-queue.oracle';
import { approvalQueueModel, mixed, offline } from './approval-queue.model';

describe('approval queue machine (model-based)', () => {
  testModel({
    ...approvalQueueModel,
    states: {
      loading: (s) => expect(s.hasTag('busy')).toBe(true),
      failed: (s) => expect(s.context.failure).toEqual(offline),
      deciding: ({ context }) => {
        const s = { context: context as ApprovalQueueContext };
        // Optimistic: what is being decided is off the list, and kept to put back.
        expect(s.context.pending.length).toBeGreaterThan(0);
        for (const item of s.context.pending) expect(s.context.items).not.toContainEqual(item);
      },
      ready: ({ context }) => {
        const s = { context: context as ApprovalQueueContext };
        expect(s.context.pending).toEqual([]);
        expect(new Set(s.context.items.map((i) => i.id)).size).toBe(s.context.items.length);
        for (const id of s.context.selected) expect(s.context.items.map((i) => i.id)).toContain(id);
        // Results accumulate: every one is one the server gave; an approved item has left the list.
        for (const r of s.context.results) expect(mixed).toContainEqual(r);
        if (s.context.results.some((r) => r.id === 1)) expect(s.context.items.map((i) => i.id)).not.toContain(1);
      },
    },
  });
});

describe('approval queue machine (oracle)', () => {
  testOracle(approvalQueueOracle);
});
