import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';

/** The stores area's calls, in memory: what was asked, and canned answers per path (or a refusal for the next call). */
const server = vi.hoisted(() => ({
  calls: [] as Array<{ path: string; body: any }>,
  refuseNext: null as null | { path: string; failure: object },
}));

const store = (over: Record<string, unknown> = {}) => ({
  id: 3,
  name: 'Kariakoo Simu',
  region: { id: 1, name: 'Dar es Salaam' },
  store_type: 'dealer_shop',
  owner: { id: 2, name: 'Chausiku Lema', msisdn: '255754000003' },
  has_owner: true,
  location: 'Msimbazi St, Kariakoo',
  latitude: -6.8162,
  longitude: 39.2803,
  is_mapped: true,
  till_or_paybill: 'till',
  biller_type: 'mpesa',
  biller_number: '5123456',
  agents: 2,
  in_stock: 14,
  created_at: '2026-01-10T07:00:00.000Z',
  ...over,
});
const agent = (over: Record<string, unknown> = {}) => ({
  id: 11,
  full_name: 'Neema Mushi',
  msisdn: '255713000111',
  status: 'active',
  store: { id: 3, name: 'Kariakoo Simu' },
  is_category: 0,
  category: null,
  latitude: null,
  longitude: null,
  location_updated_at: null,
  ...over,
});
const region = { id: 1, name: 'Dar es Salaam', territory: 'Coast', lead: null, stores: 6, created_at: '2025-01-01T07:00:00.000Z' };
const category = { id: 2, name: 'Gold', status: 'active', date_created: '2025-02-01T07:00:00.000Z', agents: 4 };
const page = (key: string, rows: unknown[]) => ({ total: rows.length, limit: 25, skip: 0, [key]: rows });
const estimatedPage = (key: string, rows: unknown[]) => ({ total: 1_002_345, total_estimated: true, limit: 25, skip: 0, [key]: rows });

const ANSWERS: Record<string, (body: any) => unknown> = {
  '/api/v1/get_phone_stores': (b) =>
    page('stores', b.search === 'nothing' ? [] : [store(), store({ id: 4, name: 'Sinza Simu', has_owner: false, owner: null })]),
  '/api/v1/get_regions': () => page('regions', [region]),
  '/api/v1/categories': () => page('data', [category]),
  '/api/v1/agents_per_phone_store': () =>
    page('data', [agent(), agent({ id: 12, full_name: 'Juma Ally', is_category: 1, category: { id: 2, name: 'Gold' } })]),
  '/api/v1/phone_models': () => ({ data: [{ id: 5, name: 'Tecno Spark 20 (128 GB)', brand: 'Tecno', sku: 'TEC-S20' }] }),
  // Head office's whole inventory answers the server's estimate of its size (issue 16); a filter, an exact count.
  '/api/v1/get_phone_inventory': (b) =>
    (Object.keys(b).some((k) => k !== 'limit' && k !== 'skip') ? page : estimatedPage)('data', [
      {
        id: 90,
        imei: '356938035643809',
        model: { id: 5, name: 'Tecno Spark 20 (128 GB)', brand: 'Tecno' },
        store: { id: 3, name: 'Kariakoo Simu' },
        status: 'in_transit',
        received_at: '2026-10-01T07:00:00.000Z',
        sold_at: null,
        transfer: { id: 7, to_store: 'Sinza Simu' },
      },
    ]),
  '/api/v1/stock_transfers': () =>
    page('data', [
      {
        id: 7,
        from_store: { id: 3, name: 'Kariakoo Simu' },
        to_store: { id: 4, name: 'Sinza Simu' },
        status: 'in_transit',
        imeis: ['356938035643809', '490154203237518'],
        note: null,
        sent_by: 'Chausiku Lema',
        sent_at: '2026-11-01T07:00:00.000Z',
        received_by: null,
        received_at: null,
      },
    ]),
  '/api/v1/stock_counts': () => page('data', []),
  '/api/v1/phone_store': () => ({
    store: store(),
    stock: [
      { phone_model_id: 5, model: 'Tecno Spark 20 (128 GB)', status: 'in_stock', count: 12 },
      { phone_model_id: 5, model: 'Tecno Spark 20 (128 GB)', status: 'sold', count: 30 },
    ],
    sales: { active_loans: 28, sold_last_30_days: 6, in_arrears: 3, arrears_amount: 45000 },
  }),
  '/api/v1/region_lead_history': () => ({ data: [] }),
  '/api/v1/create_phone_store': (b) => store({ id: 9, ...b, region: { id: b.region_id, name: 'Dar es Salaam' } }),
  '/api/v1/update_agent_location': (b) => agent({ latitude: b.latitude, longitude: b.longitude }),
  '/api/v1/classify/agent': (b) => agent({ is_category: 1, category: { id: b.category_id, name: 'Gold' } }),
  '/api/v1/add_region_lead': () => region,
  '/api/v1/category/create': (b) => ({ ...category, id: 3, name: b.name }),
  '/api/v1/category/update': (b) => ({ ...category, status: b.status ?? 'active' }),
  '/api/v1/add_inventory_items': () => ({
    added: 1,
    results: [
      { line: 1, imei: '356938035643809', outcome: 'added', id: 91 },
      { line: 2, imei: '12345', outcome: 'invalid', id: null },
    ],
  }),
  '/api/v1/stock_transfer/receive': () => ({}),
};

