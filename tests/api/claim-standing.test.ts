import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import { claimedList, type ClaimStanding } from '../../src/contract/collections';
import type { Queryable } from '../../server/db/port';
import { seedScale } from '../../scripts/seed-scale';
import { testApi, testDb, TEST_NOW, type TestApi } from '../support/api';
import { businessFixtures, type BusinessFixtures } from '../support/business-fixtures';

/**
 * The loan's standing kept on its claim (migration 035, decision 045): after every kind of write to a loan or a claim
 * the kept `first_deposits.loan_standing` equals the standing worked out afresh from the loan, by this test's own
 * reading of the claimed list's definitions (decision 020), and the claimed list by each standing answers exactly the
 * claims in it, newest first, with exact totals.
 */

const DAY_MS = 86_400_000;
const STANDINGS = ['healthy', 'defaulted', 'closed', 'deactivated'] as const;
let api: TestApi;
let fx: BusinessFixtures;
let admin: string;

/**
 * A wizard started `daysAgo`: waiting for its payment, abandoned, signed (the loan's step is next: `loanId` is set
 * later, as the loan step does), or inserted with its loan `loanId` already made.
 */
const wizard = async (o: { daysAgo: number; state: 'waiting' | 'abandoned' | 'signed' | 'loan'; customerId?: number; loanId?: number }) =>
  (await fx.firstDeposit(o)).id;

/** The loan step's own write: the wizard's loan is set. */
const setLoan = (wizardId: string, loanId: number) =>
  api.db.query('UPDATE first_deposits SET loan_id = $2, holds_customer = false, updated_at = $3 WHERE wizard_id = $1', [
    wizardId,
    loanId,
    TEST_NOW,
  ]);

/** A loan of the fixtures, `daysDefaulted` late, and a wizard signed for it (its loan not yet set). */
async function borrowerWizard(daysAgo: number, daysDefaulted = 0) {
  const b = await fx.borrower({ daysDefaulted });
  return { loanId: b.loanId, wizardId: await wizard({ daysAgo, state: 'signed', customerId: b.customerId }) };
}

/**
 * A claim's standing worked out afresh from its loan `l`: closed or deactivated by the loan's status; an active loan in
 * default from its first day late, else healthy; no loan, none.
 */
const FRESH = `CASE WHEN l.id IS NULL THEN NULL WHEN l.status = 'closed' THEN 'closed' WHEN l.status = 'deactivated' THEN 'deactivated'
                    WHEN l.days_defaulted > 0 THEN 'defaulted' ELSE 'healthy' END`;
/** The claims whose kept standing differs from the one worked out afresh (none when the triggers kept them right). */
const standingsOff = (db: Queryable = api.db) =>
  db.query(
    `SELECT f.wizard_id, f.loan_standing AS kept, ${FRESH} AS fresh
       FROM first_deposits f LEFT JOIN loans l ON l.id = f.loan_id
      WHERE f.loan_standing IS DISTINCT FROM ${FRESH}`,
  );
const kept = async (wizardId: string) =>
  (await api.db.query<{ s: string | null }>('SELECT loan_standing AS s FROM first_deposits WHERE wizard_id = $1', [wizardId]))[0]!.s;
/** Each claim's row version: a claim the triggers did not write keeps its own. */
const versions = async () =>
  new Map(
    (await api.db.query<{ id: string; v: string }>('SELECT wizard_id AS id, xmin::text AS v FROM first_deposits')).map((r) => [r.id, r.v]),
  );

const dayRows = () => api.db.query('SELECT * FROM first_deposit_days ORDER BY day, provider, status');

