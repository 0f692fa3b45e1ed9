import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';

/**
 * The agents and inventory screens choose their stores with the store picker (issue 16, decision 035): every filter
 * and form reaches a store past the first 200, a filter goes back to all stores, and a form left without its store
 * says so and sends nothing. The calls are in memory; the stores list answers as the server does (searched by part
 * of a name, location or till number, a page at a time).
 */
const server = vi.hoisted(() => ({
  calls: [] as Array<{ path: string; body: any }>,
  stores: [] as any[],
}));

const store = (id: number, name: string, location = 'Mtaa wa Uhuru', till = '5123456') => ({
  id,
  name,
  region: { id: 1, name: 'Dar es Salaam' },
  store_type: 'dealer_shop',
  owner: null,
  has_owner: false,
  location,
  latitude: null,
  longitude: null,
  is_mapped: false,
  till_or_paybill: 'till',
  biller_type: 'mpesa',
  biller_number: till,
  agents: 1,
  in_stock: 1,
  created_at: '2026-01-10T07:00:00.000Z',
});
/** Two stores on the first page, then more than the old select's 200, then the stores only a search reaches. */
const manyStores = () => [
  store(3, 'Kariakoo Simu', 'Msimbazi St, Kariakoo'),
  store(4, 'Sinza Simu', 'Shekilango Rd, Sinza'),
  ...Array.from({ length: 240 }, (_, i) => store(100 + i, `Duka ${String(i + 1).padStart(3, '0')}`)),
  store(7, 'Mwanza Kati', 'Kirumba, Mwanza', '5990077'),
  store(8, 'Mbeya Soko', 'Soko Matola, Mbeya', '5880088'),
];

const agent = (id: number, name: string, at: { id: number; name: string }) => ({
  id,
  full_name: name,
  msisdn: `2557130001${id}`,
  status: 'active',
  store: at,
  is_category: 0,
  category: null,
  latitude: null,
  longitude: null,
  location_updated_at: null,
});
const AGENTS = [agent(11, 'Neema Mushi', { id: 3, name: 'Kariakoo Simu' }), agent(12, 'Asha Said', { id: 7, name: 'Mwanza Kati' })];
const handset = (id: number, imei: string, at: { id: number; name: string }) => ({
  id,
  imei,
  model: { id: 5, name: 'Tecno Spark 20 (128 GB)', brand: 'Tecno' },
  store: at,
  status: 'in_stock',
  received_at: '2026-10-01T07:00:00.000Z',
  sold_at: null,
  transfer: null,
});
const HANDSETS = [
  handset(90, '356938035643809', { id: 3, name: 'Kariakoo Simu' }),
  handset(91, '490154203237518', { id: 7, name: 'Mwanza Kati' }),
];
const page = (body: any, rows: unknown[], key = 'data') => ({ total: rows.length, limit: body.limit, skip: body.skip, [key]: rows });
const atStore = (body: any) => (row: { store: { id: number } }) => body.store_id === undefined || row.store.id === body.store_id;

vi.mock('../../src/services/http', () => ({
  call: async (route: { path: string }, options: { body?: any } = {}) => {
    const body = options.body ?? {};
    server.calls.push({ path: route.path, body });
    switch (route.path) {
      case '/api/v1/get_phone_stores': {
        const typed = String(body.search ?? '').toLowerCase();
        const rows = server.stores.filter((s) => [s.name, s.location, s.biller_number].some((v) => v.toLowerCase().includes(typed)));
        return { ...page(body, rows, 'stores'), stores: rows.slice(body.skip, body.skip + body.limit) };
      }
      case '/api/v1/agents_per_phone_store':
        return page(body, AGENTS.filter(atStore(body)));
      case '/api/v1/categories':
        return page(body, []);
      case '/api/v1/get_phone_inventory':
        return page(body, HANDSETS.filter(atStore(body)));
      case '/api/v1/phone_models':
        return { data: [{ id: 5, name: 'Tecno Spark 20 (128 GB)', brand: 'Tecno', sku: 'TEC-S20' }] };
      case '/api/v1/stock_transfers':
      case '/api/v1/stock_counts':
        return page(body, []);
      case '/api/v1/add_inventory_item':
        return handset(92, body.imei, { id: body.store_id, name: 'Mwanza Kati' });
      case '/api/v1/add_inventory_items':
        return { added: 1, results: [{ line: 1, imei: body.lines[0], outcome: 'added', id: 93 }] };
      case '/api/v1/stock_transfer/send':
        return {};
      case '/api/v1/stock_count':
        return {
          id: 5,
          store: { id: body.store_id, name: 'Duka 240' },
          counted_at: '2026-11-02T07:00:00.000Z',
          counted_by: 'Asha Mwakyusa',
          expected: 1,
          matched: 1,
          missing: [],
          unexpected: [],
          invalid: [],
        };
      default:
        throw { status: 500, message: `unexpected ${route.path}` };
    }
  },
}));

