import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/port';
import { keptRead, keptUnwritten, together } from '../../server/domain/kept-answers';
import { JsonAnswer } from '../../server/json-answer';

/** A database handle as the kept answers see it: only its identity matters. */
const db = () => ({}) as Queryable;

/** A computation the test finishes when it chooses, counting how often it was started. */
function pending<T>() {
  let started = 0;
  let finish!: (value: T) => void;
  let fail!: (error: Error) => void;
  const compute = () => {
    started++;
    return new Promise<T>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { compute, started: () => started, finish: (v: T) => finish(v), fail: (e: Error) => fail(e) };
}

/** The next caller of `key` starts a computation of its own and gets its answer: nothing was kept. */
async function startsAgain(d: Queryable, key: string, value: number) {
  const work = pending<number>();
  const call = together(d, key, work.compute);
  expect(work.started()).toBe(1);
  work.finish(value);
  expect(await call).toBe(value);
}

describe('together: a live answer shared by the callers asking at once', () => {
  it('runs one computation for callers who ask while it runs, and gives each its answer', async () => {
    const d = db();
    const work = pending<{ rows: number[] }>();
    const calls = [together(d, 'due', work.compute), together(d, 'due', work.compute), together(d, 'due', work.compute)];
    expect(work.started()).toBe(1);
    work.finish({ rows: [1, 2] });
    expect(await Promise.all(calls)).toEqual([{ rows: [1, 2] }, { rows: [1, 2] }, { rows: [1, 2] }]);
  });

  it('keeps nothing once it is done: the next caller reads again', async () => {
    const d = db();
    const first = pending<number>();
    const call = together(d, 'due', first.compute);
    first.finish(1);
    expect(await call).toBe(1);
    await startsAgain(d, 'due', 2);
  });

  it('shares a failure with the callers who waited, and the next caller tries again', async () => {
    const d = db();
    const work = pending<number>();
    const calls = [together(d, 'due', work.compute), together(d, 'due', work.compute)];
    work.fail(new Error('statement timeout'));
    for (const call of calls) await expect(call).rejects.toThrow('statement timeout');
    await startsAgain(d, 'due', 3);
  });

  it('does not share between keys or between databases', async () => {
    const [d1, d2] = [db(), db()];
    const works = [pending<string>(), pending<string>(), pending<string>()];
    const calls = [together(d1, 'a', works[0]!.compute), together(d1, 'b', works[1]!.compute), together(d2, 'a', works[2]!.compute)];
    expect(works.map((w) => w.started())).toEqual([1, 1, 1]);
    works.forEach((w, i) => w.finish(`answer ${i}`));
    expect(await Promise.all(calls)).toEqual(['answer 0', 'answer 1', 'answer 2']);
  });
});

/** A database handle with a change feed, as the Db port gives one: `everyWrite` on PGlite, not on PostgreSQL. */
const fed = (feed: { version: number; live: boolean; everyWrite?: boolean }) => ({ changes: feed }) as unknown as Queryable;

describe('keptUnwritten: an answer kept until the next write, where every write is heard (decision 075)', () => {
  it('reads once while nothing is written, and again after any write', async () => {
    const feed = { version: 7, live: true, everyWrite: true };
    const d = fed(feed);
    let reads = 0;
    const read = async () => ({ reads: ++reads });
    expect(await keptUnwritten(d, 'sheet', read)).toEqual({ reads: 1 });
    expect(await keptUnwritten(d, 'sheet', read)).toEqual({ reads: 1 });
    expect(await keptUnwritten(d, 'other', read)).toEqual({ reads: 2 });
    feed.version++;
    expect(await keptUnwritten(d, 'sheet', read)).toEqual({ reads: 3 });
    expect(await keptUnwritten(d, 'sheet', read)).toEqual({ reads: 3 });
  });

  it('keeps nothing read while a write came, nor while the feed is not live', async () => {
    const feed = { version: 1, live: true, everyWrite: true };
    const d = fed(feed);
    let reads = 0;
    const writtenMeanwhile = async () => {
      feed.version++;
      return ++reads;
    };
    expect(await keptUnwritten(d, 'k', writtenMeanwhile)).toBe(1);
    expect(await keptUnwritten(d, 'k', async () => ++reads)).toBe(2);
    expect(await keptUnwritten(d, 'k', async () => ++reads)).toBe(2);
    feed.live = false;
    expect(await keptUnwritten(d, 'k', async () => ++reads)).toBe(3);
    expect(await keptUnwritten(d, 'k', async () => ++reads)).toBe(4);
  });

  it('keeps nothing where other processes write (PostgreSQL), or inside a transaction (no feed)', async () => {
    const postgres = fed({ version: 1, live: true });
    let reads = 0;
    await keptUnwritten(postgres, 'k', async () => ++reads);
    await keptUnwritten(postgres, 'k', async () => ++reads);
    const tx = db();
    await keptUnwritten(tx, 'k', async () => ++reads);
    await keptUnwritten(tx, 'k', async () => ++reads);
    expect(reads).toBe(4);
  });
});

describe("keptRead: a read route's answer kept while nothing is written, within the second (decision 100)", () => {
  const at = (iso: string) => new Date(iso);
  const noon = at('2026-12-07T12:00:00.000Z');
  /** The text a caller is sent: a kept answer is JSON already. */
  const sent = async (answer: Promise<unknown>) => {
    const value = await answer;
    expect(value).toBeInstanceOf(JsonAnswer);
    return JSON.parse((value as JsonAnswer<unknown>).text) as unknown;
  };

  it('computes once for the same key in the same second, and again after any write', async () => {
    const feed = { version: 3, live: true, everyWrite: true };
    const d = fed(feed);
    let reads = 0;
    const read = async () => ({ page: ++reads });
    expect(await sent(keptRead(d, noon, 'defaulters|admin|page 1', read))).toEqual({ page: 1 });
    expect(await sent(keptRead(d, at('2026-12-07T12:00:00.999Z'), 'defaulters|admin|page 1', read))).toEqual({ page: 1 });
    feed.version++;
    expect(await sent(keptRead(d, noon, 'defaulters|admin|page 1', read))).toEqual({ page: 2 });
    expect(await sent(keptRead(d, noon, 'defaulters|admin|page 1', read))).toEqual({ page: 2 });
  });

  it('computes again in the next second, and for another key (another caller, another page), and forgets the second before', async () => {
    const d = fed({ version: 1, live: true, everyWrite: true });
    let reads = 0;
    const read = async () => ++reads;
    expect(await sent(keptRead(d, noon, 'stores|owner 1', read))).toBe(1);
    expect(await sent(keptRead(d, noon, 'stores|owner 2', read))).toBe(2);
    expect(await sent(keptRead(d, at('2026-12-07T12:00:01.000Z'), 'stores|owner 1', read))).toBe(3);
    expect(await sent(keptRead(d, at('2026-12-07T12:00:01.500Z'), 'stores|owner 1', read))).toBe(3);
    // A clock set back (the tests' clock can be) finds nothing of the second before: it went when the next one came.
    expect(await sent(keptRead(d, noon, 'stores|owner 1', read))).toBe(4);
  });

  it('shares one computation among callers who ask while it runs', async () => {
    const d = fed({ version: 1, live: true, everyWrite: true });
    const work = pending<{ rows: number[] }>();
    const calls = [keptRead(d, noon, 'queue', work.compute), keptRead(d, noon, 'queue', work.compute)];
    expect(work.started()).toBe(1);
    work.finish({ rows: [7] });
    for (const call of calls) expect(await sent(call)).toEqual({ rows: [7] });
  });

  it('keeps nothing computed while a write came, and no failure', async () => {
    const feed = { version: 1, live: true, everyWrite: true };
    const d = fed(feed);
    let reads = 0;
    expect(
      await sent(
        keptRead(d, noon, 'k', async () => {
          feed.version++;
          return ++reads;
        }),
      ),
    ).toBe(1);
    expect(await sent(keptRead(d, noon, 'k', async () => ++reads))).toBe(2);
    const failing = pending<number>();
    const call = keptRead(d, noon, 'f', failing.compute);
    failing.fail(new Error('Customer not found'));
    await expect(call).rejects.toThrow('Customer not found');
    expect(await sent(keptRead(d, noon, 'f', async () => ++reads))).toBe(3);
  });

  it('sends an answer already serialized as it is', async () => {
    const d = fed({ version: 1, live: true, everyWrite: true });
    const answer = JsonAnswer.of({ data: [1, 2] });
    expect(await keptRead(d, noon, 'j', async () => answer)).toBe(answer);
  });

  it('keeps nothing where other processes write (PostgreSQL), while the feed is not live, or without a feed', async () => {
    let reads = 0;
    const read = async () => ++reads;
    for (const d of [fed({ version: 1, live: true }), fed({ version: 1, live: false, everyWrite: true }), db()]) {
      expect(await keptRead(d, noon, 'k', read)).toBe(reads);
      expect(await keptRead(d, noon, 'k', read)).toBe(reads);
    }
    expect(reads).toBe(6);
  });
});