const claimed = async (body: object) => {
  const res = await api.call('POST', routes.claimedCustomers.path, { token: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return claimedList.parse(res.body);
};

beforeAll(async () => {
  api = await testApi();
  fx = await businessFixtures(api.db);
  admin = await api.tokenFor('admin');
});
afterAll(() => api.close());

describe('the kept standing of a claim', () => {
  it('follows its loan: set, into default, back, closed, deactivated; and an update that moves no standing writes no claim', async () => {
    const waiting = await wizard({ daysAgo: 1, state: 'waiting' });
    const a = await borrowerWizard(2);
    const b = await borrowerWizard(3);
    expect(await kept(waiting)).toBeNull();
    expect(await kept(a.wizardId)).toBeNull();
    expect(await standingsOff()).toEqual([]);

    // The loan step sets each wizard's loan: healthy.
    await setLoan(a.wizardId, a.loanId);
    await setLoan(b.wizardId, b.loanId);
    expect(await kept(a.wizardId)).toBe('healthy');
    expect(await standingsOff()).toEqual([]);

    // The ageing run: a into default on its first day late, then one more day late, which moves no standing.
    // The claim's new standing is no key of migration 030's day rows: they count no change for it.
    const days = await dayRows();
    await api.db.query('UPDATE loans SET days_defaulted = 1, amount_due = 1800 WHERE id = $1', [a.loanId]);
    expect(await kept(a.wizardId)).toBe('defaulted');
    expect(await dayRows()).toEqual(days);
    const before = await versions();
    await api.db.query('UPDATE loans SET days_defaulted = days_defaulted + 1, amount_due = amount_due + 1800 WHERE id = $1', [a.loanId]);
    // A repayment of b that leaves it current, and a change of nothing that matters to a standing.
    await api.db.query('UPDATE loans SET amount_paid = amount_paid + 1800, last_repayment_date = $2 WHERE id = $1', [b.loanId, fx.today]);
    await api.db.query('UPDATE loans SET contract_url = contract_url WHERE id IN ($1, $2)', [a.loanId, b.loanId]);
    expect(await versions()).toEqual(before);
    expect(await kept(a.wizardId)).toBe('defaulted');

    // Paid up: healthy again. Then closed, and b deactivated.
    await api.db.query('UPDATE loans SET days_defaulted = 0, amount_due = 0 WHERE id = $1', [a.loanId]);
    expect(await kept(a.wizardId)).toBe('healthy');
    await api.db.query("UPDATE loans SET status = 'closed', closed_at = $2 WHERE id = $1", [a.loanId, TEST_NOW]);
    await api.db.query("UPDATE loans SET status = 'deactivated', closed_at = $2, amount_due = 0 WHERE id = $1", [b.loanId, TEST_NOW]);
    expect(await kept(a.wizardId)).toBe('closed');
    expect(await kept(b.wizardId)).toBe('deactivated');
    expect(await standingsOff()).toEqual([]);
  });

  it('is right from the insert of a claim whose loan is already in default, and right again after a wrong write', async () => {
    const late = await fx.borrower({ daysDefaulted: 12 });
    const id = await wizard({ daysAgo: 4, state: 'loan', customerId: late.customerId, loanId: late.loanId });
    expect(await kept(id)).toBe('defaulted');

    // Whoever writes a standing that is not the loan's (psql, a seed), the claim gets its loan's.
    await api.db.query("UPDATE first_deposits SET loan_standing = 'closed' WHERE wizard_id = $1", [id]);
    expect(await kept(id)).toBe('defaulted');
    const open = await wizard({ daysAgo: 4, state: 'waiting' });
    await api.db.query("UPDATE first_deposits SET loan_standing = 'healthy' WHERE wizard_id = $1", [open]);
    expect(await kept(open)).toBeNull();
    expect(await standingsOff()).toEqual([]);
  });

  it('follows many loans moved in one statement, some across a standing and some not, as the ageing run moves a page', async () => {
    const many = [];
    for (let i = 0; i < 12; i++) {
      const loan = await fx.borrower({ daysDefaulted: i % 3 === 0 ? 5 : 0 });
      many.push(await wizard({ daysAgo: 5 + i, state: 'loan', customerId: loan.customerId, loanId: loan.loanId }));
    }
    // A repayment first, so each trigger's statements are planned for one row on this connection.
    await api.db.query("UPDATE loans SET amount_paid = amount_paid + 1 WHERE id = (SELECT min(id) FROM loans WHERE status = 'active')");
    await api.db.query(
      `UPDATE loans SET days_defaulted = CASE WHEN days_defaulted > 0 THEN days_defaulted + 1 WHEN id % 2 = 0 THEN 1 ELSE 0 END,
                        amount_due = CASE WHEN days_defaulted > 0 OR id % 2 = 0 THEN amount_due + 1800 ELSE amount_due END
        WHERE status = 'active'`,
    );
    expect(await standingsOff()).toEqual([]);
    const standings = await api.db.query<{ s: string }>(
      'SELECT DISTINCT loan_standing AS s FROM first_deposits WHERE wizard_id = ANY($1::uuid[])',
      [many],
    );
    expect(standings.map((r) => r.s).sort()).toEqual(['defaulted', 'healthy']);
  });
});

describe('claimed customers by standing', () => {
  it('each standing answers exactly its claims, newest first, with the exact total', async () => {
    // Fresh claims of the period, one or more per standing, and claims no standing list shows.
    const expected: Record<(typeof STANDINGS)[number], string[]> = { healthy: [], defaulted: [], closed: [], deactivated: [] };
    const made: Array<{ id: string; daysAgo: number; standing: ClaimStanding }> = [];
    const add = async (daysAgo: number, daysDefaulted: number, end?: 'closed' | 'deactivated') => {
      const w = await borrowerWizard(daysAgo, daysDefaulted);
      await setLoan(w.wizardId, w.loanId);
      if (end) await api.db.query('UPDATE loans SET status = $2, closed_at = $3, amount_due = 0 WHERE id = $1', [w.loanId, end, TEST_NOW]);
      made.push({ id: w.wizardId, daysAgo, standing: end ?? (daysDefaulted > 0 ? 'defaulted' : 'healthy') });
    };
    await add(0.5, 0);
    await add(0.7, 30);
    await add(1.5, 2, 'closed');
    await add(2.5, 0, 'deactivated');
    await add(3.5, 0);
    await add(6.5, 7);
    await add(40, 9); // outside the default period (the last 30 days)
    await wizard({ daysAgo: 0.6, state: 'abandoned' });

    // What each list should answer, worked out from the loans (earlier tests' claims of the period included).
    const all = await api.db.query<{ id: string; s: string | null }>(
      `SELECT f.wizard_id AS id, ${FRESH} AS s FROM first_deposits f LEFT JOIN loans l ON l.id = f.loan_id
        WHERE f.abandoned_at IS NULL AND f.created_at >= $1 ORDER BY f.created_at DESC, f.wizard_id DESC`,
      [new Date(Date.parse(`${fx.today}T00:00:00Z`) - 29 * DAY_MS - 3 * 3_600_000).toISOString()],
    );
    for (const row of all) if (row.s !== null) expected[row.s as (typeof STANDINGS)[number]].push(row.id);
    for (const m of made.filter((m) => m.daysAgo < 29)) expect(expected[m.standing as (typeof STANDINGS)[number]]).toContain(m.id);
    expect(made.find((m) => m.daysAgo === 40)).toBeDefined();
    expect(Object.values(expected).flat()).not.toContain(made.find((m) => m.daysAgo === 40)!.id);

    for (const standing of STANDINGS) {
      const page = await claimed({ standing, limit: 200 });
      expect(
        page.data.map((r) => r.id),
        standing,
      ).toEqual(expected[standing]);
      expect(page.total, standing).toBe(expected[standing].length);
      expect(page.total_estimated, standing).toBeUndefined();
      for (const row of page.data) {
        expect(row.standing).toBe(standing);
        expect(row.loan).not.toBeNull();
        if (standing === 'defaulted') expect(row.loan!.days_defaulted).toBeGreaterThan(0);
        if (standing === 'healthy') expect(row.loan!.days_defaulted).toBe(0);
      }
      // Paged: the second page of two starts where the first ended.
      if (expected[standing].length > 2)
        expect((await claimed({ standing, limit: 2, skip: 2 })).data.map((r) => r.id)).toEqual(expected[standing].slice(2, 4));
      // A store's own list counts along its own index: the same claims here (every claim is at the first store).
      expect((await claimed({ standing, store_id: fx.stores[0], limit: 200 })).total, standing).toBe(expected[standing].length);
    }

    // A loan going into default moves its claim from one list to the other at once.
    const moving = expected.healthy[0]!;
    await api.db.query(
      'UPDATE loans SET days_defaulted = 1, amount_due = 1800 WHERE id = (SELECT loan_id FROM first_deposits WHERE wizard_id = $1)',
      [moving],
    );
    expect((await claimed({ standing: 'healthy', limit: 200 })).data.map((r) => r.id)).not.toContain(moving);
    const defaulted = await claimed({ standing: 'defaulted', limit: 200 });
    expect(defaulted.data.map((r) => r.id)).toContain(moving);
    expect(defaulted.total).toBe(expected.defaulted.length + 1);
  });
});

describe('seed:scale', () => {
  it('writes each claim with its loan standing, so the trigger has none to fix', async () => {
    const db = await testDb();
    try {
      // Without the claims' trigger, what the seed wrote is all there is.
      await db.query('ALTER TABLE first_deposits DISABLE TRIGGER first_deposits_claim_standing_inserted');
      await seedScale(db, { customers: 400, now: TEST_NOW, rebuildIndexes: false });
      expect(await standingsOff(db)).toEqual([]);
      const seeded = await db.query<{ s: string }>(
        'SELECT DISTINCT loan_standing AS s FROM first_deposits WHERE loan_standing IS NOT NULL',
      );
      expect(seeded.map((r) => r.s).sort()).toEqual(['closed', 'deactivated', 'defaulted', 'healthy']);
    } finally {
      await db.close();
    }
  }, 120_000);
});
