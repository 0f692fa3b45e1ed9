import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { i18n } from '../../src/i18n';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';

/** The device-list calls, in memory: what was asked, and what the next answer is (rows, a failure, or a wait). */
const server = vi.hoisted(() => ({
  calls: [] as Array<{ path: string; body: any }>,
  failNext: null as null | object,
  hold: null as null | Promise<void>,
  total: 1,
}));

const base = (over: Record<string, unknown> = {}) => ({
  id: 7,
  imei: '356938035643809',
  device_name: 'itel A70',
  is_locked: true,
  customer: { id: 9, msisdn: '255754123456', name: 'Zainabu Hassani Doto' },
  loan_number: 'LN000123',
  reported_by: null,
  notes: null,
  ...over,
});
const rows: Record<string, unknown[]> = {
  '/api/v1/damaged_devices': [
    base({ is_locked: false, damaged_on: '2026-10-30', service_centre: 'Kariakoo Service Centre', repair_reason: 'Cracked screen' }),
  ],
  '/api/v1/lost_devices': [base({ date_lost: '2026-10-20', notes: 'Lost on the ferry', reported_by: 'Grace Mollel' })],
  '/api/v1/suspended_imeis': [base({ reason: 'stolen', since: '2026-11-01', reported_by: 'Grace Mollel' })],
};

vi.mock('../../src/services/http', () => ({
  call: async (route: { path: string }, options: { body?: any }) => {
    server.calls.push({ path: route.path, body: options.body });
    if (server.hold) await server.hold;
    if (server.failNext) {
      const failure = server.failNext;
      server.failNext = null;
      throw failure;
    }
    const data = options.body?.search === 'nothing' ? [] : rows[route.path];
    if (!data) throw { status: 500, message: `unexpected ${route.path}` };
    return { total: data.length ? server.total : 0, limit: options.body.limit, skip: options.body.skip, data };
  },
}));

beforeEach(() => {
  server.calls = [];
  server.failNext = null;
  server.hold = null;
  server.total = 1;
});

const VIEWER = ['FIND_CUSTOMER', 'VIEW_CUSTOMER_PHONE'];
const sent = (path: string) => server.calls.filter((c) => c.path === path).map((c) => c.body);
const firstRow = async () => within(await screen.findByRole('table')).getAllByRole('row')[1]!;

describe('device lists', () => {
  it('shows the three lists in the side nav to a user who may see customer phones', async () => {
    await renderApp('/dashboard', loggedInSession(VIEWER));
    const ui = jsdomUi();
    const links = await ui.linkNames('side-nav');
    expect(links).toEqual(expect.arrayContaining(['Damaged devices', 'Lost devices', 'Suspended IMEI']));
  });

  it('hides them from a user without VIEW_CUSTOMER_PHONE', async () => {
    await renderApp('/dashboard', loggedInSession(['FIND_CUSTOMER', 'VIEW_CUSTOMER_LOANS']));
    const links = await jsdomUi().linkNames('side-nav');
    expect(links).not.toContain('Damaged devices');
    expect(links).not.toContain('Suspended IMEI');
  });

  it('lists damaged devices with the service centre and repair reason, the customer linked to the customer view', async () => {
    await renderApp('/dashboard/damaged-devices', loggedInSession(VIEWER));
    const ui = jsdomUi();
    await ui.see('heading', 'Damaged devices');
    const row = await firstRow();
    for (const text of [
      '356938035643809',
      'itel A70',
      'Zainabu Hassani Doto',
      '255754123456',
      'LN000123',
      'Oct 30, 2026',
      'Kariakoo Service Centre',
      'Cracked screen',
    ]) {
      expect(row).toHaveTextContent(text);
    }
    expect(within(row).getByRole('link', { name: 'Zainabu Hassani Doto' })).toHaveAttribute(
      'href',
      '/dashboard/customers/view?msisdn=255754123456',
    );
    expect(sent('/api/v1/damaged_devices')).toEqual([{ limit: 25, skip: 0 }]);
  });

  it('searches, says what it shows, and shows the empty state when nothing matches', async () => {
    await renderApp('/dashboard/lost-devices', loggedInSession(VIEWER));
    const ui = jsdomUi();
    expect(await firstRow()).toHaveTextContent('Lost on the ferry');
    await ui.fill('IMEI, phone number, name or loan number', '0754 123 456');
    await ui.click('button', 'Search');
    await ui.seeText('Showing the devices matching “0754 123 456”');
    expect(sent('/api/v1/lost_devices').at(-1)).toEqual({ limit: 25, skip: 0, search: '0754 123 456' });
    await ui.fill('IMEI, phone number, name or loan number', 'nothing');
    await ui.click('button', 'Search');
    await ui.seeText('Nothing here yet');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('pages through the server', async () => {
    server.total = 60;
    await renderApp('/dashboard/lost-devices', loggedInSession(VIEWER));
    const ui = jsdomUi();
    await ui.seeText('1–25 of 60');
    await ui.click('button', 'Next');
    await ui.seeText('26–50 of 60');
    expect(sent('/api/v1/lost_devices').at(-1)).toEqual({ limit: 25, skip: 25 });
  });

  it('shows a skeleton while loading, then an error with a retry that loads again', async () => {
    let release!: () => void;
    server.hold = new Promise<void>((r) => {
      release = r;
    });
    server.failNext = { status: 500, message: 'boom' };
    await renderApp('/dashboard/suspended-imeis', loggedInSession(VIEWER));
    const ui = jsdomUi();
    await ui.see('heading', 'Suspended IMEI');
    // A status the screen reader names: a label on a plain element is one ARIA forbids (axe aria-prohibited-attr).
    const loading = await screen.findByRole('status', { name: 'Loading…' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    const aria = await axe.run(loading, { runOnly: ['aria-prohibited-attr', 'aria-allowed-attr'] });
    expect(aria.violations.map((v) => v.id)).toEqual([]);
    server.hold = null;
    release();
    await ui.seeAlert('Could not load data');
    await ui.click('button', 'Retry');
    expect(await firstRow()).toHaveTextContent('Stolen');
  });

  it('lists suspended IMEIs with why and since when; a user who may record recoveries gets the link', async () => {
    await renderApp('/dashboard/suspended-imeis', loggedInSession([...VIEWER, 'ADD_RECOVERED_PHONE']));
    const row = await firstRow();
    expect(row).toHaveTextContent('Stolen');
    expect(row).toHaveTextContent('Nov 1, 2026');
    expect(row).toHaveTextContent('Grace Mollel');
    expect(within(row).getByRole('link', { name: 'Record recovered' })).toHaveAttribute(
      'href',
      '/dashboard/recovered-phone?search=356938035643809',
    );
  });

  it('offers no recovery link, and no customer link, to a user without those roles', async () => {
    await renderApp('/dashboard/suspended-imeis', loggedInSession(['VIEW_CUSTOMER_PHONE']));
    const row = await firstRow();
    expect(row).toHaveTextContent('Zainabu Hassani Doto');
    expect(within(row).queryByRole('link')).toBeNull();
  });

  it('speaks Swahili and Portuguese', async () => {
    for (const [language, title, header] of [
      ['sw', 'Simu zilizoharibika', 'Kituo cha huduma'],
      ['pt', 'Aparelhos danificados', 'Centro de assistência'],
    ] as const) {
      const view = await renderApp('/dashboard/damaged-devices', loggedInSession(VIEWER));
      await act(() => i18n.changeLanguage(language));
      await jsdomUi().see('heading', title);
      expect(await screen.findByRole('columnheader', { name: header })).toBeInTheDocument();
      view.unmount();
    }
  });
});
