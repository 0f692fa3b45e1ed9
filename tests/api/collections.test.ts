import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import { debtCall, debtCalls, defaultersList, loansList, reasonsReport } from '../../src/contract/collections';
import { breakOverduePromises } from '../../server/domain/collections/promises';
import { testApi, TEST_NOW, type TestApi } from '../support/api';
import { businessFixtures, plusDays, type Borrower, type BusinessFixtures } from '../support/business-fixtures';
import { repayments } from '../support/repayments';

/**
 * Loans, defaulters and debt collection (issue 14): each list answers with its role and nothing more, bad filters
 * are 400s naming the field, a collector's list holds what is assigned to them, calls and promises to pay are
 * recorded with their audit rows, repayments keep promises and the ageing run breaks them.
 */

let api: TestApi;
let fx: BusinessFixtures;
const token: Record<string, string> = {};
const b: Record<string, Borrower> = {};
let collectorId: number;
let today: string;

const post = (path: string, body: unknown, by: string | null) => api.call('POST', path, { token: by ?? undefined, body });
let repayLoan: ReturnType<typeof repayments>;
/** A repayment by M-Pesa of a loan by its number, from the demo payer. */
const repay = (loanNumber: string, amount: number) => repayLoan({ msisdn: '255754300100', loanNumber }, amount);

