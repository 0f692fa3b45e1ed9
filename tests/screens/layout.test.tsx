import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession, storedUser } from '../support/fake-session';

vi.mock('../../src/services/settings', async (original) => {
  const actual = await original<typeof import('../../src/services/settings')>();
  const { fromPromise } = await import('xstate');
  return { ...actual, loadSettings: fromPromise(async () => ({ company: 'Simu Test' })) };
});

const approver = ['VIEW_APPROVALS', 'VIEW_DEREGISTRATIONS', 'VIEW_IMEI_CHANGE_REQUESTS', 'FIND_CUSTOMER'];

describe('dashboard layout', () => {
  it('shows the user name and group in upper case, the avatar letter and the version', async () => {
    await renderApp('/dashboard', loggedInSession(approver, storedUser({ name: 'Daudi Kimaro', group: { id: 4, name: 'Approver' } })));
    await jsdomUi().see('heading', 'Welcome to Simu Test');
    const name = screen.getByTestId('nav-user-name');
    expect(name).toHaveTextContent('Daudi Kimaro');
    expect(name).toHaveStyle({ textTransform: 'uppercase' });
    expect(screen.getByTestId('nav-group-name')).toHaveStyle({ textTransform: 'uppercase' });
    expect(within(screen.getByRole('navigation', { name: 'Main navigation' }).parentElement!).getAllByText('D').length).toBeGreaterThan(0);
    expect(screen.getByTestId('app-version')).toHaveTextContent('Version 2.4.74');
  });

  it('offers the shortcuts the roles allow on the home page', async () => {
    await renderApp('/dashboard', loggedInSession(approver));
    await jsdomUi().see('heading', 'Welcome to Simu Test');
    // The shortcuts follow the home figures, which draw in a deferred render after the welcome heading.
    await jsdomUi().see('heading', 'Your shortcuts');
    const shortcuts = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(shortcuts).toEqual([
      'Find customers',
      'Deregistration requests',
      'IMEI change requests',
      'Business approvals',
      'Portal approvals',
    ]);
  });

  it('starts with the group of the current path open and the others closed; groups toggle', async () => {
    await renderApp('/dashboard/imei_changes', loggedInSession([...approver, 'VIEW_STORES']));
    const ui = jsdomUi();
    await ui.see('heading', 'IMEI change requests');
    const approvals = screen.getByRole('button', { name: 'Approvals' });
    const stores = screen.getByRole('button', { name: 'Phone store' });
    expect(approvals).toHaveAttribute('aria-expanded', 'true');
    expect(stores).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('link', { name: 'IMEI change requests' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(stores);
    await waitFor(() => expect(stores).toHaveAttribute('aria-expanded', 'true'));
    expect(await screen.findByRole('link', { name: 'Stores' })).toBeVisible();
  });

  it("opens and closes a group's links from its button, which says so and names what it opens", async () => {
    await renderApp('/dashboard', loggedInSession(['VIEW_STORES', 'VIEW_REGIONS']));
    await jsdomUi().see('heading', 'Welcome to Simu Test');
    const group = screen.getByRole('button', { name: 'Phone store' });
    const links = document.getElementById(group.getAttribute('aria-controls')!)!;
    const stores = within(links).getByRole('link', { name: 'Stores', hidden: true });
    // Closed: the links are in the page (the nav's link list still names them) but hidden, out of the Tab order.
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(stores).not.toBeVisible();
    expect(within(links).getByRole('link', { name: 'Regions', hidden: true })).not.toBeVisible();
    await userEvent.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(stores).toBeVisible();
    // The keyboard: Enter and Space on the button close and open it again, and Tab goes from it into its links.
    group.focus();
    await userEvent.keyboard('{Enter}');
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(stores).not.toBeVisible();
    await userEvent.keyboard(' ');
    expect(group).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    expect(document.activeElement).toBe(stores);
    await userEvent.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(stores).not.toBeVisible();
  });

  it('sends an unknown dashboard path to the dashboard home', async () => {
    await renderApp('/dashboard/nowhere', loggedInSession([]));
    await jsdomUi().see('heading', 'Welcome to Simu Test');
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('toggles the theme from the top bar', async () => {
    await renderApp('/dashboard', loggedInSession([]));
    const ui = jsdomUi();
    await ui.click('button', 'Switch to dark theme');
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('defaultDark');
    await ui.click('button', 'Switch to light theme');
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('default');
  });
});

describe('accessibility of the shell (issue 17)', () => {
  it('offers "Skip to content" as the first focusable element, which moves the focus to the main landmark', async () => {
    await renderApp('/dashboard', loggedInSession(approver));
    await jsdomUi().see('heading', 'Welcome to Simu Test');
    const skip = await screen.findByRole('link', { name: 'Skip to content' });
    document.body.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(skip);
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('names the language and user-menu buttons with the words they show', async () => {
    await renderApp('/dashboard', loggedInSession(approver, storedUser({ name: 'Daudi Kimaro' })));
    await jsdomUi().see('heading', 'Welcome to Simu Test');
    const language = screen.getByRole('button', { name: 'Language: EN' });
    expect(language).toHaveTextContent('EN');
    const user = screen.getByRole('button', { name: 'User menu: Daudi Kimaro' });
    expect(user).toHaveTextContent('Daudi Kimaro');
  });
});

/** Chakra's global styles (its reset and tokens), which its provider puts in the page while it is mounted. */
const chakraProvided = () => document.head.querySelector('style[data-emotion="css-global"]') !== null;

describe('without Chakra on the home page (docs/decisions/049)', () => {
  it('draws the layout and the home page under no Chakra provider; a screen drawn with Chakra brings one and takes it away', async () => {
    await renderApp('/dashboard', loggedInSession(['FIND_CUSTOMER', 'VIEW_USERS']));
    const ui = jsdomUi();
    await ui.see('heading', 'Welcome to Simu Test');
    await ui.see('heading', 'Your shortcuts');
    await ui.see('navigation', 'Main navigation');
    expect(chakraProvided()).toBe(false);
    // A Chakra screen draws under its provider (it would throw without one), and keeps it to the next such screen.
    const nav = within(screen.getByRole('navigation', { name: 'Main navigation' }));
    await userEvent.click(nav.getByRole('link', { name: 'Find customers' }));
    await ui.see('heading', 'Find customer');
    expect(chakraProvided()).toBe(true);
    await userEvent.click(nav.getByRole('link', { name: 'Users' }));
    await ui.see('heading', 'Portal users');
    expect(chakraProvided()).toBe(true);
    await userEvent.click(nav.getByRole('link', { name: 'Dashboard' }));
    await ui.see('heading', 'Your shortcuts');
    expect(chakraProvided()).toBe(false);
  });

  it('starts loading Chakra when the pointer or the focus reaches a link to a screen drawn with it, not to the home page', async () => {
    const { LazyChakraRoot } = await import('../../src/app/lazy-chakra-root');
    const preload = vi.spyOn(LazyChakraRoot, 'preload');
    try {
      await renderApp('/dashboard', loggedInSession(['FIND_CUSTOMER', 'VIEW_USERS']));
      const ui = jsdomUi();
      await ui.see('heading', 'Your shortcuts');
      const nav = within(screen.getByRole('navigation', { name: 'Main navigation' }));
      await userEvent.hover(nav.getByRole('link', { name: 'Dashboard' }));
      nav.getByRole('link', { name: 'Dashboard' }).focus();
      expect(preload).not.toHaveBeenCalled();
      await userEvent.hover(nav.getByRole('link', { name: 'Find customers' }));
      expect(preload).toHaveBeenCalled();
      preload.mockClear();
      // A shortcut, reached with the keyboard.
      within(screen.getByRole('list')).getByRole('link', { name: 'Users' }).focus();
      expect(preload).toHaveBeenCalled();
      expect(chakraProvided()).toBe(false);
    } finally {
      preload.mockRestore();
    }
  });

  it('opens a Chakra screen first, the route starting Chakra beside its chunk', async () => {
    await renderApp('/dashboard/customers/find', loggedInSession(['FIND_CUSTOMER']));
    await jsdomUi().see('heading', 'Find customer');
    expect(chakraProvided()).toBe(true);
  });

  it('opens the user menu from its plain button by a click, and under Chakra once open', async () => {
    await renderApp('/dashboard', loggedInSession(approver, storedUser({ name: 'Daudi Kimaro' })));
    const ui = jsdomUi();
    await ui.see('heading', 'Welcome to Simu Test');
    const button = screen.getByRole('button', { name: 'User menu: Daudi Kimaro' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(chakraProvided()).toBe(false);
    await userEvent.click(button);
    await ui.see('menuitem', 'Log out');
    expect(screen.getByRole('button', { name: 'User menu: Daudi Kimaro' })).toHaveAttribute('aria-expanded', 'true');
    expect(chakraProvided()).toBe(true);
  });

  it.each([
    ['Enter', '{Enter}'],
    ['Space', ' '],
    ['the down arrow', '{ArrowDown}'],
  ])('opens the language menu from the keyboard (%s), focus inside it, and Escape closes it', async (_, key) => {
    await renderApp('/dashboard', loggedInSession(approver));
    const ui = jsdomUi();
    await ui.see('heading', 'Welcome to Simu Test');
    screen.getByRole('button', { name: 'Language: EN' }).focus();
    await userEvent.keyboard(key);
    await ui.see('menuitem', 'Kiswahili');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['English', 'Kiswahili', 'Português']);
    await waitFor(() => expect(screen.getByRole('menu')).toContainElement(document.activeElement as HTMLElement));
    const trigger = screen.getByRole('button', { name: 'Language: EN' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    await ui.notSee('menuitem', 'Kiswahili');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });
});

describe('on a small screen', () => {
  it('keeps the drawer closed, opens it from the top bar and closes it after navigating', async () => {
    const wide = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...wide(query), matches: false })) as typeof window.matchMedia;
    try {
      await renderApp('/dashboard', loggedInSession(['VIEW_USERS', 'FIND_CUSTOMER']));
      const ui = jsdomUi();
      await ui.see('heading', 'Welcome to Simu Test');
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
      await ui.click('button', 'Open or close the navigation');
      await ui.see('navigation', 'Main navigation');
      // The drawer is a dialog with a name (axe aria-dialog-name).
      await ui.see('dialog', 'Main navigation');
      await ui.click('link', 'Find customers');
      await ui.see('heading', 'Find customer');
      await ui.notSee('navigation', 'Main navigation');
    } finally {
      window.matchMedia = wide;
    }
  });
});

describe('when the roles cannot be loaded', () => {
  it('says so and retries on request', async () => {
    const { sessionMachine } = await import('../../src/machines/session.machine');
    const { fromCallback, fromPromise } = await import('xstate');
    let attempts = 0;
    const session = sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(async () => ({ user: storedUser(), roles: null, now: Date.now() })),
        loadRoles: fromPromise(async () => {
          attempts += 1;
          if (attempts === 1) throw { status: null, message: 'Failed to fetch' };
          return ['VIEW_USERS'];
        }),
        watchUnauthorized: fromCallback(() => () => undefined),
      } as never,
    });
    await renderApp('/dashboard', session);
    const ui = jsdomUi();
    await ui.seeAlert('Your permissions could not be loaded.');
    await ui.seeAlert('The server could not be reached. Check your connection and try again.');
    await ui.click('button', 'Retry');
    await ui.see('heading', 'Welcome to Simu Test');
    expect(await jsdomUi().linkNames('side-nav')).toEqual(['Dashboard', 'Users']);
  });
});
