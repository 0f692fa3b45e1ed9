import { describe, expect, it } from 'vitest';
import { countedTotal, totalColumn, totalOf } from '../../server/db/page';
import type { Queryable } from '../../server/db/port';

/**
 * An exact total is kept only where the Db's change feed moves on with every write (PGlite), only at the version it
 * was counted at, and only when no write moved the version while it was counted (decision 071).
 */

const COUNT = 'SELECT count(*)::int FROM stores s WHERE s.region_id = $1';

function feedDb(changes: { version: number; live: boolean; everyWrite?: boolean }): Queryable {
  return {
    changes,
    query: () => Promise.reject(new Error('nothing is read when the total is known')),
  } as unknown as Queryable;
}

describe('countedTotal', () => {
  it('keeps a counted total for the same count and parameters until the version moves', async () => {
    const changes = { version: 3, live: true, everyWrite: true };
    const db = feedDb(changes);
    const first = countedTotal(db, { total: COUNT, params: [1] });
    expect(first.known).toBeNull();
    expect(totalColumn(first)).toBe(`(${COUNT}) AS total`);
    expect(await totalOf(db, [{ total: 7 }], first)).toBe(7);

    const second = countedTotal(db, { total: COUNT, params: [1] });
    expect(second.known).toBe(7);
    expect(totalColumn(second)).toBe('NULL::int AS total');
    expect(await totalOf(db, [{ total: null }], second)).toBe(7);
    expect(countedTotal(db, { total: COUNT, params: [2] }).known).toBeNull();

    changes.version++;
    expect(countedTotal(db, { total: COUNT, params: [1] }).known).toBeNull();
  });

  it('keeps nothing counted while a write moved the version', async () => {
    const changes = { version: 0, live: true, everyWrite: true };
    const db = feedDb(changes);
    const counting = countedTotal(db, { total: COUNT, params: [1] });
    changes.version++;
    await totalOf(db, [{ total: 4 }], counting);
    expect(countedTotal(db, { total: COUNT, params: [1] }).known).toBeNull();
  });

  it('keeps nothing where the feed does not hear every write, or is not live', async () => {
    for (const changes of [
      { version: 0, live: true },
      { version: 0, live: false, everyWrite: true },
    ]) {
      const db = feedDb(changes);
      await totalOf(db, [{ total: 4 }], countedTotal(db, { total: COUNT, params: [1] }));
      expect(countedTotal(db, { total: COUNT, params: [1] }).known ?? null).toBeNull();
    }
  });
});
