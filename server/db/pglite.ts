import { isAscii } from 'node:buffer';
import { PGlite, protocol, types } from '@electric-sql/pglite';
import type {
  BackendMessage,
  DataRowMessage,
  DatabaseError,
  ParameterDescriptionMessage,
  RowDescriptionMessage,
} from 'pg-protocol/dist/messages';
import { Parser } from 'pg-protocol/dist/parser';
import type { Db, Queryable } from './port';
import { SizeKeepingNodeFS } from './pglite-file-sizes';
import { mayWrite, prepares } from './writes';
import { rowMaker, rowsNamed, type RowMaker } from './row-maker';
import { fastTimestamptz } from './timestamptz';

/**
 * The parsers the server opens PGlite with beside its own (tests open theirs with these too): int8 as a number
 * (decision 078), and a timestamptz read digit by digit (timestamptz.ts).
 */
export const EMBEDDED_PARSERS = {
  [types.INT8]: (value: string) => Number(value),
  [types.TIMESTAMPTZ]: fastTimestamptz(types.parsers[types.TIMESTAMPTZ]!),
};

/**
 * The parsers every PGlite opened here starts with, whichever thread reads them: PGlite adds one for each array type
 * of the database as it opens, which only that PGlite has. A statement whose every column is parsed by one of these
 * may be parsed on the thread that reads its rows (decision 078).
 */
const BASE_PARSERS: typeof types.parsers = { ...types.parsers, ...EMBEDDED_PARSERS };

/**
 * Every read, and every statement with parameters, runs as a named prepared statement of the embedded database's one
 * session, kept per statement text (decision 058): PGlite's own `query` parses, plans and describes a statement
 * again on every call, in six calls into WebAssembly. A kept statement is bound and run in one: every defaulter's
 * page 6.3 -> 2.3 ms, a customer's lookup 0.69 -> 0.22 ms on the demo data. Anything else without parameters (DDL,
 * SET, a script) goes through `query` as it is, as on PostgreSQL (postgres.ts).
 */
const KEPT_STATEMENTS = 5_000;

interface Prepared {
  name: string;
  /** The parameters' types PostgreSQL inferred, which pick each value's serializer (as PGlite's `query` does). */
  types: number[];
  /** Whether every column of its answer is parsed by a base parser (BASE_PARSERS), so its bytes may travel. */
  plain: boolean;
}

/** The statements prepared in a PGlite's session, and the number of the next one's name. */
interface Session {
  statements: Map<string, Prepared>;
  next: number;
  /** How many statement texts are kept (KEPT_STATEMENTS unless a test says otherwise). */
  cap: number;
}

const sessions = new WeakMap<PGlite, Session>();

/** PostgreSQL's "cached plan must not change result type": a table the statement reads has changed its columns. */
const planChanged = (error: unknown) => (error as { code?: string } | null)?.code === '0A000';

async function prepare(pg: PGlite, session: Session, sql: string): Promise<Prepared> {
  const kept = session.statements.get(sql);
  if (kept) return kept;
  // Past the cap a statement is not kept: it is prepared unnamed, which the next statement's Parse replaces, so the
  // session does not grow with texts that differ only in their literals (a page's bounds, decision 031).
  const keep = session.statements.size < session.cap;
  const name = keep ? `q${session.next++}` : '';
  // Parse, describe and sync in one call: a statement that does not parse throws here and is not kept.
  const described = await exchange(
    pg,
    Buffer.concat([
      protocol.serialize.parse({ name, text: sql }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    ]),
  );
  const parameters = described.find((message): message is ParameterDescriptionMessage => message.name === 'parameterDescription');
  const columns = described.find((message): message is RowDescriptionMessage => message.name === 'rowDescription');
  const plain = (columns?.fields ?? []).every((field) => pg.parsers[field.dataTypeID] === BASE_PARSERS[field.dataTypeID]);
  const prepared = { name, types: parameters?.dataTypeIDs ?? [], plain };
  if (keep) session.statements.set(sql, prepared);
  return prepared;
}

/**
 * Sends protocol messages to the session and gives its answer's bytes, copied out of WebAssembly's memory as they
 * come into a buffer of their own, exactly their size (one that may be moved to another thread, decision 078).
 */
async function exchangeBytes(pg: PGlite, message: Uint8Array): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  // Not Buffer.from: a small Buffer is a slice of a pool shared by others, which a move to another thread would take.
  await pg.execProtocolRawStream(message, { syncToFs: false, onRawData: (chunk) => void chunks.push(new Uint8Array(chunk)) });
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/**
 * An answer's messages, read with pg's own protocol parser (decision 068), not PGlite's: PGlite's copies every field
 * of every row into a buffer of its own before decoding it, through private fields compiled to WeakMap lookups, and
 * that cost a list as much of the server's thread as the statement's WebAssembly. Throws the first error PostgreSQL
 * sent, as PGlite's `execProtocolStream` does (the rest of the extended query was skipped up to its Sync).
 */
function messagesOf(bytes: Uint8Array): BackendMessage[] {
  const messages: BackendMessage[] = [];
  new Parser().parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), (answer) => void messages.push(answer));
  const error = messages.find((answer): answer is DatabaseError => answer.name === 'error');
  if (error) throw error;
  return messages;
}

