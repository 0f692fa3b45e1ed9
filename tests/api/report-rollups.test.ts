import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../../src/contract/routes';
import { collectionsDue, reasonsReport } from '../../src/contract/collections';
import { balanceSheet, profitAndLoss } from '../../src/contract/finance';
import { imeiExceptionList } from '../../src/contract/stores';
import { refreshReportRollups } from '../../server/domain/report-rollups';
import { categoryCase } from '../../server/domain/collections/shared';
import { ageLoans } from '../../server/domain/device-locking';
import { startWorkers } from '../../server/workers';
import { testApi, TEST_NOW, type TestApi } from '../support/api';
import { businessFixtures, plusDays, type Borrower, type BusinessFixtures } from '../support/business-fixtures';
import { repayments } from '../support/repayments';

/**
 * The reports' rollups and snapshots (decision 032) give the figures the reports gave before them: the same calls
 * are made before the ageing run has written anything (the reports read the big tables, as they always did), after it,
 * and after payments, calls and stock changes followed by another run. The ledger and the reasons report are exact
 * at every call, also between runs; collections due and the IMEI exceptions are the figures of the last run.
 */

let api: TestApi;
let fx: BusinessFixtures;
const token: Record<string, string> = {};
let today: string;
let repay: ReturnType<typeof repayments>;
let regionId = 0;
const borrowers: Borrower[] = [];
const DAY_MS = 86_400_000;

const post = (path: string, body: unknown, by: string) => api.call('POST', path, { token: token[by], body });
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => api.db.query<T>(sql, params);
const refresh = () => refreshReportRollups(api.db, api.clock.now());
/** Forgets what the ageing run wrote: the reports then read the big tables, as before decision 032. */
const forget = (report: string) => q('DELETE FROM report_snapshots WHERE report = $1', [report]);

async function pay(b: Borrower, amount: number) {
  const res = await repay(b, amount);
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  api = await testApi();
  repay = repayments(api, 'MPROLL');
  fx = await businessFixtures(api.db);
  today = fx.today;
  for (const u of ['admin', 'finance', 'collector', 'shopowner']) token[u] = await api.tokenFor(u);
  const [s0, s1] = fx.stores as [number, number];
  regionId = (await q<{ region_id: number }>('SELECT region_id FROM stores WHERE id = $1', [s1]))[0]!.region_id;
  borrowers.push(await fx.borrower({ storeId: s0, dueInDays: 0 }));
  borrowers.push(await fx.borrower({ storeId: s0, dueInDays: 3 }));
  borrowers.push(await fx.borrower({ storeId: s1, daysDefaulted: 5 }));
  borrowers.push(await fx.borrower({ storeId: s1, daysDefaulted: 40 }));
  borrowers.push(await fx.borrower({ storeId: s0, daysDefaulted: 12 }));
  // The shop owner owns the second shop; the collector is assigned the fourth loan.
  await q(
    `INSERT INTO shop_owners (full_name, msisdn, admin_id, created_at)
     SELECT 'Rollup Owner', '255754000032', id, $1 FROM admins WHERE username = 'shopowner'`,
    [TEST_NOW],
  );
  await q("UPDATE stores SET shop_owner_id = (SELECT id FROM shop_owners WHERE msisdn = '255754000032') WHERE id = $1", [s1]);
  const [collector] = await q<{ id: number }>("SELECT id FROM admins WHERE username = 'collector'");
  expect(
    (await post(routes.assignDefaulters.path, { loan_ids: [borrowers[3]!.loanId], collector_id: collector!.id }, 'admin')).status,
  ).toBe(200);
});
afterAll(() => api.close());

