import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { contract } from '../machines/deposit-fixtures';
import { i18n } from '../../src/i18n';

const server = vi.hoisted(() => ({ asked: [] as unknown[] }));

vi.mock('../../src/services/http', () => ({
  call: async (route: { path: string }, options: { body?: any } = {}) => {
    if (route.path !== '/api/v1/fetch_econtract_details') throw { status: 500, message: `unexpected ${route.path}` };
    server.asked.push(options.body);
    if (options.body.reference !== contract.reference) throw { status: 404, message: 'No such contract' };
    return {
      ...contract,
      signed_by: 'Neema Joseph Mushi',
      signed_at: '2026-11-23T08:08:00.000Z',
      contract_url: '/portal_api/econtract/k3Jd93kdLs0aP2qXz8Vb.pdf',
    };
  },
}));

beforeEach(() => {
  server.asked = [];
});

describe('public pages', () => {
  it('shows the terms and conditions without logging in, in the chosen language', async () => {
    await renderApp('/tnc');
    const ui = jsdomUi();
    await ui.see('heading', 'Terms and conditions');
    await ui.see('heading', '3. The device lock');
    await i18n.changeLanguage('sw');
    await ui.see('heading', 'Vigezo na masharti');
  });

  it('shows a signed contract by its link, with its PDF', async () => {
    await renderApp(`/econtract?ref=${contract.reference}`);
    const ui = jsdomUi();
    await ui.see('heading', 'Loan contract between Simu Credit and Neema Joseph Mushi');
    await ui.seeText('356789104563215');
    await ui.see('link', 'Download the signed contract (PDF)');
    expect(server.asked).toEqual([{ reference: contract.reference }]);
  });

  it('says when the link names no contract', async () => {
    await renderApp('/econtract');
    await jsdomUi().seeAlert('This link does not name a contract. Open the link from your SMS again.');
    expect(server.asked).toEqual([]);
  });

  it('says when no contract matches the link', async () => {
    await renderApp('/econtract?ref=AAAAAAAAAAAAAAAAAAAA');
    await jsdomUi().seeAlert('No contract matches this link.');
  });
});
