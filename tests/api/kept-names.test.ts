import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import type { Queryable } from '../../server/db/port';
import { namesAt } from '../../server/domain/names';
import { testApi, type TestApi } from '../support/api';
import { businessFixtures, type Borrower, type BusinessFixtures } from '../support/business-fixtures';

/**
 * The names a list row shows for its store, region, agent, collector and phone are kept per copy of the server
 * (decision 057, migration 038): a rename by any writer must show on the very next page, and the names must not be
 * read again while nothing has renamed anything.
 */

let api: TestApi;
let fx: BusinessFixtures;
let admin: string;
let borrower: Borrower;
let agentId: number;
let collectorId: number;

const post = (path: string, body: unknown) => api.call('POST', path, { token: admin, body });

async function defaulterRow() {
  const res = await post(routes.allDefaulters.path, { search: borrower.loanNumber });
  expect(res.status).toBe(200);
  expect(res.body.data).toHaveLength(1);
  return res.body.data[0];
}

async function loanRow() {
  const res = await post(routes.lipaPolePoleLoans.path, { tab: 'all_defaulters', search: borrower.loanNumber });
  expect(res.status).toBe(200);
  expect(res.body.data).toHaveLength(1);
  return res.body.data[0];
}

beforeAll(async () => {
  api = await testApi();
  fx = await businessFixtures(api.db);
  admin = await api.tokenFor('admin');
  borrower = await fx.borrower({ daysDefaulted: 12 });
  const [agent] = await api.db.query<{ id: number }>(
    `INSERT INTO agents (full_name, msisdn, store_id, created_at) VALUES ('Neema Kilango', '255754999001', $1, now()) RETURNING id`,
    [borrower.storeId],
  );
  agentId = agent!.id;
  await api.db.query('UPDATE loans SET agent_id = $1 WHERE id = $2', [agentId, borrower.loanId]);
  collectorId = (await api.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'collector'"))[0]!.id;
  const assigned = await post(routes.assignDefaulters.path, { loan_ids: [borrower.loanId], collector_id: collectorId });
  expect(assigned.status).toBe(200);
});
afterAll(() => api.close());

describe('a list row names its store, region, agent, collector and phone', () => {
  it('as the database names them', async () => {
    const [expected] = await api.db.query<Record<string, string | number>>(
      `SELECT s.name AS store, r.id AS region_id, r.name AS region, a.full_name AS agent, col.full_name AS collector,
              m.brand, m.name AS model
         FROM loans l JOIN stores s ON s.id = l.store_id JOIN regions r ON r.id = s.region_id
         JOIN agents a ON a.id = l.agent_id JOIN admins col ON col.id = $2
         JOIN phone_prices pp ON pp.id = l.phone_price_id JOIN phone_models m ON m.id = pp.phone_model_id
        WHERE l.id = $1`,
      [borrower.loanId, collectorId],
    );
    const row = await defaulterRow();
    expect(row.store).toEqual({ id: borrower.storeId, name: expected!.store });
    expect(row.region).toEqual({ id: expected!.region_id, name: expected!.region });
    expect(row.agent).toEqual({ id: agentId, name: 'Neema Kilango' });
    expect(row.collector).toEqual({ id: collectorId, name: expected!.collector });
    const loan = await loanRow();
    expect(loan.store).toEqual({ id: borrower.storeId, name: expected!.store });
    expect(loan.region).toEqual({ id: expected!.region_id, name: expected!.region });
    expect(loan.agent).toEqual({ id: agentId, name: 'Neema Kilango' });
    expect(loan.phone).toContain(String(expected!.model));
    const calls = await post(routes.debtCollectionCalls.path, { loan_id: borrower.loanId });
    expect(calls.status).toBe(200);
    expect(calls.body.loan.store.name).toBe(expected!.store);
    expect(calls.body.loan.collector).toEqual({ id: collectorId, name: expected!.collector });
  });

  it('shows a rename on the next page, whoever made it', async () => {
    await defaulterRow(); // the names are kept now
    await api.db.query("UPDATE stores SET name = 'Duka la Mwanza Kati' WHERE id = $1", [borrower.storeId]);
    expect((await defaulterRow()).store.name).toBe('Duka la Mwanza Kati');
    expect((await loanRow()).store.name).toBe('Duka la Mwanza Kati');

    await api.db.query("UPDATE regions SET name = 'Mwanza Kusini' WHERE id = (SELECT region_id FROM stores WHERE id = $1)", [
      borrower.storeId,
    ]);
    expect((await defaulterRow()).region.name).toBe('Mwanza Kusini');

    await api.db.query("UPDATE agents SET full_name = 'Neema K. Mushi' WHERE id = $1", [agentId]);
    expect((await defaulterRow()).agent.name).toBe('Neema K. Mushi');
    expect((await loanRow()).agent.name).toBe('Neema K. Mushi');

    await api.db.query("UPDATE admins SET full_name = 'Juma Collector Mrema' WHERE id = $1", [collectorId]);
    expect((await defaulterRow()).collector.name).toBe('Juma Collector Mrema');

    await api.db.query(
      "UPDATE phone_models SET name = 'Galaxy A06 Plus' WHERE id = (SELECT pp.phone_model_id FROM loans l JOIN phone_prices pp ON pp.id = l.phone_price_id WHERE l.id = $1)",
      [borrower.loanId],
    );
    expect((await loanRow()).phone).toContain('Galaxy A06 Plus');

    // A store moved to another region shows that region.
    const [other] = await api.db.query<{ id: number; name: string }>(
      "INSERT INTO regions (name, territory, created_at) VALUES ('Kigoma', 'Coastal', now()) RETURNING id, name",
    );
    await api.db.query('UPDATE stores SET region_id = $1 WHERE id = $2', [other!.id, borrower.storeId]);
    expect((await defaulterRow()).region).toEqual({ id: other!.id, name: 'Kigoma' });
  });
});

describe('a request names its maker and store', () => {
  it('in the queue and the audit, with a rename shown on the next page', async () => {
    const asked = await api.call('POST', routes.requestLoanExtension.path, {
      token: await api.tokenFor('callcentre'),
      body: { msisdn: borrower.msisdn, days_to_extend: 7, reason: 'Salary delayed' },
    });
    expect(asked.status).toBe(201);
    const [maker] = await api.db.query<{ id: number; full_name: string }>("SELECT id, full_name FROM admins WHERE username = 'callcentre'");
    // The item the maker gets back is named inside the request's own transaction.
    expect(asked.body.requested_by).toEqual({ id: maker!.id, username: 'callcentre', name: maker!.full_name });
    const queued = async () => {
      const res = await post(routes.pendingLoanExtensions.path, {});
      expect(res.status).toBe(200);
      return res.body.pending_requests.find((r: { id: number }) => r.id === asked.body.id);
    };
    const audited = async () => {
      const res = await api.call('GET', `${routes.requestAudit.path}?kind=loan_extension`, { token: admin });
      expect(res.status).toBe(200);
      return res.body.data.find((r: { id: number }) => r.id === asked.body.id);
    };
    expect((await queued()).requested_by.name).toBe(maker!.full_name);
    expect((await audited()).maker.name).toBe(maker!.full_name);

    await api.db.query("UPDATE admins SET full_name = 'Rehema Call Centre' WHERE id = $1", [maker!.id]);
    await api.db.query("UPDATE stores SET name = 'Duka la Ilemela' WHERE id = $1", [borrower.storeId]);
    const item = await queued();
    expect(item.requested_by).toEqual({ id: maker!.id, username: 'callcentre', name: 'Rehema Call Centre' });
    expect(item.store).toEqual({ id: borrower.storeId, name: 'Duka la Ilemela' });
    const row = await audited();
    expect(row.maker.name).toBe('Rehema Call Centre');
    expect(row.store).toEqual({ id: borrower.storeId, name: 'Duka la Ilemela' });
  });
});

describe('the kept names', () => {
  /** api.db, counting the statements that read every name. */
  function counting() {
    let reads = 0;
    const db: Queryable = {
      query: (sql, params) => {
        if (sql.includes('FROM phone_prices) AS prices')) reads++;
        return api.db.query(sql, params);
      },
    };
    return { db, reads: () => reads };
  }
  const version = async () => Number((await api.db.query<{ version: number }>('SELECT version FROM names_version'))[0]!.version);

  it('are read once while no statement may have changed them, and again once one has', async () => {
    const { db, reads } = counting();
    const at = await version();
    const first = await namesAt(db, at);
    await namesAt(db, at);
    expect(reads()).toBe(1);
    const [store] = await api.db.query<{ name: string }>('SELECT name FROM stores WHERE id = $1', [borrower.storeId]);
    expect(first.store(borrower.storeId).name).toBe(store!.name);

    // A statement that changes no name (the store's location) leaves them kept.
    await api.db.query("UPDATE stores SET location = 'Kirumba' WHERE id = $1", [borrower.storeId]);
    expect(await version()).toBe(at);

    await api.db.query("UPDATE stores SET name = 'Duka la Kirumba' WHERE id = $1", [borrower.storeId]);
    const moved = await version();
    expect(moved).toBeGreaterThan(at);
    const second = await namesAt(db, moved);
    expect(reads()).toBe(2);
    expect(second.store(borrower.storeId).name).toBe('Duka la Kirumba');
    // A page whose snapshot saw the older version gets the newer names, not a read of its own.
    expect(await namesAt(db, at)).toBe(second);
    expect(reads()).toBe(2);
  });

  it('are read once for callers asking at the same time', async () => {
    const { db, reads } = counting();
    const at = await version();
    const [a, b] = await Promise.all([namesAt(db, at), namesAt(db, at)]);
    expect(a).toBe(b);
    expect(reads()).toBe(1);
  });
});