vi.mock('../../src/services/http', () => ({
  call: async (route: { path: string }, options: { body?: any } = {}) => {
    server.calls.push({ path: route.path, body: options.body });
    if (server.refuseNext?.path === route.path) {
      const { failure } = server.refuseNext;
      server.refuseNext = null;
      throw failure;
    }
    const answer = ANSWERS[route.path];
    if (!answer) throw { status: 500, message: `unexpected ${route.path}` };
    return answer(options.body ?? {});
  },
}));

beforeEach(() => {
  server.calls = [];
  server.refuseNext = null;
});

const sent = (path: string) => server.calls.filter((c) => c.path === path).map((c) => c.body);
const rowOf = async (text: string) => (await screen.findByRole('cell', { name: text }, { timeout: 5000 })).closest('tr')!;
/** Chooses in the open dialog's select (the filters above it have fields of the same name). */
async function selectInDialog(label: string, value: string) {
  const { default: userEvent } = await import('@testing-library/user-event');
  const dialog = await screen.findByRole('dialog');
  await userEvent.setup().selectOptions(within(dialog).getByLabelText(label), value);
}
/** Chooses a store in the open dialog's store picker as a user does: types part of its name, then picks it. */
async function chooseStoreInDialog(label: string, typed: string, name: string) {
  const { default: userEvent } = await import('@testing-library/user-event');
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByRole('searchbox', { name: label }), `${typed}{Enter}`);
  const results = await within(dialog).findByRole('radiogroup', { name: `${label}: matching stores` }, { timeout: 5000 });
  await user.click(within(results).getByRole('radio', { name: new RegExp(`^${name}`) }));
  expect(within(dialog).getByText(`Chosen: ${name}`)).toBeInTheDocument();
}

