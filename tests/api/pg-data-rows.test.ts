import fc from 'fast-check';
import { createRequire } from 'node:module';
import type { BackendMessage, DataRowMessage, RowDescriptionMessage } from 'pg-protocol/dist/messages';
import { Parser } from 'pg-protocol/dist/parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataRowFields, installFastReads } from '../../server/db/pg-data-rows';
import type { Db } from '../../server/db/port';
import { testDb } from '../support/api';

/**
 * PostgreSQL's answers are read by pg-data-rows.ts in front of pg-protocol (decision 096): each DataRow's values
 * decoded once as Latin-1 and cut, a value past ASCII decoded as UTF-8; each statement's RowDescription read once.
 * What a caller gets must be what PostgreSQL sent: every value's text as it was written, NULL as null, in order.
 */

installFastReads();

/** A DataRow message as PostgreSQL sends it: 'D', its length, the count, then each value's length (-1: NULL) and bytes. */
function dataRow(values: (string | null)[]): Buffer {
  const parts = values.map((value) => {
    if (value === null) return Buffer.from([0xff, 0xff, 0xff, 0xff]);
    const bytes = Buffer.from(value, 'utf8');
    const length = Buffer.alloc(4);
    length.writeInt32BE(bytes.length);
    return Buffer.concat([length, bytes]);
  });
  const body = Buffer.concat([Buffer.from([values.length >> 8, values.length & 0xff]), ...parts]);
  const head = Buffer.alloc(5);
  head[0] = 0x44;
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/** A RowDescription of columns of the given names and type oids (text format). */
function rowDescription(columns: Array<[string, number]>): Buffer {
  const parts = columns.map(([name, type]) => {
    const rest = Buffer.alloc(18);
    rest.writeInt32BE(type, 6);
    rest.writeInt16BE(-1, 10);
    rest.writeInt32BE(-1, 12);
    return Buffer.concat([Buffer.from(`${name}\0`, 'utf8'), rest]);
  });
  const body = Buffer.concat([Buffer.from([columns.length >> 8, columns.length & 0xff]), ...parts]);
  const head = Buffer.alloc(5);
  head[0] = 0x54;
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/** What pg-protocol's parser (with pg-data-rows.ts in front) makes of these bytes, fed in pieces of `piece` bytes. */
function parsed(bytes: Buffer, piece = bytes.length): BackendMessage[] {
  const messages: BackendMessage[] = [];
  const parser = new Parser();
  for (let at = 0; at < bytes.length; at += piece) parser.parse(bytes.subarray(at, at + piece), (m) => messages.push(m));
  return messages;
}

/** Texts of every kind: ASCII, Latin-1 letters, Swahili and Portuguese names, other scripts, emoji, empty. */
const value = fc.oneof(
  fc.constant(null),
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('', 'Salim Mwakyusa', 'João Conceição', 'Ñandú', '255600952700', '2026-11-15 05:43:06.071+00', 'Ω≈ç√', '📱 Simu'),
);

describe('a DataRow message', () => {
  it('gives every value as the text PostgreSQL wrote and NULL as null, in order, whatever the script', () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 40 }), fc.integer({ min: 1, max: 64 }), (values, piece) => {
        const messages = parsed(dataRow(values), piece) as DataRowMessage[];
        expect(messages).toHaveLength(1);
        expect(messages[0]!.name).toBe('dataRow');
        expect(messages[0]!.fields).toEqual(values);
        expect(messages[0]!.fieldCount).toBe(values.length);
      }),
      { numRuns: 300 },
    );
  });

  it('reads a value past ASCII beside ASCII ones without moving them, and values longer than 64 kB', () => {
    const long = 'x'.repeat(70_000) + 'é' + 'y'.repeat(1_000);
    const values = ['LN0952446', 'Zoé Mwakyusa', null, '', long, '256', 'ç', 'plain'];
    const [row] = parsed(Buffer.concat([dataRow(values), dataRow(['a', null])]), 4_096) as DataRowMessage[];
    expect(row!.fields).toEqual(values);
    expect(dataRowFields(dataRow(['ab', 'ü', 'cd']), 5, dataRow(['ab', 'ü', 'cd']).length)).toEqual(['ab', 'ü', 'cd']);
  });
});

