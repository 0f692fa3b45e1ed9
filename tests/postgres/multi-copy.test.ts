import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createSimulators } from '../../server/adapters/simulators';
import { DEMO_CALLBACK_SECRET } from '../../server/adapters/mobile-money';
import { fixedClock } from '../../server/clock';
import { DEMO_JWT_SECRET } from '../../server/config';
import { migrate } from '../../server/db/migrate';
import type { Db, Queryable } from '../../server/db/port';
import { openPostgres } from '../../server/db/postgres';
import { seedDemoStaff, seedRoles } from '../../server/db/seed-security';
import { deliverLockCommands } from '../../server/domain/device-locking';
import { runAgeing } from '../../server/workers';
import { JOB_LOCKS, exclusive } from '../../server/db/exclusive';
import { scopeOf } from '../../server/domain/stores/scope';
import type { Caller } from '../../server/deps';
import { createTokens } from '../../server/auth/tokens';
import { seedScale } from '../../scripts/seed-scale';
import { TEST_NOW } from '../support/template';

/**
 * Three copies of the server on one PostgreSQL (issue 16, item 4): the API is stateless, and the background work
 * every copy schedules (server/workers.ts) has its effects once: the ageing run goes to one copy at a time
 * (advisory lock), lock commands are claimed with SKIP LOCKED, a repayment confirmed to several copies at once is
 * applied once, and a copy that dies in the middle of its work (its database session is killed inside the
 * transaction, as when the process is killed) leaves nothing half done: the work is finished by another copy,
 * nothing applied twice, nothing lost.
 *
 * Runs only on PostgreSQL (DATABASE_URL): the `postgres` vitest project, `npm run test:postgres` in .ci/run.
 */

const url = process.env.DATABASE_URL!;
const schema = `mc_${randomUUID().replaceAll('-', '')}`;
const DAY = 86_400_000;

interface Copy {
  name: string;
  db: Db;
  /** Kill this copy's session when the next statement matching this runs (the copy "dies" there). */
  dieAt(pattern: RegExp, after?: number): void;
}

const withName = (name: string) => `${url}${url.includes('?') ? '&' : '?'}application_name=${name}`;

async function openCopy(name: string): Promise<Copy> {
  const inner = await openPostgres(withName(name), schema);
  let trap: { pattern: RegExp; left: number } | null = null;
  const wrap = (q: Queryable): Queryable => ({
    async query(sql, params) {
      if (trap && trap.pattern.test(sql) && trap.left-- <= 0) {
        trap = null;
        // What a killed process leaves: PostgreSQL ends its session, and with it the open transaction.
        await q.query('SELECT pg_terminate_backend(pg_backend_pid())').catch(() => undefined);
      }
      return q.query(sql, params);
    },
  });
  const db: Db = {
    kind: 'postgres',
    changes: inner.changes,
    ...wrap(inner),
    transaction: (fn) => inner.transaction((tx) => fn(wrap(tx))),
    exec: (sql) => inner.exec(sql),
    close: () => inner.close(),
  };
  return { name, db, dieAt: (pattern, after = 0) => (trap = { pattern, left: after }) };
}

let copies: Copy[] = [];
let seeded: Db;

beforeAll(async () => {
  seeded = await openPostgres(url, schema);
  await migrate(seeded);
  await seedRoles(seeded);
  await seedDemoStaff(seeded, TEST_NOW);
  await seeded.query("INSERT INTO settings (key, value) VALUES ('company_name', 'Simu Test')");
  await seedScale(seeded, { customers: 300, now: TEST_NOW, rebuildIndexes: false });
  copies = [await openCopy('copy-1'), await openCopy('copy-2'), await openCopy('copy-3')];
}, 300_000);
afterAll(async () => {
  for (const c of copies) await c.db.close().catch(() => undefined);
  await seeded?.close();
});

const depsOf = (copy: Copy, at: Date) => {
  const clock = fixedClock(at);
  return { db: copy.db, clock, adapters: createSimulators(copy.db, clock).adapters };
};

const agedRows = (day: string) =>
  seeded.query<{ entity_id: string; n: number }>(
    `SELECT entity_id::text, count(*)::int AS n FROM audit_log WHERE action = 'loan.aged' AND after ->> 'as_of' = $1 GROUP BY entity_id`,
    [day],
  );

