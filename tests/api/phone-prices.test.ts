import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import { phonePriceHistory, phonePriceList, phonePriceSubmitted } from '../../src/contract/phone-prices';
import { testApi, TEST_NOW, type TestApi } from '../support/api';

/**
 * Phone price updates (issue 12, decision 019): proposed by head office, applied only when a second person approves
 * them in the business maker-checker inbox, with the history kept and audit rows for both steps.
 */

let api: TestApi;
const token: Record<string, string> = {};
let modelId = 0;
const post = (path: string, body: unknown, by: string | null) =>
  api.call('POST', path, { token: by === null ? undefined : token[by], body });
const DAY = 86_400_000;

const proposal = () => ({
  phone_model_id: modelId,
  rrp: 280_000,
  wholesale_price: 230_000,
  credit_multiplier: 1.5,
  deposit: 40_000,
  daily_payment: 2_000,
  installments: 210,
  twelve_months_payment: 35_000,
});

beforeAll(async () => {
  api = await testApi();
  const [m] = await api.db.query<{ id: number }>(
    `INSERT INTO phone_models (sku, brand, name, model, storage_gb, ram_gb, lock_solution_type, created_at)
     VALUES ('TST-P1-64-4', 'itel', 'itel Price P1 (64 GB)', 'P1', 64, 4, 'dial_code', $1) RETURNING id`,
    [TEST_NOW],
  );
  modelId = m!.id;
  await api.db.query(
    `INSERT INTO phone_prices (phone_model_id, rrp, wholesale_price, credit_multiplier, deposit, daily_payment, installments,
                               twelve_months_payment, effective_from, created_at)
     VALUES ($1, 300000, 240000, 1.5, 45000, 2200, 210, 38000, $2, $2)`,
    [modelId, new Date(TEST_NOW.getTime() - 90 * DAY)],
  );
  for (const u of ['admin', 'approver', 'shopowner', 'agent']) token[u] = await api.tokenFor(u);
});
afterAll(() => api.close());

const requestsCount = async () => Number((await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM requests'))[0]!.n);

describe('phone prices', () => {
  it('answers 401 without a token and 403 naming the role without it', async () => {
    expect((await post(routes.phonePrices.path, {}, null)).status).toBe(401);
    expect((await post(routes.phonePrices.path, {}, 'approver')).body.role).toBe('VIEW_INVENTORY');
    const refused = await post(routes.proposePhonePrice.path, proposal(), 'shopowner');
    expect(refused.status).toBe(403);
    expect(refused.body.role).toBe('ADD_STORE');
  });

  it('lists the price in effect with its derived figures, searchable', async () => {
    const list = phonePriceList.parse((await post(routes.phonePrices.path, { search: 'P1' }, 'agent')).body);
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      sku: 'TST-P1-64-4',
      pending_update: false,
      price: { rrp: 300_000, margin: 60_000, weekly_payment: 15_400, monthly_payment: 66_000, total_repayable: 45_000 + 2_200 * 210 },
    });
    expect(phonePriceList.parse((await post(routes.phonePrices.path, { search: 'nothing-like-this' }, 'agent')).body).total).toBe(0);
  });

  it('refuses bad input with a 400 naming the field, and files nothing', async () => {
    const before = await requestsCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...proposal(), rrp: 'lots' }, 'rrp'],
      [{ ...proposal(), deposit: 12.5 }, 'deposit'],
      [{ ...proposal(), credit_multiplier: 0.5 }, 'credit_multiplier'],
      [{ ...proposal(), phone_model_id: 99999 }, 'phone_model_id'],
      [{ ...proposal(), deposit: 300_000 }, 'deposit'],
      [{ ...proposal(), wholesale_price: 290_000 }, 'wholesale_price'],
      [{ ...proposal(), installments: 100 }, 'installments'],
      [{ ...proposal(), daily_payment: 100 }, 'daily_payment'],
    ];
    for (const [body, field] of cases) {
      const res = await post(routes.proposePhonePrice.path, body, 'admin');
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.fields), field).toContain(field);
    }
    expect(await requestsCount()).toBe(before);
  });

  it('takes effect only when a second person approves it in the business inbox, keeping the history', async () => {
    const proposed = await post(routes.proposePhonePrice.path, proposal(), 'admin');
    expect(proposed.status).toBe(202);
    const item = phonePriceSubmitted.parse(proposed.body);
    expect(item.kind).toBe('phone_price_update');
    expect(item.summary).toContain('TZS 280000, was TZS 300000');
    expect((await api.auditRows('request.submitted')).length).toBe(1);
    // Nothing changes yet: the price in effect is the old one, marked as awaiting an update.
    const pending = phonePriceList.parse((await post(routes.phonePrices.path, { search: 'P1' }, 'admin')).body).data[0]!;
    expect(pending).toMatchObject({ pending_update: true, price: { rrp: 300_000 } });
    // A second proposal for the same model waits for the first to be decided.
    const twice = await post(routes.proposePhonePrice.path, { ...proposal(), rrp: 290_000 }, 'admin');
    expect(twice.status).toBe(409);
    expect(twice.body.reason).toBe('request_open');
    // It is in the business inbox, and the maker may not approve it.
    const inbox = await api.call('POST', routes.pendingMakerChecker.path, { token: token.approver, body: {} });
    expect(inbox.body.pending_requests.map((r: { id: number }) => r.id)).toContain(item.id);
    const own = await post(routes.decideMakerChecker.path, { ids: [item.id], decision: 'approve' }, 'admin');
    expect(own.status).toBe(403);
    const approved = await post(routes.decideMakerChecker.path, { ids: [item.id], decision: 'approve' }, 'approver');
    expect(approved.status).toBe(200);
    const now = phonePriceList.parse((await post(routes.phonePrices.path, { search: 'P1' }, 'agent')).body).data[0]!;
    expect(now).toMatchObject({ pending_update: false, price: { rrp: 280_000, deposit: 40_000, effective_from: TEST_NOW.toISOString() } });
    const history = phonePriceHistory.parse((await post(routes.phonePriceHistory.path, { phone_model_id: modelId }, 'agent')).body);
    expect(history.data.map((p) => [p.rrp, p.effective_to])).toEqual([
      [280_000, null],
      [300_000, TEST_NOW.toISOString()],
    ]);
    expect((await api.auditRows('request.approved')).length).toBe(1);
  });

  it('history of an unknown model is 404, a wrong-typed id 400', async () => {
    expect((await post(routes.phonePriceHistory.path, { phone_model_id: 99999 }, 'admin')).status).toBe(404);
    const bad = await post(routes.phonePriceHistory.path, { phone_model_id: 'x' }, 'admin');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toContain('phone_model_id');
  });
});