beforeEach(() => {
  server.calls = [];
  server.stores = manyStores();
});

const sent = (path: string) => server.calls.filter((c) => c.path === path).map((c) => c.body);
const rowOf = async (text: string) => (await screen.findByRole('cell', { name: text }, { timeout: 15_000 })).closest('tr')!;

/** Chooses a store with the picker labelled `label` inside `scope`, as a user does: types, then picks what was found. */
async function chooseStore(scope: HTMLElement, label: string, typed: string, name: string) {
  const user = userEvent.setup();
  const box = within(scope).getByRole('searchbox', { name: label });
  await user.clear(box);
  await user.type(box, `${typed}{Enter}`);
  const results = await within(scope).findByRole('radiogroup', { name: `${label}: matching stores` }, { timeout: 5000 });
  expect(results.closest(`#${CSS.escape(box.getAttribute('aria-controls') ?? '')}`)).not.toBeNull();
  await user.click(within(results).getByRole('radio', { name: new RegExp(`^${name}`) }));
  expect(within(scope).getByText(`Chosen: ${name}`)).toBeInTheDocument();
}

/** The filter's store picker before a search: nothing chosen meaning all stores, and no list of stores asked for yet. */
async function seeAllStores(form: HTMLElement) {
  expect(await within(form).findByText('No store chosen: all stores.')).toBeInTheDocument();
  expect(within(form).queryByRole('radiogroup', { name: 'Store: matching stores' })).not.toBeInTheDocument();
  // The search box names no list while there is none (axe: aria-controls must name an element of the page).
  expect(within(form).getByRole('searchbox', { name: 'Store' })).not.toHaveAttribute('aria-controls');
  expect(sent('/api/v1/get_phone_stores')).toEqual([]);
}

/** No store list asks for the old select's first 200: each asks for the picker's page. */
const onlyPickerPages = () => expect(sent('/api/v1/get_phone_stores').every((b) => b.limit === 8)).toBe(true);

describe('the agents filter', () => {
  it('finds a store past the 200th by part of its name, lists its agents, and goes back to all stores', async () => {
    await renderApp('/dashboard/agents', loggedInSession(['VIEW_STORES']));
    const user = userEvent.setup();
    await rowOf('Neema Mushi');
    const form = screen.getByRole('search', { name: 'Agents' });
    await seeAllStores(form);

    await chooseStore(form, 'Store', 'mwanza', 'Mwanza Kati');
    expect(sent('/api/v1/get_phone_stores').at(-1)).toEqual({ limit: 8, skip: 0, search: 'mwanza' });
    await user.click(within(form).getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(sent('/api/v1/agents_per_phone_store').at(-1)).toEqual({ limit: 25, skip: 0, store_id: 7 }));
    expect(await rowOf('Asha Said')).toHaveTextContent('Mwanza Kati');
    expect(screen.queryByRole('cell', { name: 'Neema Mushi' })).not.toBeInTheDocument();

    // Back to all stores: the choice goes, the keyboard stays in the picker, and the list is asked without a store.
    await user.click(within(form).getByRole('button', { name: 'Back to all stores' }));
    expect(within(form).getByText('No store chosen: all stores.')).toBeInTheDocument();
    expect(within(form).getByRole('searchbox', { name: 'Store' })).toHaveFocus();
    expect(within(form).queryByRole('radio', { checked: true })).not.toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Back to all stores' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(sent('/api/v1/agents_per_phone_store').at(-1)).toEqual({ limit: 25, skip: 0 }));
    expect(await rowOf('Neema Mushi')).toBeInTheDocument();
    onlyPickerPages();
  });
});