beforeAll(async () => {
  api = await testApi();
  repayLoan = repayments(api, 'MPCOLL');
  fx = await businessFixtures(api.db);
  today = fx.today;
  for (const u of ['admin', 'collector', 'agent', 'finance', 'shopowner', 'callcentre']) token[u] = await api.tokenFor(u);
  collectorId = (await api.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'collector'"))[0]!.id;
  b.healthy = await fx.borrower({ dueInDays: 2 });
  b.due = await fx.borrower({ daysDefaulted: 2 });
  b.watchful = await fx.borrower({ daysDefaulted: 5 });
  b.substandard = await fx.borrower({ daysDefaulted: 10, storeId: fx.stores[1] });
  b.doubtful = await fx.borrower({ daysDefaulted: 20 });
  b.npl = await fx.borrower({ daysDefaulted: 45, storeId: fx.stores[1] });
});
afterAll(() => api.close());

describe('who may call what', () => {
  it('401 without a token, 403 naming the role without it', async () => {
    for (const [route, role, user] of [
      [routes.myDefaulters, 'VIEW_MY_DEFAULTERS_LIST_REPORT', 'finance'],
      [routes.nplDefaulters, 'VIEW_NPL_DEFAULTERS_LIST_REPORT', 'shopowner'],
      [routes.allDefaulters, 'VIEW_ALL_DEFAULTERS_LIST_REPORT', 'collector'],
      [routes.assignDefaulters, 'VIEW_ALL_DEFAULTERS_LIST_REPORT', 'collector'],
      [routes.defaultersReasons, 'VIEW_DEFAULTERS_REASONS_REPORT', 'callcentre'],
      [routes.lipaPolePoleLoans, 'VIEW_CUSTOMER_LOANS', 'collector' as const],
    ] as const) {
      expect((await post(route.path, {}, null)).status, route.path).toBe(401);
      const res = await post(route.path, { loan_ids: [b.due!.loanId], collector_id: collectorId }, token[user]!);
      if (route === routes.lipaPolePoleLoans) continue; // the collector holds VIEW_CUSTOMER_LOANS
      expect(res.status, route.path).toBe(403);
      expect(res.body.role, route.path).toBe(role);
    }
    // A user with no defaulters list role may not read a defaulter's calls.
    const calls = await post(routes.debtCollectionCalls.path, { loan_id: b.due!.loanId }, token.finance!);
    expect(calls.status).toBe(403);
    expect(calls.body.reason).toBe('not_yours');
  });

  it('400 naming the field for a bad filter', async () => {
    for (const [route, body, field] of [
      [routes.allDefaulters, { category: 'terrible' }, 'category'],
      [routes.allDefaulters, { limit: 201 }, 'limit'],
      [routes.allDefaulters, { sort: 'name' }, 'sort'],
      [routes.allDefaulters, { store_id: -3 }, 'store_id'],
      [routes.nplDefaulters, { category: 'watchful' }, 'category'],
      [routes.myDefaulters, { collector_id: collectorId }, 'collector_id'],
      [routes.lipaPolePoleLoans, { started_from: '2026-10-10', started_to: '2026-10-01' }, 'started_to'],
      [routes.lipaPolePoleLoans, { tab: 'closed' }, 'tab'],
      [routes.defaultersReasons, { from: '2026-10-10', to: '2026-10-01' }, 'to'],
      [routes.defaultersReasons, { from: '2024-01-01', to: '2026-10-01' }, 'to'],
      [routes.assignDefaulters, { loan_ids: [], collector_id: collectorId }, 'loan_ids'],
    ] as const) {
      const res = await post(route.path, body, token.admin!);
      expect(res.status, `${route.path} ${JSON.stringify(body)}`).toBe(400);
      expect(Object.keys(res.body.fields), JSON.stringify(body)).toContain(field);
    }
  });
});

describe('the defaulters lists', () => {
  it('all: every loan past due, by category, sorted and paged on the server', async () => {
    const all = defaultersList.parse((await post(routes.allDefaulters.path, { sort: 'days_defaulted' }, token.admin!)).body);
    expect(all.total).toBe(5);
    expect(all.data.map((r) => [r.loan_number, r.category])).toEqual([
      [b.npl!.loanNumber, 'non-performing'],
      [b.doubtful!.loanNumber, 'doubtful'],
      [b.substandard!.loanNumber, 'substandard'],
      [b.watchful!.loanNumber, 'watchful'],
      [b.due!.loanNumber, 'due'],
    ]);
    const watchful = defaultersList.parse((await post(routes.allDefaulters.path, { category: 'watchful' }, token.admin!)).body);
    expect(watchful.data.map((r) => r.id)).toEqual([b.watchful!.loanId]);
    const page2 = defaultersList.parse(
      (await post(routes.allDefaulters.path, { sort: 'amount_due', order: 'asc', limit: 2, skip: 2 }, token.admin!)).body,
    );
    expect(page2).toMatchObject({ total: 5, limit: 2, skip: 2 });
    expect(page2.data.map((r) => r.id)).toEqual([b.substandard!.loanId, b.doubtful!.loanId]);
    const byStore = defaultersList.parse((await post(routes.allDefaulters.path, { store_id: fx.stores[1] }, token.admin!)).body);
    expect(byStore.data.map((r) => r.id).sort()).toEqual([b.substandard!.loanId, b.npl!.loanId].sort());
    const bySearch = defaultersList.parse(
      (await post(routes.allDefaulters.path, { search: `0${b.doubtful!.msisdn.slice(3)}` }, token.admin!)).body,
    );
    expect(bySearch.data.map((r) => r.id)).toEqual([b.doubtful!.loanId]);
  });

  it('npl: only 31 days or more', async () => {
    const npl = defaultersList.parse((await post(routes.nplDefaulters.path, {}, token.collector!)).body);
    expect(npl.data.map((r) => r.id)).toEqual([b.npl!.loanId]);
  });

  it("a collector's list holds only what a manager assigned to them", async () => {
    const before = defaultersList.parse((await post(routes.myDefaulters.path, {}, token.collector!)).body);
    expect(before.total).toBe(0);
    const collectors = await post(routes.debtCollectors.path, {}, token.admin!);
    expect(collectors.status).toBe(200);
    expect(collectors.body.data.map((c: { username: string }) => c.username)).toContain('collector');

    const assigned = await post(
      routes.assignDefaulters.path,
      { loan_ids: [b.watchful!.loanId, b.doubtful!.loanId], collector_id: collectorId },
      token.admin!,
    );
    expect(assigned.status).toBe(200);
    expect(assigned.body).toEqual({ assigned: 2, collector_id: collectorId });
    expect(await api.auditRows('collection.assigned')).toHaveLength(2);

    const mine = defaultersList.parse((await post(routes.myDefaulters.path, {}, token.collector!)).body);
    expect(mine.data.map((r) => r.id).sort()).toEqual([b.watchful!.loanId, b.doubtful!.loanId].sort());
    expect(mine.data.every((r) => r.collector?.id === collectorId)).toBe(true);

    const unassigned = defaultersList.parse((await post(routes.allDefaulters.path, { collector_id: 'unassigned' }, token.admin!)).body);
    expect(unassigned.total).toBe(3);

    // Not a collector, a loan not in default, a loan that does not exist.
    const [finance] = await api.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'finance'");
    expect(
      (await post(routes.assignDefaulters.path, { loan_ids: [b.due!.loanId], collector_id: finance!.id }, token.admin!)).body.reason,
    ).toBe('not_a_collector');
    expect(
      (await post(routes.assignDefaulters.path, { loan_ids: [b.healthy!.loanId], collector_id: collectorId }, token.admin!)).body.reason,
    ).toBe('not_defaulted');
    expect((await post(routes.assignDefaulters.path, { loan_ids: [999_999], collector_id: collectorId }, token.admin!)).status).toBe(404);
  });

  it("a shop owner's list holds the defaulters of the loans sold at their own stores", async () => {
    const before = defaultersList.parse((await post(routes.myDefaulters.path, {}, token.shopowner!)).body);
    expect(before.data.map((r) => r.id)).not.toContain(b.npl!.loanId);
    const [owner] = await api.db.query<{ id: number }>(
      `INSERT INTO shop_owners (full_name, msisdn, admin_id, created_at)
       VALUES ('Owner of the second store', '255754009999', (SELECT id FROM admins WHERE username = 'shopowner'), $1) RETURNING id`,
      [TEST_NOW],
    );
    const [store] = await api.db.query<{ shop_owner_id: number | null }>('SELECT shop_owner_id FROM stores WHERE id = $1', [fx.stores[1]]);
    await api.db.query('UPDATE stores SET shop_owner_id = $1 WHERE id = $2', [owner!.id, fx.stores[1]]);
    try {
      const mine = defaultersList.parse((await post(routes.myDefaulters.path, {}, token.shopowner!)).body);
      // The second store's defaulters (substandard and non-performing), and nothing the owner was not sold or assigned.
      const fromStore = mine.data.filter((r) => r.id === b.substandard!.loanId || r.id === b.npl!.loanId);
      expect(fromStore.map((r) => r.id).sort()).toEqual([b.substandard!.loanId, b.npl!.loanId].sort());
      expect(mine.data.map((r) => r.id)).not.toContain(b.due!.loanId);
      expect(mine.total).toBe(before.total + 2);

      // A store's defaulter whose case has a planned next action (assigned to nobody) leads the owner's list, and one
      // with a broken promise comes before it: the priority order's runs of cases read the owner's stores' loans too.
      await api.db.query('INSERT INTO collection_cases (loan_id, next_action_date, updated_at) VALUES ($1, $2, $3)', [
        b.npl!.loanId,
        today,
        TEST_NOW,
      ]);
      const planned = defaultersList.parse((await post(routes.myDefaulters.path, {}, token.shopowner!)).body);
      expect(planned.data[0]).toMatchObject({ id: b.npl!.loanId, next_action_date: today, broken_promise: false, collector: null });
      await api.db.query('INSERT INTO collection_cases (loan_id, broken_promise_at, updated_at) VALUES ($1, $2, $2)', [
        b.substandard!.loanId,
        TEST_NOW,
      ]);
      const broken = defaultersList.parse((await post(routes.myDefaulters.path, {}, token.shopowner!)).body);
      expect(broken.data.slice(0, 2).map((r) => [r.id, r.broken_promise])).toEqual([
        [b.substandard!.loanId, true],
        [b.npl!.loanId, false],
      ]);
      expect(broken.total).toBe(mine.total);
    } finally {
      await api.db.query('DELETE FROM collection_cases WHERE loan_id = ANY($1)', [[b.npl!.loanId, b.substandard!.loanId]]);
      await api.db.query('UPDATE stores SET shop_owner_id = $1 WHERE id = $2', [store!.shop_owner_id, fx.stores[1]]);
    }
  });
});

describe('calls and promises to pay', () => {
  it('a collector logs a call with a promise on an assigned loan, and not on one that is not theirs', async () => {
    // A loan in none of the collector's lists is answered as one that does not exist.
    const notTheirs = await post(
      routes.logDebtCall.path,
      { loan_id: b.due!.loanId, call_type: 'outgoing', outcome: 'no_answer' },
      token.collector!,
    );
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.reason).toBe('not_found');
    expect((await post(routes.debtCollectionCalls.path, { loan_id: b.due!.loanId }, token.collector!)).status).toBe(404);
    // Non-performing loans are in the collector's NPL list: they may work them without an assignment.
    expect((await post(routes.debtCollectionCalls.path, { loan_id: b.npl!.loanId }, token.collector!)).status).toBe(200);

    for (const [body, field] of [
      [{ outcome: 'promised_to_pay' }, 'promise'],
      [{ outcome: 'no_answer', promise: { promised_on: today, amount: 5000 } }, 'promise'],
      [{ outcome: 'promised_to_pay', promise: { promised_on: plusDays(today, -1), amount: 5000 } }, 'promise.promised_on'],
      [{ outcome: 'shouted' }, 'outcome'],
      [{ outcome: 'no_answer', next_action_date: plusDays(today, -2) }, 'next_action_date'],
    ] as const) {
      const res = await post(routes.logDebtCall.path, { loan_id: b.watchful!.loanId, call_type: 'outgoing', ...body }, token.collector!);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.fields)).toContain(field);
    }

    const logged = await post(
      routes.logDebtCall.path,
      {
        loan_id: b.watchful!.loanId,
        call_type: 'outgoing',
        outcome: 'promised_to_pay',
        reason: 'business_slow',
        remark: 'Will pay after market day',
        promise: { promised_on: plusDays(today, 1), amount: 5000 },
      },
      token.collector!,
    );
    expect(logged.status).toBe(201);
    const call = debtCall.parse(logged.body);
    expect(call).toMatchObject({
      outcome: 'promised_to_pay',
      reason: 'business_slow',
      days_defaulted: 5,
      amount_due: 9000,
      by: 'Faraji Ngowi',
      next_action_date: plusDays(today, 2),
      promise: { promised_on: plusDays(today, 1), amount: 5000, paid_since: 0, status: 'open' },
    });
    expect(await api.auditRows('collection.call_logged')).toHaveLength(1);

    const comment = await post(routes.debtCallComment.path, { call_id: call.id, comment: 'Sounded sincere' }, token.collector!);
    expect(comment.status).toBe(201);
    const rated = await post(routes.debtCallRating.path, { call_id: call.id, score: 4, mood: 'neutral' }, token.admin!);
    expect(rated.status).toBe(201);
    expect(debtCall.parse(rated.body)).toMatchObject({
      comments: [{ comment: 'Sounded sincere', by: 'Faraji Ngowi' }],
      ratings: [{ score: 4, mood: 'neutral', by: 'Asha Mwakyusa' }],
    });
    expect(
      (await post(routes.debtCallRating.path, { call_id: call.id, score: 6, mood: 'neutral' }, token.admin!)).body.fields,
    ).toHaveProperty('score');

    const history = debtCalls.parse((await post(routes.debtCollectionCalls.path, { loan_id: b.watchful!.loanId }, token.collector!)).body);
    expect(history.loan).toMatchObject({ id: b.watchful!.loanId, last_call: { outcome: 'promised_to_pay', reason: 'business_slow' } });
    expect(history.calls).toHaveLength(1);
  });

  it('a repayment that reaches the amount keeps the promise', async () => {
    const res = await repay(b.watchful!.loanNumber, 5400);
    expect(res.status).toBe(200);
    const mine = defaultersList.parse((await post(routes.myDefaulters.path, {}, token.collector!)).body);
    const row = mine.data.find((r) => r.id === b.watchful!.loanId)!;
    expect(row.promise).toMatchObject({ status: 'kept', paid_since: 5400, amount: 5000 });
    expect(await api.auditRows('promise.kept')).toHaveLength(1);
  });

  it('a promise whose day passes short of the amount is broken, and the customer goes to the top of the list', async () => {
    const logged = await post(
      routes.logDebtCall.path,
      { loan_id: b.doubtful!.loanId, call_type: 'outgoing', outcome: 'promised_to_pay', promise: { promised_on: today, amount: 20_000 } },
      token.collector!,
    );
    expect(logged.status).toBe(201);
    // A later call on the other loan gives it an earlier next action date: it leads the list until the promise breaks.
    await post(
      routes.logDebtCall.path,
      { loan_id: b.watchful!.loanId, call_type: 'outgoing', outcome: 'no_answer', next_action_date: today },
      token.collector!,
    );
    const before = defaultersList.parse((await post(routes.myDefaulters.path, {}, token.collector!)).body);
    expect(before.data.map((r) => r.id)).toEqual([b.watchful!.loanId, b.doubtful!.loanId]);

    await repay(b.doubtful!.loanNumber, 1000);
    expect(await breakOverduePromises(api, api.clock.now())).toBe(0); // its day is today: not yet broken
    api.clock.set(new Date(TEST_NOW.getTime() + 86_400_000));
    try {
      expect(await breakOverduePromises(api, api.clock.now())).toBe(1);
      // A new day, a new login (tokens last 8 hours).
      const after = defaultersList.parse((await post(routes.myDefaulters.path, {}, await api.tokenFor('collector'))).body);
      expect(after.data.map((r) => r.id)).toEqual([b.doubtful!.loanId, b.watchful!.loanId]);
      expect(after.data[0]).toMatchObject({ broken_promise: true, promise: { status: 'broken', paid_since: 1000 } });
      expect(await api.auditRows('promise.broken')).toHaveLength(1);
    } finally {
      api.clock.set(TEST_NOW);
    }
  });
});

