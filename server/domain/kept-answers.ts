import type { Db, Queryable } from '../db/port';
import { JsonAnswer } from '../json-answer';

/**
 * Answers computed from a snapshot or rollup, kept in the server process until the run that wrote it writes it again
 * (decision 032, as decision 029 keeps the analyses'): the key holds that run's time, read from the database on every
 * call, so a new run on any copy of the server makes every kept answer stale. The answer is kept while it is being
 * computed, so callers asking at once share one computation; a failure is not kept. At most KEPT per database, the
 * least recently used dropped first; each caller gets its own copy.
 */
const KEPT = 500;
const answers = new WeakMap<object, Map<string, Promise<unknown>>>();
/** The live answers being computed now (together): none is kept once it is done. */
const running = new WeakMap<object, Map<string, Promise<unknown>>>();

/** The answers of `db` in `store`, an empty map the first time. */
function answersOf<V>(store: WeakMap<object, Map<string, V>>, db: Queryable) {
  let map = store.get(db);
  if (!map) store.set(db, (map = new Map()));
  return map;
}

export async function kept<T>(db: Queryable, key: string, compute: () => Promise<T>): Promise<T> {
  return structuredClone(await shared(db, key, compute));
}

/**
 * The same, kept as the JSON a route sends (json-answer.ts): serialized once when computed, never copied, for
 * an answer a route returns whole.
 */
export function keptJson<T>(db: Queryable, key: string, compute: () => Promise<T>): Promise<JsonAnswer<T>> {
  return shared(db, `json ${key}`, async () => JsonAnswer.of(await compute()));
}

/**
 * The same, without the copy: every caller gets the one kept object, which none may change (a route only serializes
 * it). For answers of thousands of rows, whose copy would cost more than the answer.
 */
export async function shared<T>(db: Queryable, key: string, compute: () => Promise<T>): Promise<T> {
  const map = answersOf(answers, db);
  let answer = map.get(key) as Promise<T> | undefined;
  if (answer) map.delete(key);
  else {
    answer = compute();
    answer.catch(() => map.delete(key));
  }
  map.set(key, answer);
  if (map.size > KEPT) map.delete(map.keys().next().value!);
  return answer;
}

/**
 * Callers asking at once share one computation, kept only while it runs: for an answer read live, which the next
 * caller must read again. At a million customers, collections due on a day the ageing run has not written yet took
 * 1.4 s a call from the loans; fifty callers at once each started their own, and none was answered within 5 s.
 * Every caller gets the one object, which none may change (as `shared`'s).
 */
export function together<T>(db: Queryable, key: string, compute: () => Promise<T>): Promise<T> {
  const map = answersOf(running, db);
  let answer = map.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = compute().finally(() => map.delete(key));
    map.set(key, answer);
  }
  return answer;
}

/** Answers kept while nothing has been written (keptUnwritten), with the version of the change feed they were read at. */
const unwritten = new WeakMap<object, Map<string, { version: number; answer: unknown }>>();

/**
 * An answer read live, kept while nothing has been written (decision 075), as decision 071 keeps exact totals: where
 * the Db's change feed moves on with every write to any table (`everyWrite`: the embedded PGlite, whose only writer
 * is this process), an answer read at one version is still exact at it. Any write through the Db makes every kept
 * answer stale, and one is kept only when the version did not move while it was read. On PostgreSQL (other
 * processes write) nothing is kept: every call reads. Every caller gets the one kept object, which none may change.
 */
export async function keptUnwritten<T>(db: Queryable, key: string, compute: () => Promise<T>): Promise<T> {
  const feed = (db as Partial<Db>).changes;
  if (!feed?.everyWrite || !feed.live) return compute();
  const version = feed.version;
  const map = answersOf(unwritten, db);
  const hit = map.get(key);
  if (hit && hit.version === version) return hit.answer as T;
  const answer = await compute();
  if (feed.version === version && feed.live) {
    map.delete(key);
    map.set(key, { version, answer });
    if (map.size > KEPT) map.delete(map.keys().next().value!);
  }
  return answer;
}

/** The reads' answers kept by `keptRead`: the feed's version and the second they were read at, and the answer. */
const reads = new WeakMap<object, Map<string, { version: number; second: number; answer: Promise<JsonAnswer<unknown>> }>>();

/**
 * A read's whole answer, kept as the JSON it is sent as (and its compressed copies) while nothing is written and the
 * clock is in the same second (decision 100). `key` names everything the answer is computed from besides the
 * database and the clock: the route and all of its handler's input. Where the Db's feed hears every write
 * (`everyWrite`: the embedded PGlite), the database is the same while the version is; the clock is the same to the
 * second, the key's own part. Callers asking at once share one computation. A failure is not kept. On PostgreSQL
 * (other processes write) every call computes.
 */
export function keptRead<T>(db: Queryable, at: Date, key: string, compute: () => Promise<T | JsonAnswer<T>>): Promise<T | JsonAnswer<T>> {
  const feed = (db as Partial<Db>).changes;
  if (!feed?.everyWrite || !feed.live) return compute();
  const version = feed.version;
  const map = answersOf(reads, db);
  const second = Math.floor(at.getTime() / 1000);
  const full = `${second}\u0000${key}`;
  const hit = map.get(full);
  if (hit && hit.version === version) {
    map.delete(full);
    map.set(full, hit);
    return hit.answer as Promise<JsonAnswer<T>>;
  }
  const answer = compute().then((value) => (value instanceof JsonAnswer ? value : JsonAnswer.of(value)));
  const entry = { version, second, answer: answer as Promise<JsonAnswer<unknown>> };
  // The answers of the seconds before are never asked for again: those first in the map go as a new one comes.
  for (const [old, kept] of map) {
    if (kept.second >= second) break;
    map.delete(old);
  }
  map.delete(full);
  map.set(full, entry);
  if (map.size > KEPT) map.delete(map.keys().next().value!);
  // A failure is not kept. An answer computed while a write came is kept at the version before it, so no call finds it.
  answer.catch(() => {
    if (map.get(full) === entry) map.delete(full);
  });
  return answer;
}

/** Which write of a report's snapshot or rollup is there (report_snapshots): its run number, day and last id. */
export async function snapshotOf(
  db: Queryable,
  report: string,
): Promise<{ run: number; day: string | null; through: number; refreshedAt: string } | null> {
  const [row] = await db.query<{ run: number | string; day: string | null; through: number | string | null; refreshed_at: Date | string }>(
    "SELECT run, to_char(day, 'YYYY-MM-DD') AS day, through_id AS through, refreshed_at FROM report_snapshots WHERE report = $1",
    [report],
  );
  if (!row) return null;
  return { run: Number(row.run), day: row.day, through: Number(row.through ?? 0), refreshedAt: new Date(row.refreshed_at).toISOString() };
}