describe('a RowDescription message', () => {
  it('names the columns with their types each time it is sent, and cannot be changed by whoever reads it', () => {
    const bytes = rowDescription([
      ['id', 20],
      ['jina_la_mteja', 25],
      ['preço', 1043],
    ]);
    const [first] = parsed(bytes) as RowDescriptionMessage[];
    const [again] = parsed(bytes) as RowDescriptionMessage[];
    for (const message of [first!, again!]) {
      expect(message.name).toBe('rowDescription');
      expect(message.fields.map((f) => [f.name, f.dataTypeID, f.format])).toEqual([
        ['id', 20, 'text'],
        ['jina_la_mteja', 25, 'text'],
        ['preço', 1043, 'text'],
      ]);
    }
    expect(() => {
      (again!.fields as unknown[]).push('x');
    }).toThrow();
    const other = parsed(rowDescription([['id', 23]])) as RowDescriptionMessage[];
    expect(other[0]!.fields.map((f) => [f.name, f.dataTypeID])).toEqual([['id', 23]]);
  });
});

describe("pg's result of a kept description", () => {
  const require = createRequire(import.meta.url);
  const Result = require('pg/lib/result.js') as new (
    rowMode: string,
    types: unknown,
  ) => {
    addFields(fields: unknown[]): void;
    parseRow(values: unknown[]): unknown;
  };
  const TypeOverrides = require('pg/lib/type-overrides.js') as new () => {
    setTypeParser(oid: number, format: string, parse: (value: string) => unknown): void;
    getTypeParser(oid: number, format?: string): (value: string) => unknown;
  };

  it("parses with its own connection's parsers, and each connection looks them up once per statement", () => {
    const [description] = parsed(rowDescription([['n', 23]])) as RowDescriptionMessage[];
    // Two connections of a pool: each pg Client has parsers of its own (here told apart by what they write).
    const connections = ['a', 'b'].map((name) => {
      const types = new TypeOverrides();
      types.setTypeParser(23, 'text', (value) => `${name}:${value}`);
      let lookups = 0;
      const getTypeParser = types.getTypeParser.bind(types);
      types.getTypeParser = (oid, format) => (lookups++, getTypeParser(oid, format));
      return { name, types, lookups: () => lookups };
    });
    for (let call = 0; call < 3; call++) {
      for (const { name, types } of connections) {
        const result = new Result('array', types);
        result.addFields(description!.fields);
        expect(result.parseRow(['7'])).toEqual([`${name}:7`]);
      }
    }
    expect(connections.map((c) => c.lookups())).toEqual([1, 1]);
  });
});

describe('a statement through the Db port', () => {
  let db: Db;
  beforeAll(async () => {
    db = await testDb();
  });
  afterAll(() => db.close());

  it('answers text in any script, NULL and numbers as written, the same on every call of the statement', async () => {
    const sql = `SELECT v.id, v.name, v.note, v.amount, v.ok
                   FROM (VALUES (1, 'Salim Mwakyusa', NULL, 59000::bigint, true), (2, 'João Conceição', '', -5::bigint, false),
                                (3, '📱 Simu ya Neema', 'Ω', 0::bigint, NULL)) AS v(id, name, note, amount, ok)
                  WHERE v.id >= $1 ORDER BY v.id`;
    const expected = [
      { id: 1, name: 'Salim Mwakyusa', note: null, amount: 59000, ok: true },
      { id: 2, name: 'João Conceição', note: '', amount: -5, ok: false },
      { id: 3, name: '📱 Simu ya Neema', note: 'Ω', amount: 0, ok: null },
    ];
    expect(await db.query(sql, [1])).toEqual(expected);
    expect(await db.query(sql, [1])).toEqual(expected);
    expect(await db.query(sql, [3])).toEqual(expected.slice(2));
    // Another statement with other columns is not read with the first one's.
    expect(await db.query(`SELECT $1::text AS jina, NULL::int AS id`, ['Zoé'])).toEqual([{ jina: 'Zoé', id: null }]);
  });
});
