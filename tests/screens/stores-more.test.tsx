import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';

/** The phone prices screen and the stores area's CSV exports, over the calls in memory and a captured download. */
const server = vi.hoisted(() => ({
  calls: [] as Array<{ path: string; body: any }>,
  files: [] as Array<{ name: string; content: string }>,
  total: 3,
}));

const price = (id: number, rrp: number, over: Record<string, unknown> = {}) => ({
  id,
  rrp,
  wholesale_price: rrp - 50_000,
  margin: 50_000,
  credit_multiplier: 1.5,
  deposit: 45_000,
  daily_payment: 2_200,
  weekly_payment: 15_400,
  monthly_payment: 66_000,
  installments: 210,
  total_repayable: 507_000,
  twelve_months_payment: 38_000,
  effective_from: '2026-08-01T07:00:00.000Z',
  effective_to: null,
  ...over,
});
const model = (n: number, over: Record<string, unknown> = {}) => ({
  id: n,
  phone_model_id: n,
  sku: `TEC-${n}`,
  brand: 'Tecno',
  name: `Tecno Spark ${n}`,
  price: price(100 + n, 300_000),
  pending_update: false,
  ...over,
});

const handset = (id: number, status: string) => ({
  id,
  imei: id === 90 ? '356938035643809' : '490154203237518',
  model: { id: 5, name: 'Tecno Spark 20 (128 GB)', brand: 'Tecno' },
  store: { id: 3, name: 'Kariakoo Simu' },
  status,
  received_at: '2026-10-01T07:00:00.000Z',
  sold_at: status === 'sold' ? '2026-10-09T07:00:00.000Z' : null,
  transfer: null,
});

vi.mock('../../src/services/http', () => ({
  call: async (route: { path: string }, options: { body?: any } = {}) => {
    const body = options.body ?? {};
    server.calls.push({ path: route.path, body });
    if (route.path === '/api/v1/phone_prices') {
      const from = body.skip ?? 0;
      const count = Math.max(0, Math.min(body.limit ?? 25, server.total - from));
      const rows = Array.from({ length: count }, (_, i) => model(from + i + 1, from + i === 1 ? { pending_update: true } : {}));
      return { total: server.total, limit: body.limit, skip: from, data: rows };
    }
    if (route.path === '/api/v1/phone_price_history') {
      return {
        data: [
          price(102, 300_000),
          price(90, 320_000, { effective_from: '2026-01-01T07:00:00.000Z', effective_to: '2026-08-01T07:00:00.000Z' }),
        ],
      };
    }
    if (route.path === '/api/v1/phone_price/update') return { id: 55, kind: 'phone_price_update', status: 'submitted' };
    if (route.path === '/api/v1/get_phone_inventory')
      return { total: 2, limit: 25, skip: 0, data: [handset(90, 'sold'), handset(91, 'in_stock')] };
    if (route.path === '/api/v1/inventory_item/status') return { ...handset(body.item_id, body.status) };
    if (route.path === '/api/v1/get_phone_stores') return { total: 0, limit: 200, skip: 0, stores: [] };
    if (route.path === '/api/v1/phone_models') return { data: [] };
    if (route.path === '/api/v1/imei_exceptions') {
      const row = {
        id: 365,
        kind: 'stolen_in_stock',
        imei: '356938035643809',
        item_id: 91,
        model: 'Tecno Spark 20 (128 GB)',
        store: { id: 3, name: 'Kariakoo Simu' },
        item_status: 'in_stock',
        device: { id: 4, status: 'stolen', enrolled_at: null },
      };
      const rows = !body.kind || body.kind === 'stolen_in_stock' ? [row] : [];
      return { total: rows.length, limit: 25, skip: 0, data: rows };
    }
    if (['/api/v1/stock_transfers', '/api/v1/stock_counts'].includes(route.path)) return { total: 0, limit: 25, skip: 0, data: [] };
    throw { status: 500, message: `unexpected ${route.path}` };
  },
}));
vi.mock('../../src/services/download', () => ({
  saveFile: (name: string, _type: string, content: string) => server.files.push({ name, content }),
}));

beforeEach(() => {
  server.calls = [];
  server.files = [];
  server.total = 3;
});

const sent = (path: string) => server.calls.filter((c) => c.path === path).map((c) => c.body);
const rowOf = async (text: string) => (await screen.findByText(text, {}, { timeout: 15_000 })).closest('tr')!;

