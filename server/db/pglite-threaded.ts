import { Worker } from 'node:worker_threads';
import type { Db, Queryable } from './port';
import { mayWrite } from './writes';
import { embeddedChanges, rowsOf } from './pglite';
import { errorFrom, type ThreadAnswer, type ThreadRequest } from './pglite-thread-messages';

/** Each kind of a union without the key K (Omit of the union itself would keep only the keys all kinds share). */
type EachWithout<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A request without its number, which `send` gives it. */
type Unnumbered = EachWithout<ThreadRequest, 'id'>;

/**
 * The embedded database on a thread of its own (decision 073): the same Db as `openPglite` gives, its statements run
 * by a worker (pglite-thread.ts) that holds the PGlite. On this thread each call costs a message each way and the
 * rows' structured clone; the WebAssembly PostgreSQL, the protocol's parsing and the rows' types are the worker's.
 * The change feed is kept here, as `pgliteDb` keeps it: every write statement and every transaction moves it on.
 */
export async function openPgliteThread(dataDir?: string): Promise<Db> {
  // The worker runs TypeScript as the server does (tsx), its loader registered in the worker before the module.
  const source = new URL('./pglite-thread.ts', import.meta.url);
  const worker = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); })`, {
    eval: true,
    workerData: { dataDir },
  });
  const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  let next = 1;
  let broken: Error | null = null;
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (answer: ThreadAnswer) => {
      if ('ready' in answer) return resolve();
      const call = waiting.get(answer.id);
      if (!call) return;
      waiting.delete(answer.id);
      if ('error' in answer) call.reject(errorFrom(answer.error));
      else if ('answer' in answer) call.resolve(rowsOf(answer.answer));
      else call.resolve(answer.rows);
    });
    const stop = (error: Error) => {
      broken = error;
      reject(error);
      for (const call of waiting.values()) call.reject(error);
      waiting.clear();
    };
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`the embedded database's thread ended (exit code ${code})`)));
  });
  await ready;

  /** Sends a request under the next number; `numbered` is told the number before it leaves (a transaction's name). */
  const send = <T>(request: Unnumbered, numbered?: (id: number) => void): Promise<T[]> => {
    if (broken) return Promise.reject(broken);
    const id = next++;
    numbered?.(id);
    return new Promise<T[]>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };

  const { changes, wrote } = embeddedChanges();
  const query =
    (tx?: number) =>
    async <T>(sql: string, params: unknown[] = []): Promise<T[]> => {
      try {
        return await send<T>({ op: 'query', sql, params, ...(tx === undefined ? {} : { tx }) });
      } finally {
        if (mayWrite(sql)) wrote();
      }
    };

  const db: Db = {
    kind: 'pglite',
    changes,
    query: query(),
    async transaction(fn) {
      // The BEGIN's number names the transaction; its statements and its end carry it.
      let id = 0;
      await send({ op: 'begin' }, (given) => (id = given));
      try {
        const tx: Queryable = { query: query(id), outer: db };
        let result;
        try {
          result = await fn(tx);
        } catch (error) {
          // The work's own error is the one to tell, even when the thread could not roll back (it ended).
          await send({ op: 'end', tx: id, commit: false }).catch(() => undefined);
          throw error;
        }
        await send({ op: 'end', tx: id, commit: true });
        return result;
      } finally {
        wrote();
      }
    },
    exec: async (sql) => {
      try {
        await send({ op: 'exec', sql });
      } finally {
        wrote();
      }
    },
    close: async () => {
      await send({ op: 'close' });
      await worker.terminate();
    },
  };
  return db;
}
