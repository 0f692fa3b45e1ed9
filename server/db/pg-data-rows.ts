import { createRequire } from 'node:module';
import { DataRowMessage, type Field, type RowDescriptionMessage } from 'pg-protocol/dist/messages';
import { Parser } from 'pg-protocol/dist/parser';

/**
 * PostgreSQL's answers read as PGlite's are (decisions 086 and 096), under pg, which reads them as before:
 *
 * - A DataRow's values are decoded once, as Latin-1, whose characters are its bytes, so a value in ASCII (the
 *   portal's values almost always are) is a piece of that one string; a value with any byte past ASCII is decoded as
 *   UTF-8 on its own. pg-protocol decoded each value with its own call into Node's buffer code: with the messages it
 *   made, that was about an eighth of the server's thread under a defaulters page of 25 rows of 35 values (issue 16).
 * - A RowDescription is read once per statement: a prepared statement describes its columns in the same bytes on
 *   every call, so the message made the first time is given again (frozen, so no reader can change it for the next),
 *   and pg's result takes its columns' parsers from the first result of its connection that read it: pg looked the
 *   parsers up and built an empty row of every column on every call, 4% of the same thread.
 *
 * The messages are pg-protocol's own, with the same texts in the same places. Every other message goes to
 * pg-protocol's `handlePacket`, which this wraps; `installFastReads` is called once by postgres.ts, and
 * tests/api/pg-data-rows.test.ts checks that every value reads back as it was written. A description is kept when it
 * is frozen: that is how pg's result here and postgres.ts's row makers tell a kept one from a passing one.
 */

const DATA_ROW = 0x44;
const ROW_DESCRIPTION = 0x54;

/** How many descriptions are kept: the portal's SQL is a bounded set of statements (postgres.ts names up to 5,000). */
const MOST_KEPT = 5_000;

type HandlePacket = (offset: number, code: number, length: number, bytes: Buffer) => unknown;
const parser = Parser.prototype as unknown as { handlePacket: HandlePacket };

/** pg's result of a statement, the part of it addFields sets (pg/lib/result.js). */
interface PgResult {
  fields: Field[];
  _types: unknown;
  _parsers: unknown[] | undefined;
  _prebuiltEmptyResultObject: unknown;
  addFields(fields: Field[]): void;
}
const result = (createRequire(import.meta.url)('pg/lib/result.js') as { prototype: PgResult }).prototype;

let installed = false;

/** The key of the results that read pg's global parsers (no source of their own). */
const NO_TYPES = {};

/** Puts these readers in front of pg-protocol's and pg's; once, however often it is called. */
export function installFastReads(): void {
  if (installed) return;
  installed = true;
  const descriptions = new Map<string, RowDescriptionMessage>();
  const ownHandle = parser.handlePacket;
  parser.handlePacket = function (this: unknown, offset, code, length, bytes) {
    // `length` counts its own four bytes: the message's body runs from `offset` to `offset + length - 4`.
    const end = offset + length - 4;
    if (code === DATA_ROW) return new DataRowMessage(-1, dataRowFields(bytes, offset, end));
    if (code !== ROW_DESCRIPTION) return ownHandle.call(this, offset, code, length, bytes);
    const key = bytes.toString('latin1', offset, end);
    let description = descriptions.get(key);
    if (description === undefined) {
      description = ownHandle.call(this, offset, code, length, bytes) as RowDescriptionMessage;
      for (const field of description.fields) Object.freeze(field);
      Object.freeze(description.fields);
      if (descriptions.size < MOST_KEPT) descriptions.set(key, description);
    }
    return description;
  };

  // What a kept description's first result set, by the description's fields and the parsers' source it read: each
  // of the pool's connections has a source of its own (pg's Client makes its own TypeOverrides), so a description is
  // read once per connection. Kept by the first connection alone, the others' results read every column's parser
  // again on every call.
  const set = new WeakMap<Field[], WeakMap<object, Pick<PgResult, '_parsers' | '_prebuiltEmptyResultObject'>>>();
  const ownAddFields = result.addFields;
  result.addFields = function (this: PgResult, fields) {
    const source = (this._types ?? NO_TYPES) as object;
    const kept = set.get(fields)?.get(source);
    if (kept !== undefined) {
      this.fields = fields;
      this._parsers = kept._parsers;
      this._prebuiltEmptyResultObject = kept._prebuiltEmptyResultObject;
      return;
    }
    ownAddFields.call(this, fields);
    if (!Object.isFrozen(fields)) return;
    let bySource = set.get(fields);
    if (bySource === undefined) set.set(fields, (bySource = new WeakMap()));
    bySource.set(source, { _parsers: this._parsers, _prebuiltEmptyResultObject: this._prebuiltEmptyResultObject });
  };
}

/**
 * The values of a DataRow message whose body is `bytes` from `start` to `end`: its count (two bytes), then for each
 * value its length in four bytes (-1 for NULL) and that many bytes. Each value as text, NULL as null.
 */
export function dataRowFields(bytes: Buffer, start: number, end: number): (string | null)[] {
  const latin1 = bytes.toString('latin1', start, end);
  const count = (bytes[start]! << 8) | bytes[start + 1]!;
  const fields = new Array<string | null>(count);
  let p = start + 2;
  for (let i = 0; i < count; i++) {
    const length = (bytes[p]! << 24) | (bytes[p + 1]! << 16) | (bytes[p + 2]! << 8) | bytes[p + 3]!;
    p += 4;
    if (length < 0) {
      fields[i] = null;
      continue;
    }
    const after = p + length;
    let high = 0;
    for (let j = p; j < after; j++) high |= bytes[j]!;
    fields[i] = high & 0x80 ? bytes.toString('utf8', p, after) : latin1.slice(p - start, after - start);
    p = after;
  }
  return fields;
}