describe('the balance sheet and the profit and loss', () => {
  /** The statements as the ledger's postings give them, summed whole (the query before decision 032). */
  async function fromPostings(from: string | null, to: string) {
    const start = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 3 * 3_600_000);
    const rows = await q<{ code: string; dr: number; cr: number }>(
      `SELECT a.code, coalesce(sum(p.debit), 0)::bigint AS dr, coalesce(sum(p.credit), 0)::bigint AS cr
         FROM ledger_accounts a
         LEFT JOIN ledger_postings p ON p.account = a.code AND p.posted_at < $1 AND ($2::timestamptz IS NULL OR p.posted_at >= $2::timestamptz)
        GROUP BY a.code`,
      [start(plusDays(to, 1)), from === null ? null : start(from)],
    );
    return new Map(rows.map((r) => [r.code, { dr: Number(r.dr), cr: Number(r.cr) }]));
  }

  async function expectSameFigures() {
    for (const at of [plusDays(today, -400), plusDays(today, -30), plusDays(today, -1), today]) {
      const sheet = balanceSheet.parse((await post(routes.balanceSheet.path, { at }, 'finance')).body);
      const sums = await fromPostings(null, at);
      for (const line of [...sheet.assets, ...sheet.liabilities, ...sheet.equity]) {
        const s = sums.get(line.code)!;
        expect(line.amount, `${line.code} at ${at}`).toBe(sheet.assets.includes(line) ? s.dr - s.cr : s.cr - s.dr);
      }
      expect(sheet.balanced).toBe(true);
    }
    const from = plusDays(today, -60);
    const pl = profitAndLoss.parse((await post(routes.profitAndLoss.path, { from, to: today }, 'finance')).body);
    const sums = await fromPostings(from, today);
    for (const line of pl.income) expect(line.amount, line.code).toBe(sums.get(line.code)!.cr - sums.get(line.code)!.dr);
    for (const line of pl.expenses) expect(line.amount, line.code).toBe(sums.get(line.code)!.dr - sums.get(line.code)!.cr);
  }

  it('are the postings to the shilling before the first run, after it, after payments, and after the next run', async () => {
    await pay(borrowers[0]!, 1_800);
    await pay(borrowers[2]!, 5_000);
    await expectSameFigures();
    expect((await refresh()).ledgerDays.entries).toBeGreaterThan(0);
    await expectSameFigures();
    // Payments after the run are entries past the rollup: added live.
    await pay(borrowers[1]!, 2_500);
    await pay(borrowers[2]!, 700);
    await expectSameFigures();
    // The next run takes them into the rollup (adding to the day's rows); a later payment is live again.
    expect((await refresh()).ledgerDays.entries).toBeGreaterThan(0);
    expect((await refresh()).ledgerDays.entries).toBe(0);
    await pay(borrowers[4]!, 2_000);
    await expectSameFigures();
  });
});

describe('the defaulters reasons report', () => {
  let at = TEST_NOW.getTime() - 20 * DAY_MS;
  async function call(b: Borrower, reason: string | null, daysDefaulted: number, daysLater: number) {
    at += daysLater * DAY_MS;
    await q(
      `INSERT INTO debt_collection_calls (loan_id, customer_id, call_type, outcome, reason, days_defaulted, amount_due, called_by, created_at)
       VALUES ($1, $2, 'outgoing', $3, $4, $5, $6, (SELECT id FROM admins WHERE username = 'collector'), $7)`,
      [b.loanId, b.customerId, reason ? 'reached_refused' : 'no_answer', reason, daysDefaulted, 1_000 * daysDefaulted, new Date(at)],
    );
  }

  /** The report as the calls give it, each loan's last call of the period (the query before decision 032). */
  async function fromCalls(from: string, to: string, region?: number) {
    const start = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 3 * 3_600_000);
    const rows = await q<{
      reason: string;
      category: string;
      region_id: number;
      region_name: string;
      defaulters: number;
      amount_due: number;
    }>(
      `WITH last AS (
         SELECT DISTINCT ON (k.loan_id) k.loan_id, k.reason, k.days_defaulted, k.amount_due FROM debt_collection_calls k
          WHERE k.created_at >= $1 AND k.created_at < $2 ORDER BY k.loan_id, k.created_at DESC, k.id DESC)
       SELECT coalesce(last.reason, 'not_given') AS reason, ${categoryCase('last.days_defaulted')} AS category,
              r.id AS region_id, r.name AS region_name, count(*)::int AS defaulters, sum(last.amount_due)::bigint AS amount_due
         FROM last JOIN loans l ON l.id = last.loan_id JOIN stores s ON s.id = l.store_id JOIN regions r ON r.id = s.region_id
        WHERE $3::bigint IS NULL OR s.region_id = $3
        GROUP BY 1, 2, 3, 4 ORDER BY defaulters DESC, reason, region_name, category`,
      [start(from), start(plusDays(to, 1)), region ?? null],
    );
    return rows.map((r) => ({
      reason: r.reason,
      category: r.category,
      region: { id: Number(r.region_id), name: r.region_name },
      defaulters: Number(r.defaulters),
      amount_due: Number(r.amount_due),
    }));
  }

  async function expectSameFigures() {
    const periods: Array<{ from?: string; to?: string; region_id?: number }> = [
      {},
      { from: plusDays(today, -19), to: plusDays(today, -12) },
      { from: plusDays(today, -15), to: today },
      { from: plusDays(today, -10), to: plusDays(today, -10) },
      { region_id: regionId },
    ];
    for (const p of periods) {
      const got = reasonsReport.parse((await post(routes.defaultersReasons.path, p, 'admin')).body);
      expect(got.rows, JSON.stringify(p)).toEqual(await fromCalls(got.from, got.to, p.region_id));
    }
    const all = reasonsReport.parse((await post(routes.defaultersReasons.path, {}, 'admin')).body);
    expect(all.totals.defaulters).toBeGreaterThan(0);
  }

  it('counts each loan once by its last call of the period, between runs as well as after them', async () => {
    const [b0, b1, b2, b3, b4] = borrowers as [Borrower, Borrower, Borrower, Borrower, Borrower];
    await call(b2, 'lost_job', 3, 0);
    await call(b3, null, 30, 1);
    await call(b2, 'sickness', 4, 2);
    await call(b4, 'forgot', 8, 3);
    await expectSameFigures();
    expect((await refresh()).defaulterReasons.rows).toBeGreaterThan(0);
    await expectSameFigures();
    // Calls after the run: a loan called again moves its last call (taken back from the rollup, counted live).
    await call(b2, 'business_slow', 6, 4);
    await call(b0, 'travelling', 1, 1);
    await call(b4, null, 15, 2);
    await expectSameFigures();
    await refresh();
    await call(b1, 'other', 2, 1);
    await call(b3, 'disputes_loan', 41, 1);
    await expectSameFigures();
  });
});

