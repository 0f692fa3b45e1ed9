import { describe, expect, it, vi } from 'vitest';
import { testModel } from './model';
import { startDriver, testOracle } from './oracle';
import { resourceListOracle } from './resource-list.oracle';
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

describe('resource list machine (oracle)', () => {
  testOracle(resourceListOracle);

  it('pages by 25 with no filter when the screen gives neither', async () => {
    const driver = await startDriver({ ...resourceListOracle, model: { ...resourceListModel, input: {} } });
    expect(driver.snapshot().context).toEqual({
      limit: 25,
      skip: 0,
      filter: {},
      total: 0,
      totalEstimated: false,
      items: [],
      pendingRemoval: null,
      failure: null,
    });
    expect(driver.invoked).toEqual([{ id: 'fetchPage', input: { limit: 25, skip: 0, filter: {} } }]);
    driver.stop();
  });

  it("keeps that a page's total is an estimate, and that the next exact one is not (issue 16)", async () => {
    const driver = await startDriver(resourceListOracle);
    await driver.send({ type: 'xstate.done.actor.fetchPage', output: { ...groups, totalEstimated: true } });
    expect(driver.snapshot().context).toMatchObject({ total: groups.total, totalEstimated: true });
    await driver.send({ type: 'list.refresh' });
    await driver.send({ type: 'xstate.done.actor.fetchPage', output: groups });
    expect(driver.snapshot().context).toMatchObject({ total: groups.total, totalEstimated: false });
    driver.stop();
  });
});