describe('stores screen', () => {
  it('lists stores and sends the filters to the server', async () => {
    await renderApp('/dashboard/stores', loggedInSession(['VIEW_STORES']));
    const ui = jsdomUi();
    // The first screen of the file waits for the area's chunk and strings.
    expect(await screen.findByRole('heading', { name: 'Stores' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Kariakoo Simu' })).toHaveAttribute('href', '/dashboard/stores/3');
    expect(screen.queryByRole('button', { name: 'Create store' })).not.toBeInTheDocument();
    // Without VIEW_REGIONS (a shop owner) the regions are neither asked for (get_regions would refuse) nor a filter.
    expect(sent('/api/v1/get_regions')).toEqual([]);
    expect(screen.queryByLabelText('Region')).not.toBeInTheDocument();
    await ui.fill('Search', 'sinza');
    await ui.select('Store type', 'main_shop');
    await ui.select('Mapped', 'false');
    await ui.click('button', 'Find');
    await waitFor(() =>
      expect(sent('/api/v1/get_phone_stores').at(-1)).toEqual({
        limit: 25,
        skip: 0,
        search: 'sinza',
        store_type: 'main_shop',
        is_mapped: false,
      }),
    );
  });

  it('creates a store with ADD_STORE: a bad position is refused before sending, a good one is sent', async () => {
    await renderApp('/dashboard/stores', loggedInSession(['VIEW_STORES', 'ADD_STORE']));
    const ui = jsdomUi();
    await ui.click('button', 'Create store');
    const dialog = await screen.findByRole('dialog');
    await ui.fill('Name', 'Mlimani Simu');
    await selectInDialog('Region', '1');
    await ui.fill('Location', 'Sam Nujoma Rd');
    await ui.fill('Latitude (decimal degrees)', '51.5');
    await ui.fill('Longitude (decimal degrees)', '39.2');
    await ui.fill('Biller number', '5554321');
    await ui.click('button', 'Save');
    expect(await within(dialog).findByText('Valid Latitude (decimal degrees) required')).toBeInTheDocument();
    expect(sent('/api/v1/create_phone_store')).toEqual([]);
    await ui.fill('Latitude (decimal degrees)', '-6.77');
    await ui.click('button', 'Save');
    await waitFor(() =>
      expect(sent('/api/v1/create_phone_store')).toEqual([
        {
          name: 'Mlimani Simu',
          region_id: 1,
          store_type: 'dealer_shop',
          location: 'Sam Nujoma Rd',
          latitude: -6.77,
          longitude: 39.2,
          till_or_paybill: 'till',
          biller_type: 'mpesa',
          biller_number: '5554321',
        },
      ]),
    );
  });

  it("shows the server's refusal naming the field", async () => {
    server.refuseNext = {
      path: '/api/v1/create_phone_store',
      failure: { status: 400, message: 'Invalid', fields: { region_id: 'no such region' } },
    };
    await renderApp('/dashboard/stores', loggedInSession(['VIEW_STORES', 'ADD_STORE']));
    const ui = jsdomUi();
    await ui.click('button', 'Create store');
    await ui.fill('Name', 'Mlimani Simu');
    await selectInDialog('Region', '1');
    await ui.fill('Location', 'Sam Nujoma Rd');
    await ui.fill('Biller number', '5554321');
    await ui.click('button', 'Save');
    await ui.seeAlert('Region: no such region');
  });

  it('shows an empty state', async () => {
    await renderApp('/dashboard/stores', loggedInSession(['VIEW_STORES']));
    const ui = jsdomUi();
    await ui.fill('Search', 'nothing');
    await ui.click('button', 'Find');
    await ui.seeText('Nothing here yet');
  });
});

describe('store profile', () => {
  it('shows details, stock by model and status, sales, and updates an agent location', async () => {
    await renderApp('/dashboard/stores/3', loggedInSession(['VIEW_STORES', 'UPDATE_AGENT_LOCATION']));
    const ui = jsdomUi();
    await ui.see('heading', 'Kariakoo Simu');
    await ui.seeText('Chausiku Lema (255754000003)');
    const stock = await screen.findByRole('region', { name: 'Stock by model and status' });
    expect(within(stock).getByRole('row', { name: /Tecno Spark 20/ })).toHaveTextContent('1230');
    expect(screen.queryByRole('button', { name: 'Update location' })).not.toBeInTheDocument();
    const row = await rowOf('Neema Mushi');
    expect(row).toHaveTextContent('Unassigned');
    await userClick(within(row).getByRole('button', { name: 'Update agent location' }));
    await ui.fill('Latitude (decimal degrees)', '-6.8');
    await ui.fill('Longitude (decimal degrees)', '39.25');
    await ui.click('button', 'Save');
    await ui.seeText('Saved.');
    expect(sent('/api/v1/update_agent_location')).toEqual([{ agent_id: 11, latitude: -6.8, longitude: 39.25 }]);
    expect(sent('/api/v1/agents_per_phone_store')[0]).toMatchObject({ store_id: 3 });
  });
});

describe('regions', () => {
  it('adds a region lead after a confirmation', async () => {
    await renderApp('/dashboard/regions', loggedInSession(['VIEW_REGIONS', 'ADD_REGION_LEAD']));
    const ui = jsdomUi();
    const row = await rowOf('Dar es Salaam');
    await userClick(within(row).getByRole('button', { name: 'Add region lead' }));
    await ui.fill('Username', 'regionlead');
    await ui.click('button', 'Save');
    await screen.findByRole('alertdialog');
    expect(sent('/api/v1/add_region_lead')).toEqual([]);
    await ui.click('button', 'Add region lead');
    await ui.seeText('Saved.');
    expect(sent('/api/v1/add_region_lead')).toEqual([{ region_id: 1, username: 'regionlead' }]);
  });
});

describe('agents', () => {
  it('shows Unassigned for agents without a category and classifies one', async () => {
    await renderApp('/dashboard/agents', loggedInSession(['VIEW_STORES', 'VIEW_AGENT_CATEGORIES']));
    const ui = jsdomUi();
    expect(await rowOf('Neema Mushi')).toHaveTextContent('Unassigned');
    expect(await rowOf('Juma Ally')).toHaveTextContent('Gold');
    await userClick(within(await rowOf('Neema Mushi')).getByRole('button', { name: 'Classify' }));
    await selectInDialog('Category', '2');
    await ui.click('button', 'Save');
    await ui.seeText('Saved.');
    expect(sent('/api/v1/classify/agent')).toEqual([{ agent_id: 11, category_id: 2 }]);
  });
});

describe('agent categories', () => {
  it('creates and deactivates a category', async () => {
    await renderApp('/dashboard/agents_categories', loggedInSession(['VIEW_AGENT_CATEGORIES']));
    const ui = jsdomUi();
    await ui.see('heading', 'Agent categories');
    await ui.click('button', 'Create category');
    await ui.fill('Name', 'Diamond');
    await ui.click('button', 'Save');
    await waitFor(() => expect(sent('/api/v1/category/create')).toEqual([{ name: 'Diamond' }]));
    await userClick(within(await rowOf('Gold')).getByRole('button', { name: 'Deactivate' }));
    await ui.seeText(/Deactivate Gold\? Its 4 agents keep it/);
    await userClick(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    await ui.seeText('Saved.');
    expect(sent('/api/v1/category/update')).toEqual([{ category_id: 2, status: 'inactive' }]);
  });
});

describe('inventory', () => {
  it('lists handsets by IMEI with the transfer they travel in', async () => {
    await renderApp('/dashboard/inventory', loggedInSession(['VIEW_INVENTORY']));
    const row = await rowOf('356938035643809');
    expect(row).toHaveTextContent('Tecno Spark 20 (128 GB)');
    expect(row).toHaveTextContent('In transit');
    expect(row).toHaveTextContent('to Sinza Simu');
  });

  it('says "about" of an estimated total, and the page that comes back short is the last', async () => {
    await renderApp('/dashboard/inventory', loggedInSession(['VIEW_INVENTORY']));
    await rowOf('356938035643809');
    const ui = jsdomUi();
    await ui.seeText('1–1 of about 1002345');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('adds a pasted batch and shows a result per line', async () => {
    await renderApp('/dashboard/inventory', loggedInSession(['VIEW_INVENTORY']));
    const ui = jsdomUi();
    await ui.click('button', 'Add a batch');
    await chooseStoreInDialog('Store', 'kariakoo', 'Kariakoo Simu');
    await selectInDialog('Model', '5');
    await ui.fill('IMEIs, one a line', '356938035643809{enter}12345');
    await ui.click('button', 'Save');
    await ui.seeText('1 handset added.');
    await ui.seeText('Line 2: 12345, not a valid IMEI');
    expect(sent('/api/v1/add_inventory_items')).toEqual([{ store_id: 3, phone_model_id: 5, lines: ['356938035643809', '12345'] }]);
  });

  it('receives a transfer in transit', async () => {
    await renderApp('/dashboard/inventory', loggedInSession(['VIEW_INVENTORY']));
    const ui = jsdomUi();
    await ui.click('tab', 'Transfers');
    await userClick(within(await rowOf('Sinza Simu')).getByRole('button', { name: 'Receive' }));
    await ui.seeText('2 handsets from Kariakoo Simu arrive at Sinza Simu:');
    await userClick(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Receive' }));
    await ui.seeText('Saved.');
    expect(sent('/api/v1/stock_transfer/receive')).toEqual([{ transfer_id: 7 }]);
  });
});

async function userClick(element: HTMLElement) {
  const { default: userEvent } = await import('@testing-library/user-event');
  await userEvent.setup().click(element);
}