describe('the ageing run', () => {
  it('started on three copies at once runs on one, and ages each loan once', async () => {
    const at = new Date(TEST_NOW.getTime() + DAY);
    const runs = await Promise.all(copies.map((c) => runAgeing(depsOf(c, at))));
    const ran = runs.filter((r) => r.ran);
    expect(ran).toHaveLength(1);
    const report = (ran[0] as { result: { updated: number } }).result;
    expect(report.updated).toBeGreaterThan(100);
    const rows = await agedRows('2026-11-03');
    expect(rows.length).toBe(report.updated);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    // Another copy's round later the same day finds nothing left to do.
    const again = await runAgeing(depsOf(copies[2]!, at));
    expect(again).toEqual({ ran: true, result: expect.objectContaining({ updated: 0 }) });
  }, 300_000);

  it('killed in the middle on one copy is finished by another: each loan aged once, none left behind', async () => {
    const at = new Date(TEST_NOW.getTime() + 2 * DAY);
    const [dying, other] = copies as [Copy, Copy];
    // Pages of 40 loans, each in one transaction: the copy dies in its third page's update.
    dying.dieAt(/UPDATE loans l SET amount_due/, 2);
    await expect(runAgeing(depsOf(dying, at), 40)).rejects.toThrow();
    const before = await agedRows('2026-11-04');
    // The two pages committed before the copy died are aged; the third went with its session.
    expect(before.length).toBeGreaterThan(0);
    expect(before.length).toBeLessThanOrEqual(80);
    const finished = await runAgeing(depsOf(other, at), 40);
    expect(finished.ran).toBe(true);
    const rows = await agedRows('2026-11-04');
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(rows.length).toBe(before.length + (finished as { result: { updated: number } }).result.updated);
    expect((finished as { result: { updated: number } }).result.updated).toBeGreaterThan(0);
    expect(await runAgeing(depsOf(copies[2]!, at))).toEqual({ ran: true, result: expect.objectContaining({ updated: 0 }) });
    copies[0] = await openCopy('copy-1b'); // the dead copy is restarted for the tests below
  }, 300_000);

  it("is this portal's alone: a portal in another schema of the same database runs its own round meanwhile", async () => {
    const elsewhere = await openPostgres(url, `${schema}_other`);
    try {
      const during = await exclusive(copies[0]!.db, JOB_LOCKS.ageing, async () => ({
        sameSchema: await exclusive(copies[1]!.db, JOB_LOCKS.ageing, async () => 'ran'),
        otherSchema: await exclusive(elsewhere, JOB_LOCKS.ageing, async () => 'ran'),
      }));
      expect(during).toEqual({ ran: true, result: { sameSchema: { ran: false }, otherSchema: { ran: true, result: 'ran' } } });
    } finally {
      await elsewhere.close();
    }
  });
});

describe('lock commands', () => {
  it('pending commands delivered by three copies at once go to the provider once each', async () => {
    const pending = await seeded.query<{ id: number }>(
      "SELECT id FROM device_lock_commands WHERE status IN ('pending', 'failed') AND (next_attempt_at IS NULL OR next_attempt_at <= $1)",
      [new Date(TEST_NOW.getTime() + 2 * DAY)],
    );
    expect(pending.length).toBeGreaterThan(0);
    const sent: string[] = [];
    const at = new Date(TEST_NOW.getTime() + 2 * DAY + 60_000);
    const reports = [];
    // Rounds until nothing is left: every copy claims its own batch, none twice.
    for (let round = 0; round < 200; round++) {
      const batch = await Promise.all(
        copies.map((c) => {
          const deps = depsOf(c, at);
          const lockProvider = {
            ...deps.adapters.lockProvider,
            lock: async (t: { imei: string }) => void sent.push(`lock:${t.imei}`),
            unlock: async (t: { imei: string }) => void sent.push(`unlock:${t.imei}`),
          };
          return deliverLockCommands({ db: c.db, adapters: { ...deps.adapters, lockProvider } }, at);
        }),
      );
      reports.push(...batch);
      const [{ left }] = (await seeded.query(
        "SELECT count(*)::int AS left FROM device_lock_commands WHERE status IN ('pending', 'failed') AND (next_attempt_at IS NULL OR next_attempt_at <= $1)",
        [at],
      )) as [{ left: number }];
      if (!left) break;
    }
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent).size).toBe(sent.length);
    // Each command sent is recorded sent once, by the copy that claimed it.
    const [{ recorded }] = (await seeded.query(
      "SELECT count(*)::int AS recorded FROM device_lock_commands WHERE status = 'sent' AND sent_at IS NOT NULL",
    )) as [{ recorded: number }];
    expect(recorded).toBe(sent.length);
  }, 300_000);
});

