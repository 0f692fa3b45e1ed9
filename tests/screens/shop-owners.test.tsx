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
  stores: [] as any[],
  fail: false,
  storesFail: false,
  /** While set, the stores list answers only when it resolves (the picker's searching state). */
  storesHeld: null as Promise<void> | null,
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
    if (route.path === '/api/v1/get_phone_stores') {
      if (server.storesHeld) await server.storesHeld;
      if (server.storesFail) throw { status: 503, message: 'down' };
      // The stores list as the server answers it: searched by part of a name, of the type asked, a page at a time.
      const rows = server.stores.filter(
        (st) =>
          (!body.search || st.name.toLowerCase().includes(body.search.toLowerCase())) &&
          (!body.store_type || st.store_type === body.store_type),
      );
      return { total: rows.length, limit: body.limit, skip: body.skip, stores: rows.slice(body.skip, body.skip + body.limit) };
    }
    if (route.path === '/api/v1/shop_owner/link_store') return { id: 77, kind: 'shop_owner_link', status: 'submitted' };
    throw { status: 500, message: `unexpected ${route.path}` };
  },
}));

/** More dealer shops than one page of the old select (200) held, a main shop, and a shop owner 1 already owns. */
const manyStores = () => [
  store(12, 'Duka la Baraka', 'dealer_shop', { id: 1, name: 'Owner 1' }),
  store(13, 'Main Shop Arusha', 'main_shop'),
  ...Array.from({ length: 240 }, (_, i) => store(100 + i, `Dealer ${String(i + 1).padStart(3, '0')}`, 'dealer_shop')),
  store(11, 'Duka la Neema', 'dealer_shop'),
  store(14, 'Duka la Zawadi', 'dealer_shop', { id: 2, name: 'Baraka Mushi' }),
];

beforeEach(() => {
  server.calls = [];
  server.fail = false;
  server.storesFail = false;
  server.storesHeld = null;
  server.stores = manyStores();
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

  it('proposes an owner for a dealer shop found on the server, past the first 200, after a confirmation', async () => {
    await renderApp('/dashboard/shop-owners', loggedInSession(['VIEW_STORES', 'ADD_STORE']));
    const ui = jsdomUi();
    const user = userEvent.setup();
    await user.click(within(await rowOf('Chausiku Lema')).getByRole('button', { name: 'Propose as a store owner' }));
    const dialog = await screen.findByRole('dialog');
    // The first page of dealer shops only: main shops are never asked for.
    const results = await within(dialog).findByRole('radiogroup', { name: 'Store: matching stores' }, { timeout: 15_000 });
    expect(within(results).getAllByRole('radio')).toHaveLength(8);
    expect(within(dialog).getByText('1–8 of 243')).toBeInTheDocument();
    expect(sent('/api/v1/get_phone_stores').at(-1)).toEqual({ limit: 8, skip: 0, store_type: 'dealer_shop' });
    expect(within(dialog).queryByText(/Main Shop Arusha/)).not.toBeInTheDocument();
    // Nothing chosen: refused before sending.
    await ui.click('button', 'Save');
    expect(await within(dialog).findByText('Valid Store required')).toBeInTheDocument();
    // A shop beyond what the old select listed is found by typing part of its name.
    await ui.fill('Store', 'neema');
    const neema = await within(dialog).findByRole('radio', { name: /^Duka la Neema/ }, { timeout: 15_000 });
    expect(sent('/api/v1/get_phone_stores').at(-1)).toEqual({ limit: 8, skip: 0, store_type: 'dealer_shop', search: 'neema' });
    await user.click(neema);
    expect(within(dialog).getByText('Chosen: Duka la Neema')).toBeInTheDocument();
    await ui.click('button', 'Save');
    await screen.findByRole('alertdialog');
    expect(sent('/api/v1/shop_owner/link_store')).toEqual([]);
    await ui.click('button', 'Send for approval');
    await ui.seeText('Sent for approval. The store gets its new owner when a second person approves it.');
    expect(sent('/api/v1/shop_owner/link_store')).toEqual([{ shop_owner_id: 1, store_id: 11 }]);
  });
});

describe('the store picker of the link form', () => {
  const openLinkForm = async () => {
    await renderApp('/dashboard/shop-owners', loggedInSession(['VIEW_STORES', 'ADD_STORE']));
    await userEvent.setup().click(within(await rowOf('Chausiku Lema')).getByRole('button', { name: 'Propose as a store owner' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('radiogroup', {}, { timeout: 15_000 });
    return dialog;
  };

  it('is used from the keyboard: Enter searches without sending the form, the arrow keys choose, pages go on', async () => {
    const dialog = await openLinkForm();
    const user = userEvent.setup();
    const input = within(dialog).getByRole('searchbox', { name: 'Store' });
    await user.click(input);
    let answer = () => {};
    server.storesHeld = new Promise((resolve) => (answer = resolve));
    await user.keyboard('dealer 2{Enter}');
    // Enter searched at once (no wait for a pause in typing) and did not send the form.
    expect(await within(dialog).findByText('Searching…')).toBeInTheDocument();
    answer();
    expect(await within(dialog).findByText('1–8 of 41', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(within(dialog).queryByText('Valid Store required')).not.toBeInTheDocument();
    expect(sent('/api/v1/shop_owner/link_store')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const second = await within(dialog).findByText('9–16 of 41', {}, { timeout: 15_000 });
    expect(second).toBeInTheDocument();
    expect(sent('/api/v1/get_phone_stores').at(-1)).toEqual({ limit: 8, skip: 8, store_type: 'dealer_shop', search: 'dealer 2' });
    // Tab into the stores, then the arrow keys move the choice.
    const first = within(dialog).getByRole('radio', { name: /^Dealer 208/ });
    first.focus();
    await user.keyboard(' ');
    expect(within(dialog).getByText('Chosen: Dealer 208')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(await within(dialog).findByText('Chosen: Dealer 209')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /^Dealer 209/ })).toBeChecked();
  });

  it('says when nothing matches, shows a store the owner already has as not to be chosen, and retries a failed search', async () => {
    const dialog = await openLinkForm();
    const ui = jsdomUi();
    await ui.fill('Store', 'nowhere');
    expect(await within(dialog).findByText('No store matches “nowhere”.', {}, { timeout: 15_000 })).toBeInTheDocument();
    await ui.fill('Store', 'duka');
    const own = await within(dialog).findByRole('radio', { name: /^Duka la Baraka \(now Owner 1\).*already theirs/ }, { timeout: 15_000 });
    expect(own).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /^Duka la Zawadi \(now Baraka Mushi\)/ })).toBeEnabled();
    server.storesFail = true;
    await ui.fill('Store', 'zawadi');
    const failed = await within(dialog).findByRole('alert', {}, { timeout: 15_000 });
    expect(failed).toHaveTextContent('Could not load data');
    server.storesFail = false;
    await userEvent.setup().click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByRole('radio', { name: /^Duka la Zawadi/ }, { timeout: 15_000 })).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});