describe('reports and loans', () => {
  it('the reasons report counts each defaulter called in the period once, by reason, category and region', async () => {
    const res = await post(routes.defaultersReasons.path, { from: plusDays(today, -7), to: today }, token.collector!);
    expect(res.status).toBe(200);
    const report = reasonsReport.parse(res.body);
    expect(report.totals).toEqual({ defaulters: 2, amount_due: report.rows.reduce((n, r) => n + r.amount_due, 0) });
    expect(report.rows.map((r) => [r.reason, r.category, r.defaulters]).sort()).toEqual([
      ['not_given', 'doubtful', 1],
      // Called at 5 days, but the last call in the period came after a repayment brought it to 2.
      ['not_given', 'due', 1],
    ]);
    const empty = reasonsReport.parse(
      (await post(routes.defaultersReasons.path, { from: '2026-01-01', to: '2026-01-31' }, token.admin!)).body,
    );
    expect(empty.rows).toEqual([]);
  });

  it('loans by tab, filtered and sorted', async () => {
    const list = async (body: object) => loansList.parse((await post(routes.lipaPolePoleLoans.path, body, token.admin!)).body);
    expect((await list({ tab: 'active' })).total).toBe(6);
    expect((await list({ tab: 'healthy' })).data.map((r) => r.id)).toEqual([b.healthy!.loanId]);
    expect((await list({ tab: 'all_defaulters' })).total).toBe(5);
    const defaulted = await list({ tab: 'defaulted', sort: 'days_defaulted', order: 'asc' });
    // The watchful loan was brought down to 2 days by its repayment ("due", under 4 days).
    expect(defaulted.data.map((r) => r.days_defaulted)).toEqual([10, 20, 45]);
    expect((await list({ tab: 'active', category: 'non-performing' })).data.map((r) => r.id)).toEqual([b.npl!.loanId]);
    expect((await list({ tab: 'active', store_id: fx.stores[1] })).total).toBe(2);
    expect((await list({ tab: 'active', started_from: '2030-01-01' })).total).toBe(0);
  });

  it('shows the day each loan started in Tanzania (EAT, three hours ahead of UTC)', async () => {
    const loanId = b.healthy!.loanId;
    const [was] = await api.db.query<{ started_at: Date }>('SELECT started_at FROM loans WHERE id = $1', [loanId]);
    const startedOn = async () => {
      const list = loansList.parse((await post(routes.lipaPolePoleLoans.path, { tab: 'healthy' }, token.admin!)).body);
      return list.data.find((r) => r.id === loanId)?.started_on;
    };
    try {
      // A second before midnight in Dar es Salaam, then midnight itself: the next day there.
      for (const [at, day] of [
        ['2026-11-20T20:59:59Z', '2026-11-20'],
        ['2026-11-20T21:00:00Z', '2026-11-21'],
      ] as const) {
        await api.db.query('UPDATE loans SET started_at = $2 WHERE id = $1', [loanId, at]);
        expect(await startedOn()).toBe(day);
      }
    } finally {
      await api.db.query('UPDATE loans SET started_at = $2 WHERE id = $1', [loanId, was!.started_at]);
    }
  });

  it('customers found by phone, loan number or name', async () => {
    const res = await post(routes.lipaPolePoleCustomers.path, { find: b.npl!.loanNumber }, token.admin!);
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { id: number }) => c.id)).toEqual([b.npl!.customerId]);
    expect(res.body.data[0].loan).toMatchObject({ loan_number: b.npl!.loanNumber, days_defaulted: 45 });
  });
});