describe('repayments', () => {
  const appOf = (copy: Copy) => {
    const deps = depsOf(copy, new Date(TEST_NOW.getTime() + 2 * DAY + 3_600_000));
    return createApp({
      ...deps,
      config: { mode: 'demo', jwtSecret: DEMO_JWT_SECRET, tokenTtlMs: 3600_000, trustedProxies: [] },
      log: () => undefined,
    }).app;
  };
  const confirm = (copy: Copy, body: unknown) =>
    appOf(copy).request(
      '/portal_api/callbacks/mobile-money/repayment',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-callback-token': DEMO_CALLBACK_SECRET },
        body: JSON.stringify(body),
      },
      { incoming: { socket: { remoteAddress: '10.9.9.9' } } },
    );
  // Each test pays a loan of its own (one test's payment never moves another's loan), with more than two installments
  // left to pay, so that one installment is applied whole (a payment above the balance is cut to it and closes the loan).
  let loansTaken = 0;
  const loan = async () =>
    (
      await seeded.query<{ id: number; loan_number: string; amount_paid: number; installment_amount: number; msisdn: string }>(
        `SELECT l.id, l.loan_number, l.amount_paid, l.installment_amount, c.msisdn FROM loans l JOIN customers c ON c.id = l.customer_id
          WHERE l.status = 'active' AND l.days_defaulted > 0 AND c.msisdn LIKE '25560%'
            AND l.installment_amount * l.installments + l.late_fee - l.amount_paid > 2 * l.installment_amount
          ORDER BY l.id LIMIT 1 OFFSET $1`,
        [loansTaken++],
      )
    )[0]!;
  const callback = (l: { loan_number: string; installment_amount: number; msisdn: string }) => ({
    transaction_id: `MC${randomUUID().slice(0, 8).toUpperCase()}`,
    msisdn: l.msisdn,
    account: l.loan_number,
    amount: l.installment_amount,
    paid_at: new Date(TEST_NOW.getTime() + 2 * DAY + 3_000_000).toISOString(),
    network: 'mpesa',
  });
  const applied = async (loanId: number, transactionId: string) => {
    const [row] = (await seeded.query(
      'SELECT (SELECT amount_paid FROM loans WHERE id = $1) AS amount_paid, (SELECT count(*)::int FROM transactions WHERE transaction_id = $2) AS rows',
      [loanId, transactionId],
    )) as [{ amount_paid: number; rows: number }];
    return row;
  };

  it('the same confirmation sent to three copies at once is applied once', async () => {
    const l = await loan();
    const body = callback(l);
    const answers = await Promise.all(copies.map((c) => confirm(c, body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const acks = await Promise.all(answers.map((a) => a.json()));
    expect(acks.filter((a) => a.duplicate === false)).toHaveLength(1);
    expect(await applied(l.id, body.transaction_id)).toEqual({ amount_paid: l.amount_paid + l.installment_amount, rows: 1 });
  });

  it('a copy killed while applying it applies nothing; the retry on another copy applies it once', async () => {
    const l = await loan();
    const body = callback(l);
    const [dying, other, third] = copies as [Copy, Copy, Copy];
    dying.dieAt(/UPDATE loans SET amount_paid/);
    expect((await confirm(dying, body)).status).toBe(500);
    expect(await applied(l.id, body.transaction_id)).toEqual({ amount_paid: l.amount_paid, rows: 0 });
    const retry = await confirm(other, body);
    expect(retry.status).toBe(200);
    expect((await retry.json()).duplicate).toBe(false);
    const again = await confirm(third, body);
    expect((await again.json()).duplicate).toBe(true);
    expect(await applied(l.id, body.transaction_id)).toEqual({ amount_paid: l.amount_paid + l.installment_amount, rows: 1 });
  });
});

describe('sessions (decision 042)', () => {
  // Each copy keeps the session rows it reads; a change made on one copy, or by any other process, reaches them all.
  const at = new Date(TEST_NOW.getTime() + 3 * DAY);
  const appOf = (copy: Copy) =>
    createApp({
      ...depsOf(copy, at),
      config: { mode: 'demo', jwtSecret: DEMO_JWT_SECRET, tokenTtlMs: 3600_000, trustedProxies: [] },
      log: () => undefined,
    }).app;
  const settings = async (app: ReturnType<typeof appOf>, token: string) =>
    (
      await app.request(
        '/portal_api/settings',
        { headers: { authorization: `Bearer ${token}` } },
        { incoming: { socket: { remoteAddress: '10.9.9.8' } } },
      )
    ).status;
  /** A signed-in session of the call-centre user, as the login and one-time code leave it. */
  async function signedIn() {
    const id = randomUUID();
    const [admin] = await seeded.query<{ id: number }>("SELECT id FROM admins WHERE username = 'callcentre'");
    await seeded.query(
      'INSERT INTO auth_sessions (id, admin_id, created_at, expires_at, otp_required, otp_verified_at) VALUES ($1, $2, $3, $4, true, $3)',
      [id, admin!.id, at, new Date(at.getTime() + 3600_000)],
    );
    return createTokens(DEMO_JWT_SECRET).sign({ adminId: admin!.id, sessionId: id }, at, new Date(at.getTime() + 3600_000));
  }
  /** The statuses every copy answers, asked until they are all `want` or a second has passed. */
  async function everyCopySays(apps: Array<ReturnType<typeof appOf>>, token: string, want: number) {
    const until = Date.now() + 1_000;
    let seen: number[];
    do {
      seen = await Promise.all(apps.map((app) => settings(app, token)));
      if (seen.every((s) => s === want)) break;
      await new Promise((r) => setTimeout(r, 20));
    } while (Date.now() < until);
    return seen;
  }

  it('a logout on one copy, and a user disabled by another process, are refused by every copy within a second', async () => {
    const apps = copies.map(appOf);
    const token = await signedIn();
    // Every copy reads the session, twice: the second answer comes from what the copy keeps.
    for (let i = 0; i < 2; i++) expect(await Promise.all(apps.map((app) => settings(app, token)))).toEqual([200, 200, 200]);

    const out = await apps[0]!.request(
      '/portal_api/authentication',
      { method: 'DELETE', headers: { authorization: `Bearer ${token}` } },
      { incoming: { socket: { remoteAddress: '10.9.9.8' } } },
    );
    expect(out.status).toBeLessThan(300);
    expect(await settings(apps[0]!, token)).toBe(401); // the copy that logged out: at once
    expect(await everyCopySays(apps, token, 401)).toEqual([401, 401, 401]);

    const other = await signedIn();
    expect(await Promise.all(apps.map((app) => settings(app, other)))).toEqual([200, 200, 200]);
    await seeded.query("UPDATE admins SET disabled = true WHERE username = 'callcentre'"); // psql, a script, another service
    try {
      expect(await everyCopySays(apps, other, 401)).toEqual([401, 401, 401]);
    } finally {
      await seeded.query("UPDATE admins SET disabled = false WHERE username = 'callcentre'");
    }
    expect(await everyCopySays(apps, other, 200)).toEqual([200, 200, 200]);
  });
});

describe("the stores area's scopes (decision 041)", () => {
  it('a store given to a shop owner by another process is in every copy’s scope within a second, and taken back likewise', async () => {
    const [admin] = await seeded.query<{ id: number }>("SELECT id FROM admins WHERE username = 'callcentre'");
    const [owner] = await seeded.query<{ id: number }>(
      "INSERT INTO shop_owners (full_name, msisdn, admin_id, created_at) VALUES ('Scope Kept', '255754999041', $1, $2) RETURNING id",
      [admin!.id, TEST_NOW],
    );
    const [store] = await seeded.query<{ id: number; shop_owner_id: number | null }>(
      'SELECT id, shop_owner_id FROM stores ORDER BY id LIMIT 1',
    );
    const caller = { adminId: admin!.id, roles: [] } as unknown as Caller;
    const seen = async () => (await Promise.all(copies.map((c) => scopeOf(c.db, caller)))).map((s) => (s.all ? 'all' : s.storeIds));
    /** What every copy's scope says, asked until it is `want` on all three or a second has passed. */
    async function everyCopySees(want: number[]) {
      const until = Date.now() + 1_000;
      let now: Array<number[] | 'all'>;
      do {
        now = await seen();
        if (now.every((s) => JSON.stringify(s) === JSON.stringify(want))) break;
        await new Promise((r) => setTimeout(r, 20));
      } while (Date.now() < until);
      return now;
    }
    try {
      // Every copy reads the owner's scope (no store yet), twice: the second answer is the one the copy keeps.
      for (let i = 0; i < 2; i++) expect(await seen()).toEqual([[], [], []]);
      await seeded.query('UPDATE stores SET shop_owner_id = $1 WHERE id = $2', [owner!.id, store!.id]); // another process
      expect(await everyCopySees([store!.id])).toEqual([[store!.id], [store!.id], [store!.id]]);
      await seeded.query('UPDATE stores SET shop_owner_id = $1 WHERE id = $2', [store!.shop_owner_id, store!.id]);
      expect(await everyCopySees([])).toEqual([[], [], []]);
    } finally {
      await seeded.query('UPDATE stores SET shop_owner_id = $1 WHERE id = $2', [store!.shop_owner_id, store!.id]);
      await seeded.query('DELETE FROM shop_owners WHERE id = $1', [owner!.id]);
    }
  });
});