describe('collections due', () => {
  /** The report's figures, and apart from them when the ageing run wrote them (null: summed from the loans now). */
  const checkedAt: Array<string | null> = [];
  async function due(by: string, body: object = {}) {
    const { checked_at, ...figures } = collectionsDue.parse((await post(routes.collectionsDue.path, body, by)).body);
    checkedAt.push(checked_at);
    return figures;
  }
  /** Each caller's figures now, and the same read from the loans (the snapshot forgotten, then written again). */
  async function bothWays() {
    const callers = ['admin', 'shopowner', 'collector'] as const;
    const got = [];
    for (const by of callers) got.push(await due(by), await due(by, { store_id: fx.stores[0] }));
    const [row] = await q('SELECT * FROM report_snapshots WHERE report = $1', ['collections_due']);
    await forget('collections_due');
    const live = [];
    for (const by of callers) live.push(await due(by), await due(by, { store_id: fx.stores[0] }));
    if (row)
      await q('INSERT INTO report_snapshots (report, day, refreshed_at, run) VALUES ($1, $2, $3, $4)', [
        row.report,
        row.day,
        row.refreshed_at,
        row.run,
      ]);
    return { got, live };
  }

  it("are the loans' figures after each ageing run, for head office, a shop owner and a collector", async () => {
    const first = await bothWays();
    expect(first.got).toEqual(first.live);
    expect(first.got[0]!.totals.week.loans).toBeGreaterThan(0);
    expect(first.got[2]!.rows.map((r) => r.store.id)).toEqual([fx.stores[1]]);
    expect(first.got[4]!.totals.week.loans).toBe(1);
    await ageLoans(api, api.clock.now());
    await refresh();
    checkedAt.length = 0;
    const snapped = await bothWays();
    // Said with the figures: the snapshot's as of the run that wrote them, the loans' own as of now (null).
    expect(checkedAt).toEqual([...Array(6).fill(api.clock.now().toISOString()), ...Array(6).fill(null)]);
    expect(snapped.got).toEqual(first.live);
    expect(snapped.got).toEqual(snapped.live);
    // A payment shows at the next run: until then the snapshot's figures stand.
    await pay(borrowers[0]!, 3 * 1_800);
    const between = await bothWays();
    expect(between.got).toEqual(snapped.got);
    expect(between.live[0]).not.toEqual(snapped.got[0]);
    await ageLoans(api, api.clock.now());
    await refresh();
    const after = await bothWays();
    expect(after.got).toEqual(after.live);
    expect(after.got[0]).toEqual(between.live[0]);
  });

  it('a snapshot of another day is not read: the day it was written for is over', async () => {
    await refresh();
    const report = await due('admin');
    // Yesterday's run: today's figures come from the loans until today's run.
    await q("UPDATE report_snapshots SET day = day - 1, run = run + 1 WHERE report = 'collections_due'");
    await q('UPDATE collections_due_snapshot SET week_amount = week_amount + 1');
    expect(await due('admin')).toEqual(report);
    await refresh();
    expect(await due('admin')).toEqual(report);
  });
  /**
   * What `work` gives, and how many of the statements it sent read the loans' schedules (not today's snapshot). With
   * `callers`, a reading of the loans waits until that many callers have read which snapshot there is and no other
   * statement is running: every caller has then asked before the first reading is answered, as fifty callers at once
   * do on a loaded server (on a test database the reading is over before the next caller asks).
   */
  async function readingLoans<T>(work: () => Promise<T>, callers = 0) {
    const query = api.db.query.bind(api.db);
    const readsLoans = (sql: string) => /FROM loans l\b/.test(sql) && /n_week/.test(sql);
    let asked = 0;
    let running = 0;
    const held: Array<() => void> = [];
    const release = () =>
      setTimeout(() => {
        if (asked >= callers && running === 0) for (const go of held.splice(0)) go();
      }, 0);
    const spy = vi.spyOn(api.db, 'query').mockImplementation((async (sql: string, params?: unknown[]) => {
      if (callers && readsLoans(sql)) {
        await new Promise<void>((go) => {
          held.push(go);
          release();
        });
      }
      running++;
      try {
        return await query(sql, params);
      } finally {
        running--;
        if (/FROM report_snapshots WHERE report = \$1/.test(sql)) asked++;
        release();
      }
    }) as typeof api.db.query);
    try {
      const result = await work();
      return { result, reads: spy.mock.calls.filter(([sql]) => readsLoans(sql)).length };
    } finally {
      spy.mockRestore();
    }
  }

  it('callers asking at once on a day with no snapshot share one reading of the loans', async () => {
    await refresh();
    const written = await due('admin');
    await forget('collections_due');
    const together = await readingLoans(() => Promise.all(Array.from({ length: 5 }, () => due('admin'))), 5);
    expect(together).toEqual({ result: Array(5).fill(written), reads: 1 });
    // Once it is answered the next caller reads the loans again: a live answer is not kept.
    expect(await readingLoans(() => due('admin'))).toEqual({ result: written, reads: 1 });
    await refresh();
    expect(await readingLoans(() => due('admin'))).toEqual({ result: written, reads: 0 });
  });
});