describe('the inventory screen’s stores', () => {
  it('filters the handsets by a store found by its location, then goes back to all stores', async () => {
    await renderApp('/dashboard/inventory', loggedInSession(['VIEW_INVENTORY']));
    const user = userEvent.setup();
    await rowOf('356938035643809');
    const form = screen.getByRole('search', { name: 'Inventory' });
    await seeAllStores(form);

    await chooseStore(form, 'Store', 'kirumba', 'Mwanza Kati');
    await user.click(within(form).getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(sent('/api/v1/get_phone_inventory').at(-1)).toEqual({ limit: 25, skip: 0, store_id: 7 }));
    expect(await rowOf('490154203237518')).toHaveTextContent('Mwanza Kati');
    expect(screen.queryByRole('cell', { name: '356938035643809' })).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Back to all stores' }));
    await user.click(within(form).getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(sent('/api/v1/get_phone_inventory').at(-1)).toEqual({ limit: 25, skip: 0 }));
    expect(await rowOf('356938035643809')).toBeInTheDocument();
    onlyPickerPages();
  });

  it('adds one handset: without a store the field says so and nothing is sent; a store found by its till number is', async () => {
    await renderApp('/dashboard/inventory', loggedInSession(['VIEW_INVENTORY']));
    const user = userEvent.setup();
    await rowOf('356938035643809');
    await user.click(screen.getByRole('button', { name: 'Add handset' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Model'), '5');
    await user.type(within(dialog).getByLabelText('IMEI'), '352099001761481');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Valid Store required')).toBeInTheDocument();
    expect(sent('/api/v1/add_inventory_item')).toEqual([]);

    await chooseStore(dialog, 'Store', '5990077', 'Mwanza Kati');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('/api/v1/add_inventory_item')).toEqual([{ store_id: 7, phone_model_id: 5, imei: '352099001761481' }]));
    onlyPickerPages();
  });

  it('adds a batch: without a store the field says so and nothing is sent; a store past the 200th is', async () => {
    await renderApp('/dashboard/inventory', loggedInSession(['VIEW_INVENTORY']));
    const ui = jsdomUi();
    const user = userEvent.setup();
    await rowOf('356938035643809');
    await ui.click('button', 'Add a batch');
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Model'), '5');
    await user.type(within(dialog).getByLabelText('IMEIs, one a line'), '352099001761481');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Valid Store required')).toBeInTheDocument();
    expect(sent('/api/v1/add_inventory_items')).toEqual([]);

    await chooseStore(dialog, 'Store', 'mbeya', 'Mbeya Soko');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await ui.seeText('1 handset added.');
    expect(sent('/api/v1/add_inventory_items')).toEqual([{ store_id: 8, phone_model_id: 5, lines: ['352099001761481'] }]);
  });

  it('sends a transfer between two stores found by searching; each store left empty is refused before sending', async () => {
    await renderApp('/dashboard/inventory', loggedInSession(['VIEW_INVENTORY']));
    const ui = jsdomUi();
    const user = userEvent.setup();
    await ui.click('tab', 'Transfers');
    await ui.click('button', 'Send handsets');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('radiogroup', { name: 'From: matching stores' }, { timeout: 5000 });
    await within(dialog).findByRole('radiogroup', { name: 'To: matching stores' }, { timeout: 5000 });
    await user.type(within(dialog).getByLabelText('IMEIs to send, one a line'), '356938035643809');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Valid From store required')).toBeInTheDocument();
    expect(within(dialog).getByText('Valid To store required')).toBeInTheDocument();
    expect(sent('/api/v1/stock_transfer/send')).toEqual([]);

    await chooseStore(dialog, 'From', 'kariakoo', 'Kariakoo Simu');
    await chooseStore(dialog, 'To', 'duka 240', 'Duka 240');
    // Each picker keeps its own choice.
    expect(within(dialog).getByText('Chosen: Kariakoo Simu')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send handsets' }));
    await ui.seeText('Saved.');
    expect(sent('/api/v1/stock_transfer/send')).toEqual([{ from_store_id: 3, to_store_id: 339, imeis: ['356938035643809'] }]);
  });

  it('counts a shelf at a store found by searching; without a store nothing is sent', async () => {
    await renderApp('/dashboard/inventory', loggedInSession(['VIEW_INVENTORY']));
    const ui = jsdomUi();
    const user = userEvent.setup();
    await ui.click('tab', 'Stock counts');
    await ui.click('button', 'Count a shelf');
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('IMEIs on the shelf, one a line'), '356938035643809');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Valid Store required')).toBeInTheDocument();
    expect(sent('/api/v1/stock_count')).toEqual([]);

    await chooseStore(dialog, 'Store', 'duka 240', 'Duka 240');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await ui.seeText('1 of 1 expected handsets found.');
    expect(sent('/api/v1/stock_count')).toEqual([{ store_id: 339, lines: ['356938035643809'] }]);
  });
});