async function exchange(pg: PGlite, message: Uint8Array): Promise<BackendMessage[]> {
  return messagesOf(await exchangeBytes(pg, message));
}

/**
 * Whether an answer holds an ErrorResponse, or may: each message is its type's byte, then its length (itself
 * included, so at least 4). An answer that does not read as messages is parsed where it is, whose parser then says why.
 */
function holdsError(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  let at = 0;
  while (at + 5 <= bytes.length) {
    const length = view.getInt32(at + 1);
    if (bytes[at] === 0x45 || length < 4) return true;
    at += 1 + length;
  }
  return at !== bytes.length;
}

/** An answer's columns by name and its rows as arrays of their values, in the columns' order. */
export interface Values {
  names: string[];
  rows: unknown[][];
}

/** The values of an answer, each column parsed as PGlite's `query` parses it (its parsers, by the column's type). */
function valuesOf(messages: BackendMessage[], parsers: typeof types.parsers): Values {
  const rows: unknown[][] = [];
  let fields: RowDescriptionMessage['fields'] = [];
  for (const message of messages) {
    if (message.name === 'rowDescription') fields = (message as RowDescriptionMessage).fields;
    else if (message.name === 'dataRow') {
      const values = (message as DataRowMessage).fields;
      const row = new Array<unknown>(fields.length);
      for (let i = 0; i < fields.length; i++) row[i] = types.parseType(values[i] ?? null, fields[i]!.dataTypeID, parsers);
      rows.push(row);
    }
  }
  return { names: fields.map((field) => field.name), rows };
}

/**
 * A prepared statement's answer as the protocol's bytes, parsed by whoever reads its rows (decision 078): on the
 * embedded database's thread, the bytes move to the server's thread, which parses them, instead of the worker parsing
 * them and the rows' values being cloned across. Only a statement without errors whose columns the base parsers read.
 */
export interface Raw {
  raw: Uint8Array;
}

