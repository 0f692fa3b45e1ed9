import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { i18n } from '../../src/i18n';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';

vi.mock('../../src/services/settings', async (original) => {
  const actual = await original<typeof import('../../src/services/settings')>();
  const { fromPromise } = await import('xstate');
  return { ...actual, loadSettings: fromPromise(async () => ({ company: 'Simu Test' })) };
});

describe('processes screen', () => {
  it('is in the nav for an ANALYTICS role only', async () => {
    await renderApp('/dashboard', loggedInSession(['SHOP_ANALYTICS']));
    const ui = jsdomUi();
    await ui.see('heading', 'Welcome to Simu Test');
    expect(await ui.linkNames('side-nav')).toContain('Processes');
  });

  it('lists the processes with their size and coverage, and asks to choose one', async () => {
    await renderApp('/dashboard/processes', loggedInSession(['VIEW_ANALYTICS']));
    const ui = jsdomUi();
    await ui.see('heading', 'Processes');
    await ui.seeText('Choose a process to draw it.');
    const list = screen.getByRole('list', { name: 'Processes' });
    expect(within(list).getByRole('button', { name: 'theme' })).toBeInTheDocument();
    expect(within(list).getAllByText(/tests reach 100% of states and 100% of transitions/).length).toBeGreaterThanOrEqual(5);
  });

  it('draws a chosen process, explains a state, and zooms', async () => {
    await renderApp('/dashboard/processes', loggedInSession(['VIEW_ANALYTICS']));
    const ui = jsdomUi();
    await ui.click('button', 'theme');
    await ui.see('group', 'Statechart of theme');
    expect(window.location.search).toBe('?process=theme');
    // States are named in words (the code in brackets), not only by their code identifier (issue 17).
    await ui.click('button', 'Dark');
    const details = await screen.findByTestId('state-details');
    expect(details).toHaveTextContent('theme.toggled → light');
    expect(details).toHaveTextContent("Shown on: the top bar's theme button");
    await ui.click('button', 'Zoom in');
    await ui.see('button', '125%');
  });

  it('draws a state of the session in words with its path in its name, and scrolls the drawing into view', async () => {
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      await renderApp('/dashboard/processes', loggedInSession(['VIEW_ANALYTICS']));
      const ui = jsdomUi();
      await ui.click('button', 'session');
      await ui.see('group', 'Statechart of session');
      await ui.see('button', 'Loading roles (authenticated.loadingRoles)');
      expect(screen.getByRole('button', { name: 'Loading roles (authenticated.loadingRoles)' })).toHaveTextContent(/^Loading roles$/);
      expect(scrolled.some((e) => e.contains(screen.getByRole('group', { name: 'Statechart of session' })))).toBe(true);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
  it('names the states in Swahili, the path still in their names (issue 17)', async () => {
    await renderApp('/dashboard/processes', loggedInSession(['VIEW_ANALYTICS']));
    const ui = jsdomUi();
    await ui.click('button', 'session');
    await ui.see('group', 'Statechart of session');
    await act(() => i18n.changeLanguage('sw'));
    await ui.see('button', 'Inapakia majukumu (authenticated.loadingRoles)');
    expect(screen.getByRole('button', { name: 'Inapakia majukumu (authenticated.loadingRoles)' })).toHaveTextContent(/^Inapakia majukumu$/);
    expect(screen.getByRole('button', { name: 'Umetoka (loggedOut)' })).toHaveTextContent(/^Umetoka$/);
    expect(screen.queryByText('Loading roles')).toBeNull();
    await act(() => i18n.changeLanguage('en'));
  });
});
