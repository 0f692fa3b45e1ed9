/**
 * The scale seed commits its first load before it builds the indexes again and loads the rest on several connections
 * (decision 064). A run that stops after that commit leaves the big tables without their secondary indexes and
 * constraints: the next run must build them before it adds anything, and say the earlier rows are partial.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import type { Db, Queryable } from '../../server/db/port';
import { openPostgres } from '../../server/db/postgres';
import { seedDemoStaff, seedRoles } from '../../server/db/seed-security';
import { BIG_TABLES, MOST_SCALE_CUSTOMERS, ScaleSeedRefused, seedScale } from '../../scripts/seed-scale';
import { TEST_NOW } from '../support/template';

const url = process.env.DATABASE_URL!;
const schema = `ss_${randomUUID().replaceAll('-', '')}`;
let db: Db;

/** The Db, whose statements fail from the first that matches `pattern` (the payments' load, here). */
function failingAt(inner: Db, pattern: RegExp): Db {
  const wrap = (q: Queryable): Queryable => ({
    query(sql, params) {
      if (pattern.test(sql)) return Promise.reject(new Error('the machine went down'));
      return q.query(sql, params);
    },
  });
  return { ...inner, ...wrap(inner), transaction: (fn) => inner.transaction((tx) => fn(wrap(tx))) };
}

/** The Db, whose highest customer and loan ids read as at least `from` (a database that already holds so many). */
function holding(inner: Db, from: number): Db {
  const query: Queryable['query'] = async <T>(sql: string, params?: unknown[]) => {
    const rows = await inner.query<T>(sql, params);
    if (!/^SELECT coalesce\(max\(id\), 0\) AS n FROM (customers|loans)$/.test(sql)) return rows;
    return [{ n: Math.max(from, Number((rows[0] as { n: number | string }).n)) } as T];
  };
  return { ...inner, query };
}

/** The big tables' indexes, constraints and disabled triggers, as the schema has them. */
async function shape() {
  const [row] = await db.query<{ indexes: string[]; constraints: string[]; disabled: string[]; tables: string[] }>(
    `SELECT (SELECT array_agg(indexname::text ORDER BY indexname) FROM pg_indexes
              WHERE schemaname = current_schema() AND tablename = ANY($1)) AS indexes,
            (SELECT array_agg(conname::text ORDER BY conname) FROM pg_constraint
              WHERE connamespace = current_schema()::regnamespace AND conrelid::regclass::text = ANY($1)) AS constraints,
            (SELECT coalesce(array_agg(tgname::text ORDER BY tgname), '{}') FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
              WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal AND t.tgenabled = 'D') AS disabled,
            (SELECT coalesce(array_agg(relname::text ORDER BY relname), '{}') FROM pg_class
              WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r'
                AND (relname LIKE 'scale\\_%' OR relname = 'seed_scale_unfinished')) AS tables`,
    [BIG_TABLES],
  );
  return row!;
}

beforeAll(async () => {
  db = await openPostgres(url, schema);
  await migrate(db);
  await seedRoles(db);
  await seedDemoStaff(db, TEST_NOW);
  await db.query("INSERT INTO settings (key, value) VALUES ('company_name', 'Simu Test')");
}, 120_000);
afterAll(async () => {
  await db.query(`DROP SCHEMA ${schema} CASCADE`);
  await db.close();
});

describe('seed:scale stopped after its first commit', () => {
  it('leaves what it still had to build, and the next run builds it before adding its own rows', async () => {
    // The demo business and a first scale run, whole: the shape every later run must leave.
    await seedScale(db, { customers: 40, now: TEST_NOW });
    const whole = await shape();
    expect(whole.indexes.length).toBeGreaterThan(40);
    expect(whole.disabled).toEqual([]);
    expect(whole.tables).toEqual([]);
    const [{ customers }] = (await db.query('SELECT count(*)::int AS customers FROM customers')) as [{ customers: number }];

    await expect(seedScale(failingAt(db, /^INSERT INTO transactions/), { customers: 30, now: TEST_NOW })).rejects.toThrow(
      'the machine went down',
    );
    const stopped = await shape();
    // The first load's rows are in; the indexes are not, the kept rows' triggers are off, and what is left is recorded.
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM customers'))[0]!.n).toBe(customers + 30);
    expect(stopped.indexes.length).toBeLessThan(whole.indexes.length);
    expect(stopped.disabled.length).toBeGreaterThan(0);
    expect(stopped.tables).toContain('seed_scale_unfinished');
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM seed_scale_unfinished'))[0]!.n).toBeGreaterThan(0);

    const lines: string[] = [];
    await seedScale(db, { customers: 20, now: TEST_NOW, log: (line) => lines.push(line) });
    expect(lines.some((line) => line.includes('an earlier run stopped before it finished: its rows are partial'))).toBe(true);
    expect(await shape()).toEqual(whole);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM customers'))[0]!.n).toBe(customers + 50);
  }, 300_000);
});

describe('seed:scale past ten million customers', () => {
  it('writes whole phone and loan numbers, each unique, where the ids pass 9,999,999', async () => {
    const [{ before }] = (await db.query('SELECT coalesce(max(id), 0)::int AS before FROM customers')) as [{ before: number }];
    await seedScale(holding(db, 9_999_990), { customers: 20, now: TEST_NOW });
    const customers = await db.query<{ msisdn: string }>('SELECT msisdn FROM customers WHERE id > $1', [before]);
    const phones = new Set(customers.map((row) => row.msisdn));
    expect(customers).toHaveLength(20);
    expect(phones.size).toBe(20);
    // Tanzanian numbers: 255 and nine digits. Customer 10,000,005 is 255610000005, not 25560000000 cut to fit.
    for (const phone of phones) expect(phone).toMatch(/^2556\d{8}$/);
    expect(phones).toContain('255610000005');
    expect(phones).toContain('255609999995');
    // A loan's number is its id, whole: LN9999999, then LN10000000.
    const loans = await db.query<{ id: number; loan_number: string }>('SELECT id, loan_number FROM loans WHERE id > 9999990');
    expect(loans.some((loan) => loan.id >= 10_000_000)).toBe(true);
    for (const loan of loans) expect(loan.loan_number).toBe(`LN${String(loan.id).padStart(7, '0')}`);
  }, 300_000);

  it('refuses, adding nothing, a run whose customers would pass the numbers it can write', async () => {
    const count = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM customers'))[0]!.n;
    const customers = await count();
    const run = seedScale(holding(db, MOST_SCALE_CUSTOMERS - 10), { customers: 11, now: TEST_NOW });
    await expect(run).rejects.toBeInstanceOf(ScaleSeedRefused);
    await expect(run).rejects.toThrow('it has room for 10 more. No customers were added.');
    expect(await count()).toBe(customers);
  }, 300_000);
});
