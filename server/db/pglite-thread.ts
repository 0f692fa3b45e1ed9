/**
 * The embedded database's own thread (decision 073): a worker that opens the data directory with `openPglite` and
 * runs what the server's thread sends it (pglite-threaded.ts), so PGlite's WebAssembly PostgreSQL works on one core
 * while the HTTP work and the answers' JSON use the other. Every statement still runs on the one session, in the
 * order it arrives, exactly as in-process: a transaction holds the session until it ends (PGlite's own lock).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { answerOf, openPglite } from './pglite';
import type { Queryable } from './port';
import { errorData, type ThreadRequest } from './pglite-thread-messages';

const port = parentPort!;
const reply = (id: number, body: object, moved: ArrayBuffer[] = []) => port.postMessage({ id, ...body }, moved);
const fail = (id: number, error: unknown) => reply(id, { error: errorData(error) });

/** A transaction's end, told by the server's thread: its commit (true) or rollback, and the message to answer. */
type Ending = { commit: boolean; id: number };

/** The refusal that makes PGlite roll a transaction back when the server's thread asked for it. */
class RolledBack extends Error {}

const db = await openPglite((workerData as { dataDir?: string }).dataDir);
const open = new Map<number, { tx: Queryable; end: (ending: Ending) => void }>();

function begin(id: number) {
  let ending: Ending | undefined;
  db.transaction(async (tx) => {
    ending = await new Promise<Ending>((resolve) => {
      open.set(id, { tx, end: resolve });
      reply(id, { rows: [] });
    });
    if (!ending.commit) throw new RolledBack();
  }).then(
    () => reply(ending!.id, { rows: [] }),
    (error: unknown) => {
      open.delete(id);
      // Before the transaction began, its BEGIN is answered with the error; after, the end the server asked for.
      if (ending === undefined) fail(id, error);
      else if (error instanceof RolledBack) reply(ending.id, { rows: [] });
      else fail(ending.id, error);
    },
  );
}

port.on('message', (request: ThreadRequest) => {
  const { id } = request;
  switch (request.op) {
    case 'query': {
      const on = request.tx === undefined ? db : open.get(request.tx)?.tx;
      if (!on) return fail(id, new Error(`no open transaction ${request.tx}`));
      // A prepared statement's answer crosses as its bytes, moved rather than copied, and is parsed on the server's
      // thread (decision 078); where it needs this PGlite's parsers, as values with its columns' names (decision 076).
      answerOf(on, request.sql, request.params).then(
        (answer) => reply(id, { answer }, 'raw' in answer ? [answer.raw.buffer as ArrayBuffer] : []),
        (error: unknown) => fail(id, error),
      );
      return;
    }
    case 'exec':
      db.exec(request.sql).then(
        () => reply(id, { rows: [] }),
        (error: unknown) => fail(id, error),
      );
      return;
    case 'begin':
      return begin(id);
    case 'end': {
      const transaction = open.get(request.tx);
      if (!transaction) return fail(id, new Error(`no open transaction ${request.tx}`));
      open.delete(request.tx);
      transaction.end({ commit: request.commit, id });
      return;
    }
    case 'close':
      db.close().then(
        () => reply(id, { rows: [] }),
        (error: unknown) => fail(id, error),
      );
      return;
  }
});
port.postMessage({ ready: true });
