import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import { testApi, type TestApi } from '../support/api';
import { businessFixtures } from '../support/business-fixtures';

/**
 * Each kind's pending requests are counted in list_totals by migration 034's triggers (decision 044), and an approval
 * queue with no filter answers that count as its total. After every kind of write the kept counts must equal a
 * fresh count of the requests themselves.
 */

let api: TestApi;
let maker: number;
let checker: number;
/** A demo loan (its customer and device) that the customer requests name, as the schema asks. */
let loan: { id: number; customer_id: number; device_id: number };

beforeAll(async () => {
  api = await testApi();
  const admins = await api.db.query<{ id: number; username: string }>(
    "SELECT id, username FROM admins WHERE username IN ('agent', 'approver')",
  );
  maker = admins.find((a) => a.username === 'agent')!.id;
  checker = admins.find((a) => a.username === 'approver')!.id;
  const borrower = await (await businessFixtures(api.db)).borrower();
  loan = { id: borrower.loanId, customer_id: borrower.customerId, device_id: borrower.deviceId };
});
afterAll(() => api?.close());

/** The kept counts and a fresh count, each by kind, kinds with none left out. */
async function keptAndCounted() {
  const kept = await api.db.query<{ kind: string; n: number }>(
    "SELECT substr(list, length('requests:submitted:') + 1) AS kind, total::int AS n FROM list_totals WHERE list LIKE 'requests:submitted:%' AND total > 0 ORDER BY 1",
  );
  const counted = await api.db.query<{ kind: string; n: number }>(
    "SELECT kind, count(*)::int AS n FROM requests WHERE status = 'submitted' GROUP BY kind ORDER BY 1",
  );
  return { kept: Object.fromEntries(kept.map((r) => [r.kind, r.n])), counted: Object.fromEntries(counted.map((r) => [r.kind, r.n])) };
}

const pending = (kind: string, subject: string) =>
  `('${kind}', 'submitted', '${subject}', ${maker}, NULL, NULL, NULL, '{"before": {}, "after": {}}', NULL, now(), ${loan.customer_id}, ${loan.id}, ${loan.device_id}, 'Test')`;
const insert = (...rows: string[]) =>
  api.db.query(
    `INSERT INTO requests (kind, status, subject, maker_id, checker_id, decision_comment, applied, payload, decided_at, submitted_at, customer_id, loan_id, device_id, reason)
     VALUES ${rows.join(', ')}`,
  );

describe('pending requests counted by kind', () => {
  it('equal a fresh count after inserts, decisions, other updates, deletes, a new kind and a truncate', async () => {
    const before = await keptAndCounted();
    expect(before.kept).toEqual(before.counted);
    const extensions = before.counted.loan_extension ?? 0;

    // One statement of several kinds, then one more request alone.
    await insert(pending('loan_extension', 'test:1'), pending('loan_extension', 'test:2'), pending('imei_change', 'test:3'));
    await insert(pending('loan_extension', 'test:4'));
    let now = await keptAndCounted();
    expect(now.kept).toEqual(now.counted);
    expect(now.kept.loan_extension).toBe(extensions + 3);

    // A denial and an approval take one each out of pending; an update of the reason moves nothing.
    await api.db.query(
      `UPDATE requests SET status = 'denied', checker_id = $1, decided_at = now(), decision_comment = 'No' WHERE subject = 'test:1'`,
      [checker],
    );
    await api.db.query(
      `UPDATE requests SET status = 'approved', checker_id = $1, decided_at = now(), applied = '{"before": {}, "after": {}}' WHERE subject = 'test:3'`,
      [checker],
    );
    await api.db.query("UPDATE requests SET reason = 'Asked again' WHERE subject LIKE 'test:%'");
    now = await keptAndCounted();
    expect(now.kept).toEqual(now.counted);
    expect(now.kept.loan_extension).toBe(extensions + 2);

    // A delete of a pending one and of a decided one.
    await api.db.query("DELETE FROM requests WHERE subject IN ('test:2', 'test:1')");
    now = await keptAndCounted();
    expect(now.kept).toEqual(now.counted);
    expect(now.kept.loan_extension).toBe(extensions + 1);

    // A kind registered after the migration gets its row with its first request.
    await api.db.query("INSERT INTO request_kinds (code, queue, description) VALUES ('test_kind', 'maker_checker', 'A test')");
    await insert(pending('test_kind', 'test:5'), pending('test_kind', 'test:6'));
    now = await keptAndCounted();
    expect(now.kept).toEqual(now.counted);
    expect(now.kept.test_kind).toBe(2);

    await api.db.query('TRUNCATE requests CASCADE');
    now = await keptAndCounted();
    expect(now.kept).toEqual({});
    expect(now.counted).toEqual({});
  });

  it('are the loan-extension queue total with no filter; a store filter counts its own', async () => {
    await insert(pending('loan_extension', 'queue:1'), pending('loan_extension', 'queue:2'));
    const token = await api.tokenFor('admin');
    // A page past the end still carries the total (these test requests have no loan to draw a row from).
    const all = await api.call('POST', routes.pendingLoanExtensions.path, { token, body: { limit: 25, skip: 10 } });
    expect(all.status).toBe(200);
    expect((await keptAndCounted()).counted.loan_extension).toBe(2);
    expect(all.body).toEqual({ total: 2, limit: 25, skip: 10, pending_requests: [] });
    // The total is the kept count, not a count of the rows: moved apart by hand, the answer follows the kept one.
    await api.db.query("UPDATE list_totals SET total = total + 5 WHERE list = 'requests:submitted:loan_extension'");
    const kept = await api.call('POST', routes.pendingLoanExtensions.path, { token, body: { limit: 25, skip: 10 } });
    expect(kept.body).toMatchObject({ total: 7 });
    await api.db.query("UPDATE list_totals SET total = total - 5 WHERE list = 'requests:submitted:loan_extension'");
    // Kept counts are read only without a filter: a store with none of them answers 0.
    const [store] = await api.db.query<{ id: number }>('SELECT id FROM stores ORDER BY id LIMIT 1');
    const filtered = await api.call('POST', routes.pendingLoanExtensions.path, {
      token,
      body: { store_id: store!.id, limit: 25, skip: 0 },
    });
    expect(filtered.status).toBe(200);
    expect(filtered.body).toMatchObject({ total: 0, pending_requests: [] });
  });
});