describe('phone prices screen', () => {
  it('lists the prices in effect, marks a pending update and shows a history', async () => {
    await renderApp('/dashboard/phone-prices', loggedInSession(['VIEW_INVENTORY']));
    expect(await screen.findByRole('heading', { name: 'Phone prices' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(await rowOf('Tecno Spark 2')).toHaveTextContent('Update awaiting approval');
    expect(await rowOf('Tecno Spark 1')).not.toHaveTextContent('Update awaiting approval');
    // Without ADD_STORE nobody may propose a price.
    expect(screen.queryByRole('button', { name: 'Propose new price' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(await rowOf('Tecno Spark 1')).getByRole('button', { name: 'Price history' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findAllByRole('row')).toHaveLength(3);
    expect(sent('/api/v1/phone_price_history')).toEqual([{ phone_model_id: 1 }]);
  });

  it('proposes a new price: bad input is refused before sending, a good one goes for approval after a confirmation', async () => {
    await renderApp('/dashboard/phone-prices', loggedInSession(['VIEW_INVENTORY', 'ADD_STORE']));
    const ui = jsdomUi();
    const pending = within(await rowOf('Tecno Spark 2')).getByRole('button', { name: 'Propose new price' });
    expect(pending).toBeDisabled();
    await userEvent.setup().click(within(await rowOf('Tecno Spark 1')).getByRole('button', { name: 'Propose new price' }));
    const dialog = await screen.findByRole('dialog');
    await ui.fill('Deposit (TZS)', 'abc');
    await ui.click('button', 'Save');
    expect(await within(dialog).findByText('Valid Deposit (TZS) required')).toBeInTheDocument();
    expect(sent('/api/v1/phone_price/update')).toEqual([]);
    await ui.fill('Deposit (TZS)', '40000');
    await ui.fill('Retail price (TZS)', '280000');
    await ui.click('button', 'Save');
    await screen.findByRole('alertdialog');
    expect(sent('/api/v1/phone_price/update')).toEqual([]);
    await ui.click('button', 'Send for approval');
    await ui.seeText('Sent for approval. The price changes when a second person approves it.');
    expect(sent('/api/v1/phone_price/update')).toEqual([
      {
        phone_model_id: 1,
        rrp: 280_000,
        wholesale_price: 250_000,
        credit_multiplier: 1.5,
        deposit: 40_000,
        daily_payment: 2_200,
        installments: 210,
        twelve_months_payment: 38_000,
      },
    ]);
  });

  it('exports the list as CSV, paging through the server with the filter', async () => {
    server.total = 450;
    await renderApp('/dashboard/phone-prices', loggedInSession(['VIEW_INVENTORY']));
    const ui = jsdomUi();
    await ui.fill('Search', 'spark');
    await ui.click('button', 'Find');
    await ui.click('button', 'Export CSV');
    await ui.seeText('Saved 450 rows.');
    const pages = sent('/api/v1/phone_prices').filter((b) => b.limit === 200);
    expect(pages).toEqual([
      { limit: 200, skip: 0, search: 'spark' },
      { limit: 200, skip: 200, search: 'spark' },
      { limit: 200, skip: 400, search: 'spark' },
    ]);
    expect(server.files).toHaveLength(1);
    const lines = server.files[0]!.content.trim().split(/\r?\n/);
    expect(server.files[0]!.name).toBe('phone-prices.csv');
    expect(lines).toHaveLength(451);
    expect(lines[0]).toContain('Retail price (TZS)');
    expect(lines[1]).toBe('Tecno Spark 1,TEC-1,300000,250000,50000,45000,2200,15400,66000,210,507000,2026-08-01');
  });

  it('caps an export and says how much of the list it saved', async () => {
    server.total = 7000;
    await renderApp('/dashboard/phone-prices', loggedInSession(['VIEW_INVENTORY']));
    const ui = jsdomUi();
    await ui.click('button', 'Export CSV');
    await ui.seeText('Saved the first 5000 of 7000 rows: narrow the filters to export the rest.');
    expect(server.files[0]!.content.trim().split(/\r?\n/)).toHaveLength(5001);
  });
});

describe('handset status from the inventory screen', () => {
  it('changes a handset’s status with a reason after a confirmation; a sold one offers no change', async () => {
    await renderApp('/dashboard/inventory', loggedInSession(['VIEW_INVENTORY']));
    const ui = jsdomUi();
    expect(await screen.findByRole('heading', { name: 'Inventory' }, { timeout: 15_000 })).toBeInTheDocument();
    await ui.see('button', 'Change status 490154203237518');
    expect(screen.queryByRole('button', { name: 'Change status 356938035643809' })).not.toBeInTheDocument();
    await ui.click('button', 'Change status 490154203237518');
    const dialog = await screen.findByRole('dialog');
    // Only the moves its status allows are offered.
    const options = within(within(dialog).getByLabelText('New status'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Choose…', 'Damaged', 'In repair', 'Lost', 'Returned to supplier', 'Written off']);
    await ui.select('New status', 'damaged');
    await ui.click('button', 'Save');
    expect(await within(dialog).findByText('Valid Reason required')).toBeInTheDocument();
    await ui.fill('Reason', 'Screen cracked');
    await ui.click('button', 'Save');
    await screen.findByRole('alertdialog');
    expect(sent('/api/v1/inventory_item/status')).toEqual([]);
    await ui.click('button', 'Change status');
    await ui.seeText('Saved.');
    expect(sent('/api/v1/inventory_item/status')).toEqual([{ item_id: 91, status: 'damaged', reason: 'Screen cracked' }]);
  });
});

describe('IMEI exceptions tab', () => {
  it('lists where stock and lock records disagree and filters by kind on the server', async () => {
    await renderApp('/dashboard/inventory', loggedInSession(['VIEW_INVENTORY']));
    const ui = jsdomUi();
    await ui.click('tab', 'IMEI exceptions');
    const cell = await screen.findByRole('cell', { name: 'Reported stolen, yet in stock' }, { timeout: 15_000 });
    expect(cell.closest('tr')).toHaveTextContent('356938035643809');
    await ui.select('Exception', 'sold_not_enrolled');
    await waitFor(() => expect(sent('/api/v1/imei_exceptions').at(-1)).toEqual({ limit: 25, skip: 0, kind: 'sold_not_enrolled' }));
    await ui.notSee('cell', 'Reported stolen, yet in stock');
  });
});
