import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';

/** The shop owners screen (issue 12, decision 026) over the calls in memory. */
const server = vi.hoisted(() => ({
  calls: [] as Array<{ path: string; body: any }>,
  owners: [] as any[],
  fail: false,
}));

const owner = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  full_name: `Owner ${id}`,
  msisdn: `25575430090${id}`,
  username: null,
  stores: [],
  pending_stores: [],
  created_at: '2026-10-01T07:00:00.000Z',
  ...over,
});
const store = (id: number, name: string, type: string, ownedBy: { id: number; name: string } | null = null) => ({
  id,
  name,
  region: { id: 1, name: 'Arusha' },
  store_type: type,
  owner: ownedBy && { ...ownedBy, msisdn: '255754300900' },
  has_owner: ownedBy !== null,
  location: 'Mtaa wa Uhuru',
  latitude: null,
  longitude: null,
  is_mapped: false,
  till_or_paybill: 'till',
  biller_type: 'mpesa',
  biller_number: '5123456',
  agents: 0,
  in_stock: 0,
  created_at: '2026-10-01T07:00:00.000Z',
});

vi.mock('../../src/services/http', () => ({
  call: async (route: { path: string }, options: { body?: any } = {}) => {
    const body = options.body ?? {};
    server.calls.push({ path: route.path, body });
    if (route.path === '/api/v1/get_shop_owners') {
      if (server.fail) throw { status: 503, message: 'down' };
      const rows = server.owners.filter((o) => !body.search || o.full_name.toLowerCase().includes(body.search.toLowerCase()));
      return { total: rows.length, limit: body.limit, skip: body.skip, data: rows };
    }
    if (route.path === '/api/v1/create_shop_owner') {
      if (body.msisdn === '255754300901')
        throw { status: 400, message: 'Invalid input', fields: { msisdn: 'a shop owner has this phone number' } };
      const made = owner(9, { full_name: body.full_name, msisdn: body.msisdn, username: body.username ?? null });
      server.owners.push(made);
      return made;
    }
    if (route.path === '/api/v1/get_phone_stores')
      return {
        total: 3,
        limit: 200,
        skip: 0,
        stores: [
          store(11, 'Duka la Neema', 'dealer_shop'),
          store(12, 'Duka la Baraka', 'dealer_shop', { id: 1, name: 'Owner 1' }),
          store(13, 'Main Shop Arusha', 'main_shop'),
        ],
      };
    if (route.path === '/api/v1/shop_owner/link_store') return { id: 77, kind: 'shop_owner_link', status: 'submitted' };
    throw { status: 500, message: `unexpected ${route.path}` };
  },
}));

beforeEach(() => {
  server.calls = [];
  server.fail = false;
  server.owners = [
    owner(1, { full_name: 'Chausiku Lema', username: 'shopowner', stores: [{ id: 12, name: 'Duka la Baraka' }] }),
    owner(2, { full_name: 'Baraka Mushi', pending_stores: [{ id: 11, name: 'Duka la Neema', request_id: 70 }] }),
  ];
});

const sent = (path: string) => server.calls.filter((c) => c.path === path).map((c) => c.body);
const rowOf = async (text: string) => (await screen.findByText(text, {}, { timeout: 15_000 })).closest('tr')!;

describe('shop owners screen', () => {
  it('lists owners with their stores and pending links; without ADD_STORE nothing can be changed', async () => {
    await renderApp('/dashboard/shop-owners', loggedInSession(['VIEW_STORES']));
    expect(await screen.findByRole('heading', { name: 'Shop owners' }, { timeout: 15_000 })).toBeInTheDocument();
    const lema = await rowOf('Chausiku Lema');
    expect(within(lema).getByRole('link', { name: 'Duka la Baraka' })).toHaveAttribute('href', '/dashboard/stores/12');
    expect(lema).toHaveTextContent('shopowner');
    expect(lema).toHaveTextContent('0754 300 901');
    expect(await rowOf('Baraka Mushi')).toHaveTextContent('Duka la Neema (awaiting approval)');
    expect(screen.queryByRole('button', { name: 'New shop owner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Propose as a store owner' })).not.toBeInTheDocument();
  });

  it('searches on the server, says when nothing matches, and offers a retry when the list fails', async () => {
    await renderApp('/dashboard/shop-owners', loggedInSession(['VIEW_STORES']));
    const ui = jsdomUi();
    await rowOf('Chausiku Lema');
    await ui.fill('Search', 'nobody');
    await ui.click('button', 'Find');
    expect(await screen.findByText('Nothing here yet', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(sent('/api/v1/get_shop_owners').at(-1)).toMatchObject({ search: 'nobody' });
    server.fail = true;
    await ui.fill('Search', 'lema');
    await ui.click('button', 'Find');
    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('creates an owner: bad input is refused before sending, the server’s refusal names the field', async () => {
    await renderApp('/dashboard/shop-owners', loggedInSession(['VIEW_STORES', 'ADD_STORE']));
    const ui = jsdomUi();
    await ui.click('button', 'New shop owner');
    const dialog = await screen.findByRole('dialog');
    await ui.fill('Full name', 'Asha Said');
    await ui.fill('Phone number', '12345');
    await ui.click('button', 'Save');
    expect(await within(dialog).findByText('Valid Phone number required')).toBeInTheDocument();
    expect(sent('/api/v1/create_shop_owner')).toEqual([]);
    await ui.fill('Phone number', '0754 300 901');
    await ui.click('button', 'Save');
    expect(await within(dialog).findByText(/a shop owner has this phone number/)).toBeInTheDocument();
    await ui.fill('Phone number', '0655 123 456');
    await ui.fill('Portal username (optional)', 'asha');
    await ui.click('button', 'Save');
    expect(await rowOf('Asha Said')).toHaveTextContent('No store yet');
    expect(sent('/api/v1/create_shop_owner').at(-1)).toEqual({ full_name: 'Asha Said', msisdn: '255655123456', username: 'asha' });
  });

  it('proposes an owner for a dealer shop after a confirmation; main shops and their own stores are not offered', async () => {
    await renderApp('/dashboard/shop-owners', loggedInSession(['VIEW_STORES', 'ADD_STORE']));
    const ui = jsdomUi();
    await userEvent.setup().click(within(await rowOf('Chausiku Lema')).getByRole('button', { name: 'Propose as a store owner' }));
    const dialog = await screen.findByRole('dialog');
    const select = within(dialog).getByLabelText('Store');
    await within(select).findByRole('option', { name: 'Duka la Neema' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Duka la Neema']);
    await ui.click('button', 'Save');
    expect(await within(dialog).findByText('Valid Store required')).toBeInTheDocument();
    await userEvent.setup().selectOptions(select, 'Duka la Neema');
    await ui.click('button', 'Save');
    await screen.findByRole('alertdialog');
    expect(sent('/api/v1/shop_owner/link_store')).toEqual([]);
    await ui.click('button', 'Send for approval');
    await ui.seeText('Sent for approval. The store gets its new owner when a second person approves it.');
    expect(sent('/api/v1/shop_owner/link_store')).toEqual([{ shop_owner_id: 1, store_id: 11 }]);
  });
});