describe('the IMEI exceptions', () => {
  async function item(storeId: number, imei: string, status: string) {
    const [row] = await q<{ id: number }>(
      `INSERT INTO inventory_items (phone_model_id, store_id, imei, status, received_at, sold_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [fx.modelId, storeId, imei, status, TEST_NOW, status === 'sold' ? TEST_NOW : null],
    );
    return row!.id;
  }
  const bodies = [{}, { kind: 'enrolled_on_shelf' }, { kind: 'sold_not_enrolled' }, { store_id: 0 }, { limit: 1, skip: 1 }, { skip: 50 }];
  async function lists() {
    const out = [];
    for (const by of ['admin', 'shopowner'])
      for (const body of bodies) {
        const b = 'store_id' in body ? { store_id: fx.stores[1] } : body;
        out.push(imeiExceptionList.parse((await post(routes.imeiExceptions.path, b, by)).body));
      }
    return out;
  }

  it("are the checks' findings after each run, narrowed to the caller's stores", async () => {
    const [s0, s1] = fx.stores as [number, number];
    const a = await fx.borrower({ storeId: s1 });
    await q('UPDATE devices SET inventory_item_id = $2, enrolled_at = NULL WHERE id = $1', [a.deviceId, await item(s1, a.imei, 'sold')]);
    const b = await fx.borrower({ storeId: s0 });
    await q("UPDATE devices SET enrolled_at = $2, lock_status = 'active' WHERE id = $1", [b.deviceId, TEST_NOW]);
    await item(s0, b.imei, 'in_stock');
    await forget('imei_exceptions');
    const before = await lists();
    expect(before[0]!.total).toBeGreaterThanOrEqual(2);
    expect(before[6]!.data.map((e) => e.store.id)).toEqual([s1]);
    await refresh();
    expect(await lists()).toEqual(before);
    // Put right (the handset enrolled): gone at the next run, not before.
    await q('UPDATE devices SET enrolled_at = $2 WHERE id = $1', [a.deviceId, TEST_NOW]);
    expect(await lists()).toEqual(before);
    await refresh();
    const after = await lists();
    await forget('imei_exceptions');
    expect(await lists()).toEqual(after);
    expect(after[0]!.total).toBe(before[0]!.total - 1);
  });
});

describe('the ageing run', () => {
  it('writes every report rollup and snapshot after it has aged the loans', async () => {
    await q('UPDATE report_snapshots SET day = NULL, run = 0');
    // Something new for the ledger's rollup to add (it writes nothing when no entry was posted since).
    await pay(borrowers[1]!, 500);
    const failed: string[] = [];
    const { createSimulators } = await import('../../server/adapters/simulators');
    const stop = startWorkers(
      { db: api.db, clock: api.clock, adapters: createSimulators(api.db, api.clock).adapters },
      {
        log: (message) => failed.push(message),
      },
    );
    try {
      await vi.waitFor(
        async () => {
          const rows = await q<{ report: string; day: string | null; run: number }>(
            "SELECT report, to_char(day, 'YYYY-MM-DD') AS day, run::int AS run FROM report_snapshots ORDER BY report",
          );
          expect(failed).toEqual([]);
          expect(rows.map((r) => [r.report, r.run > 0])).toEqual([
            ['collections_due', true],
            ['defaulter_reasons', true],
            ['imei_exceptions', true],
            ['ledger_days', true],
          ]);
          expect(rows.find((r) => r.report === 'collections_due')!.day).toBe(today);
        },
        { timeout: 15_000, interval: 200 },
      );
    } finally {
      stop();
    }
    expect(failed).toEqual([]);
  });
});