describe('the priority order', () => {
  it('broken promises first, then planned next actions, then the most days defaulted, the same page by page', async () => {
    // Decision 015: broken promises (by next action date, then most days defaulted), then the cases with a next action
    // planned (by date), then every other defaulter by days defaulted. New defaulters (last in this file: they stay in
    // the lists): two broken today, one broken tomorrow, one planned the day after, one with no case.
    const [few, many, most, planned, none] = [
      await fx.borrower({ daysDefaulted: 3 }),
      await fx.borrower({ daysDefaulted: 25 }),
      await fx.borrower({ daysDefaulted: 60 }),
      await fx.borrower({ daysDefaulted: 6 }),
      await fx.borrower({ daysDefaulted: 12 }),
    ];
    const cases: Array<[Borrower, string, boolean]> = [
      [few, today, true],
      [many, today, true],
      [most, plusDays(today, 1), true],
      [planned, plusDays(today, 2), false],
    ];
    for (const [borrower, next, broken] of cases)
      await api.db.query(
        'INSERT INTO collection_cases (loan_id, next_action_date, broken_promise_at, updated_at) VALUES ($1, $2, $3, $4)',
        [borrower.loanId, next, broken ? TEST_NOW : null, TEST_NOW],
      );
    try {
      const all = defaultersList.parse((await post(routes.allDefaulters.path, { limit: 200 }, token.admin!)).body);
      const ours = [many, few, most, planned, none].map((x) => x.loanId);
      const rows = all.data.filter((r) => ours.includes(r.id));
      expect(rows.map((r) => [r.id, r.broken_promise, r.next_action_date])).toEqual([
        [many.loanId, true, today],
        [few.loanId, true, today],
        [most.loanId, true, plusDays(today, 1)],
        [planned.loanId, false, plusDays(today, 2)],
        [none.loanId, false, null],
      ]);
      // Every broken promise comes before every planned action, and those before every defaulter with neither.
      const runOf = (r: (typeof all.data)[number]) => (r.broken_promise ? 0 : r.next_action_date ? 1 : 2);
      expect(all.data.map(runOf)).toEqual(all.data.map(runOf).sort());
      // Two at a time: each page is the same slice of that order, across the runs' boundaries (a run is read only
      // when the ones before it fall short of the page's end).
      const paged: number[] = [];
      for (let skip = 0; skip < all.data.length; skip += 2) {
        const page = defaultersList.parse((await post(routes.allDefaulters.path, { limit: 2, skip }, token.admin!)).body);
        paged.push(...page.data.map((r) => r.id));
      }
      expect(paged).toEqual(all.data.map((r) => r.id));
      // Unfiltered, the list walks the kept rows along their index of this order (decision 081); filtered by a store,
      // it reads the runs of that store's cases and loans (decision 053). Both give the same order, page by page.
      const store = rows[0]!.store.id;
      expect(rows.every((r) => r.store.id === store)).toBe(true);
      const ofStore = defaultersList.parse((await post(routes.allDefaulters.path, { limit: 200, store_id: store }, token.admin!)).body);
      expect(ofStore.data.map((r) => r.id)).toEqual(all.data.filter((r) => r.store.id === store).map((r) => r.id));
      const pagedOfStore: number[] = [];
      for (let skip = 0; skip < ofStore.data.length; skip += 2) {
        const page = defaultersList.parse((await post(routes.allDefaulters.path, { limit: 2, skip, store_id: store }, token.admin!)).body);
        pagedOfStore.push(...page.data.map((r) => r.id));
      }
      expect(pagedOfStore).toEqual(ofStore.data.map((r) => r.id));

      // A collector's own list reads their cases' kept rows along its own index (decision 083). In each order it is
      // every defaulter's list cut to that collector (which reads the runs of their cases), page by page, with its total.
      await api.db.query('UPDATE collection_cases SET collector_id = $1, assigned_at = $3 WHERE loan_id = ANY($2)', [
        collectorId,
        [few, most, planned].map((x) => x.loanId),
        TEST_NOW,
      ]);
      for (const order of [{}, { sort: 'days_defaulted' }, { sort: 'next_action', order: 'desc' }, { sort: 'amount_due', order: 'asc' }]) {
        const own = defaultersList.parse((await post(routes.myDefaulters.path, { limit: 200, ...order }, token.collector!)).body);
        const cut = defaultersList.parse(
          (await post(routes.allDefaulters.path, { limit: 200, collector_id: collectorId, ...order }, token.admin!)).body,
        );
        expect(own.data.length, JSON.stringify(order)).toBeGreaterThan(3);
        expect(
          own.data.map((r) => r.id),
          JSON.stringify(order),
        ).toEqual(cut.data.map((r) => r.id));
        expect(own.total, JSON.stringify(order)).toBe(cut.total);
        const pagedOwn: number[] = [];
        for (let skip = 0; skip < own.data.length; skip += 2) {
          const page = defaultersList.parse((await post(routes.myDefaulters.path, { limit: 2, skip, ...order }, token.collector!)).body);
          expect(page.total).toBe(own.total);
          pagedOwn.push(...page.data.map((r) => r.id));
        }
        expect(pagedOwn, JSON.stringify(order)).toEqual(own.data.map((r) => r.id));
      }
      const own = defaultersList.parse((await post(routes.myDefaulters.path, { limit: 200 }, token.collector!)).body);
      expect(own.data.filter((r) => ours.includes(r.id)).map((r) => r.id)).toEqual([few.loanId, most.loanId, planned.loanId]);
      expect(own.data.every((r) => r.collector?.id === collectorId)).toBe(true);

      // With no filter its total is the count kept per collector (migration 045, decision 085). It follows the cases
      // as they change hands, and their loans as they leave default and come back: each time it is the rows the list
      // holds, and the same total counted by the list of every defaulter cut to the collector.
      const ownNow = async (username: string) => {
        const list = defaultersList.parse((await post(routes.myDefaulters.path, { limit: 200 }, token[username]!)).body);
        expect(list.total, username).toBe(list.data.length);
        return list;
      };
      const countedFor = async (id: number) =>
        defaultersList.parse((await post(routes.allDefaulters.path, { limit: 200, collector_id: id }, token.admin!)).body).total;
      const [adminUser] = await api.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'admin'");
      const adminOwnBefore = await ownNow('admin');
      expect(adminOwnBefore.data.map((r) => r.id)).not.toContain(few.loanId);
      const handedOver = async (loanId: number, to: number) =>
        api.db.query('UPDATE collection_cases SET collector_id = $1 WHERE loan_id = $2', [to, loanId]);
      await handedOver(few.loanId, adminUser!.id);
      expect((await ownNow('collector')).total).toBe(own.total - 1);
      expect((await ownNow('admin')).data.map((r) => r.id)).toContain(few.loanId);
      expect((await ownNow('admin')).total).toBe(adminOwnBefore.total + 1);
      await api.db.query('UPDATE loans SET days_defaulted = 0 WHERE id = $1', [most.loanId]);
      expect((await ownNow('collector')).total).toBe(own.total - 2);
      expect(await countedFor(collectorId)).toBe(own.total - 2);
      await api.db.query('UPDATE loans SET days_defaulted = 60 WHERE id = $1', [most.loanId]);
      await handedOver(few.loanId, collectorId);
      const back = await ownNow('collector');
      expect(back.data.map((r) => r.id)).toEqual(own.data.map((r) => r.id));
      expect(back.total).toBe(own.total);
      expect(await countedFor(collectorId)).toBe(own.total);
      expect((await ownNow('admin')).total).toBe(adminOwnBefore.total);

      // The days move (the ageing run, a repayment): the order and the category lists follow at once. The one with 3
      // days now has 40: it leads its day's broken promises and is in the non-performing list, which the other
      // promise broken today (25 days) is not.
      await api.db.query('UPDATE loans SET days_defaulted = 40 WHERE id = $1', [few.loanId]);
      const moved = defaultersList.parse((await post(routes.allDefaulters.path, { limit: 200 }, token.admin!)).body);
      expect(moved.data.filter((r) => ours.includes(r.id)).map((r) => [r.id, r.days_defaulted])).toEqual([
        [few.loanId, 40],
        [many.loanId, 25],
        [most.loanId, 60],
        [planned.loanId, 6],
        [none.loanId, 12],
      ]);
      const npl = defaultersList.parse((await post(routes.nplDefaulters.path, { limit: 200 }, token.admin!)).body);
      expect(npl.data.filter((r) => ours.includes(r.id)).map((r) => r.id)).toEqual([few.loanId, most.loanId]);
      const watchful = defaultersList.parse(
        (await post(routes.allDefaulters.path, { limit: 200, category: 'watchful' }, token.admin!)).body,
      );
      expect(watchful.data.filter((r) => ours.includes(r.id)).map((r) => r.id)).toEqual([planned.loanId]);
    } finally {
      await api.db.query('DELETE FROM collection_cases WHERE loan_id = ANY($1)', [cases.map(([x]) => x.loanId)]);
    }
  });
});