/** `retry`: outside a transaction only (in one, the failed statement has aborted it). */
async function runPrepared(pg: PGlite, session: Session, sql: string, params: unknown[], retry: boolean): Promise<Values | Raw> {
  const statement = await prepare(pg, session, sql);
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serializer = pg.serializers[statement.types[i]!];
    return serializer ? serializer(value) : String(value);
  });
  try {
    const bytes = await exchangeBytes(
      pg,
      Buffer.concat([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
    );
    if (statement.plain && !holdsError(bytes)) return { raw: bytes };
    return valuesOf(messagesOf(bytes), pg.parsers);
  } catch (error) {
    if (!retry || !planChanged(error)) throw error;
    // Prepared again under a new name: the old one is closed, and the statement run once more.
    session.statements.delete(sql);
    await exchange(pg, Buffer.concat([protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()]));
    return runPrepared(pg, session, sql, params, false);
  }
}

/**
 * One statement on the database's session: outside a transaction it waits for any open transaction and, when it may
 * write, writes the data directory after it (what PGlite's `query` does); inside one (`inTransaction`), it runs in it.
 */
function statements(pg: PGlite, session: Session, inTransaction: boolean) {
  const one = (sql: string, params: unknown[]) =>
    pg._runExclusiveQuery(async () => {
      const values = await runPrepared(pg, session, sql, params, !inTransaction);
      // A read leaves nothing to write to the data directory; the next write's sync writes whatever it may have.
      if (!inTransaction && mayWrite(sql)) await pg.syncToFs();
      return values;
    });
  return (sql: string, params: unknown[]) => (inTransaction ? one(sql, params) : pg._runExclusiveTransaction(() => one(sql, params)));
}

/**
 * A statement's answer as the embedded database's thread sends it: a prepared statement's bytes (decision 078), or
 * its values with its columns' names where a column needs this PGlite's own parsers (decision 076), which the server's
 * thread names with a compiled maker (a structured clone of arrays carries no name per value); anything else as
 * PGlite's rows.
 */
export type Answer = Values | Raw | { objects: unknown[] };

const answerers = new WeakMap<Queryable, (sql: string, params: unknown[]) => Promise<Answer>>();

/** What `query` would answer, as values where it can (the embedded database's thread, pglite-thread.ts). */
export async function answerOf(on: Queryable, sql: string, params: unknown[]): Promise<Answer> {
  const answer = answerers.get(on);
  if (!answer) throw new Error('not a Db of the embedded database');
  return answer(sql, params);
}

/** The rows `query` gives for an answer: a prepared statement's values named by their columns, else PGlite's rows. */
export function rowsOf<T>(answer: Answer): T[] {
  if ('objects' in answer) return answer.objects as T[];
  if ('raw' in answer) return rowsOfBytes<T>(answer.raw);
  return rowsNamed<T>(answer.names, answer.rows);
}

/**
 * The rows of a prepared statement's answer without errors, read from its bytes straight into rows named by their
 * columns (decision 086): each RowDescription gives the names and the columns' parsers (BASE_PARSERS), each DataRow
 * one row. No message objects and no arrays of texts on the way, and the answer is decoded once, as Latin-1, whose
 * characters are its bytes, so a value in ASCII (the portal's values almost always are) is a piece of that one
 * string: pg's parser decoded each value on its own, and with the messages and values it made, that was a quarter of
 * the server's thread under every defaulter's page. A value with any other byte is decoded as UTF-8, as pg's did.
 */
function rowsOfBytes<T>(bytes: Uint8Array): T[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const latin1 = buffer.toString('latin1');
  // Where the bytes outside ASCII are, in order (in a page of ASCII values, only the messages' numbers have any): a
  // value with one of them is decoded as UTF-8.
  const high = highBytes(bytes, view);
  let nextHigh = 0;
  const rows: T[] = [];
  let make: RowMaker | null = null;
  let parse: (ValueParser | undefined)[] = [];
  let types: number[] = [];
  let at = 0;
  while (at + 5 <= bytes.length) {
    const code = bytes[at]!;
    const end = at + 1 + view.getInt32(at + 1);
    let p = at + 5;
    if (code === ROW_DESCRIPTION) {
      ({ make, parse, types } = columnsOf(latin1.slice(at, end), buffer, view, p));
    } else if (code === DATA_ROW && make !== null) {
      const count = view.getInt16(p);
      p += 2;
      const values = new Array<unknown>(count);
      for (let i = 0; i < count; i++) {
        const length = view.getInt32(p);
        p += 4;
        if (length < 0) {
          values[i] = null;
          continue;
        }
        const type = types[i]!;
        if (INTEGERS.has(type) && length <= 15) {
          // A whole number of up to 15 characters is exact as a double: read from its digits, no text made.
          values[i] = wholeNumber(bytes, p, length);
          p += length;
          continue;
        }
        if (type === BOOL) {
          values[i] = bytes[p] === 0x74; // 't'
          p += length;
          continue;
        }
        while (high[nextHigh]! < p) nextHigh++;
        const text = high[nextHigh]! < p + length ? buffer.toString('utf8', p, p + length) : latin1.slice(p, p + length);
        p += length;
        const parser = parse[i];
        values[i] = parser === undefined ? text : parser(text, type);
      }
      rows.push(make(values) as T);
    }
    at = end;
  }
  return rows;
}

/** What a RowDescription tells rowsOfBytes: the rows' maker, and each column's type and parser. */
interface Columns {
  make: RowMaker;
  types: number[];
  parse: (ValueParser | undefined)[];
}

/** By the RowDescription's bytes (as Latin-1): a statement describes its columns in the same bytes every call. */
const columnsKept = new Map<string, Columns>();

/** The columns of the RowDescription whose bytes are `message` (as Latin-1), its fields from `p` in `buffer`. */
function columnsOf(message: string, buffer: Buffer, view: DataView, p: number): Columns {
  const kept = columnsKept.get(message);
  if (kept) return kept;
  const count = view.getInt16(p);
  p += 2;
  const names: string[] = [];
  const types: number[] = [];
  for (let i = 0; i < count; i++) {
    const nul = buffer.indexOf(0, p);
    names.push(buffer.toString('utf8', p, nul));
    // table oid (4), column number (2), then the type's oid (4); then its size (2), modifier (4) and format (2)
    types.push(view.getInt32(nul + 7));
    p = nul + 19;
  }
  const columns = { make: rowMaker(names), types, parse: types.map((type) => BASE_PARSERS[type]) };
  // As many as statements are kept (KEPT_STATEMENTS): past that, described again each time.
  if (columnsKept.size < KEPT_STATEMENTS) columnsKept.set(message, columns);
  return columns;
}

/** The places of the bytes 0x80-0xff, and then the answer's length, which no value reaches. */
function highBytes(bytes: Uint8Array, view: DataView): number[] {
  if (isAscii(bytes)) return [bytes.length];
  const places: number[] = [];
  // Four bytes at a time: a word without a high bit has no byte to note.
  const words = bytes.length & ~3;
  for (let i = 0; i < words; i += 4) {
    if ((view.getUint32(i) & 0x80808080) === 0) continue;
    for (let j = i; j < i + 4; j++) if (bytes[j]! > 0x7f) places.push(j);
  }
  for (let i = words; i < bytes.length; i++) if (bytes[i]! > 0x7f) places.push(i);
  places.push(bytes.length);
  return places;
}

/** int2, int4 and int8, which the base parsers read as numbers (int8 as ours does, decision 078). */
const INTEGERS = new Set<number>([types.INT2, types.INT4, types.INT8]);
const BOOL = types.BOOL;

/** A whole number's text (an optional '-' and its digits) at `at`, `length` bytes long, as a number. */
function wholeNumber(bytes: Uint8Array, at: number, length: number): number {
  const negative = bytes[at] === 0x2d; // '-'
  let value = 0;
  for (let i = negative ? at + 1 : at; i < at + length; i++) value = value * 10 + (bytes[i]! - 0x30);
  return negative ? -value : value;
}

/** The backend messages rowsOfBytes reads: 'T' and 'D'. Every other message of an answer is passed over. */
const ROW_DESCRIPTION = 0x54;
const DATA_ROW = 0x44;
type ValueParser = (typeof types.parsers)[number];

/** The statements of the session (or of a transaction on it), as `query` answers them and as their answer. */
function wrap(pg: PGlite, raw: Pick<PGlite, 'query'>, session: Session, inTransaction: boolean, wrote: () => void) {
  const prepared = statements(pg, session, inTransaction);
  const answer = async (sql: string, params: unknown[]): Promise<Answer> => {
    try {
      return prepares(sql, params) ? await prepared(sql, params) : { objects: (await raw.query(sql, params)).rows };
    } finally {
      if (mayWrite(sql)) wrote();
    }
  };
  return {
    answer,
    query: async <T>(sql: string, params: unknown[] = []): Promise<T[]> => rowsOf<T>(await answer(sql, params)),
  };
}

/** The embedded database: a data directory on disk, or memory when dataDir is undefined. */
export async function openPglite(dataDir?: string): Promise<Db> {
  // On disk, its files' sizes are kept in memory rather than asked of the disk on every plan and scan (decision 070).
  const pg = await PGlite.create({
    dataDir,
    parsers: EMBEDDED_PARSERS,
    ...(dataDir && !dataDir.includes('://') ? { fs: new SizeKeepingNodeFS(dataDir) } : {}),
  });
  // Its pages are all in memory: a random read costs about a sequential one, as PostgreSQL's connections are told
  // (decision 047, postgres.ts). On the demo data the loans lists went from 1.66 to 1.02 ms a call (decision 066).
  // Dates in ISO, as the lists read them (isoDay, decision 079): PGlite's default, pinned as PostgreSQL's is.
  await pg.exec('SET random_page_cost = 1.1; SET DateStyle = ISO');
  return pgliteDb(pg);
}

/**
 * The embedded database's change feed and what moves it on: the data directory is this process's alone, every change
 * to it is made through its Db (in-process or on its thread, decision 073), so the feed is always live and hears of
 * every write.
 */
export function embeddedChanges() {
  const changes = { version: 0, live: true, everyWrite: true };
  return { changes, wrote: () => void changes.version++ };
}

export function pgliteDb(pg: PGlite, options: { keptStatements?: number } = {}): Db {
  // One session per PGlite, whichever Db wraps it: the prepared statements' names are that session's.
  const session = sessions.get(pg) ?? { statements: new Map(), next: 0, cap: options.keptStatements ?? KEPT_STATEMENTS };
  sessions.set(pg, session);
  const { changes, wrote } = embeddedChanges();
  const outside = wrap(pg, pg, session, false, wrote);
  const db: Db = {
    kind: 'pglite',
    changes,
    query: outside.query,
    async transaction(fn) {
      try {
        return await pg.transaction((raw) => {
          const inside = wrap(pg, raw, session, true, wrote);
          const tx: Queryable = { query: inside.query, outer: db };
          answerers.set(tx, inside.answer);
          return fn(tx);
        });
      } finally {
        wrote();
      }
    },
    exec: async (sql) => {
      try {
        await pg.exec(sql);
      } finally {
        wrote();
      }
    },
    close: () => pg.close(),
  };
  answerers.set(db, outside.answer);
  return db;
}
