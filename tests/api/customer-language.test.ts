import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import { customerView } from '../../src/contract/customers';
import { customerLanguageResult } from '../../src/contract/customer-language';
import { businessFixtures } from '../support/business-fixtures';
import { testApi, type TestApi } from '../support/api';

/** The customer's SMS language (issue 17, decision 026): set from the customer view, audited, 400 naming the field. */

let api: TestApi;
const token: Record<string, string> = {};
let msisdn = '';
const post = (body: unknown, by: string | null) =>
  api.call('POST', routes.setCustomerLanguage.path, { token: by === null ? undefined : token[by], body });
const languageOf = async () =>
  (await api.db.query<{ language: string }>('SELECT language FROM customers WHERE msisdn = $1', [msisdn]))[0]!.language;

beforeAll(async () => {
  api = await testApi();
  msisdn = (await (await businessFixtures(api.db)).prospect()).msisdn;
  for (const u of ['callcentre', 'agent', 'approver', 'finance']) token[u] = await api.tokenFor(u);
});
afterAll(() => api.close());

describe('customer SMS language', () => {
  it('answers 401 without a token and 403 naming a role to a caller who does not speak with customers', async () => {
    expect((await post({ msisdn, language: 'en' }, null)).status).toBe(401);
    const refused = await post({ msisdn, language: 'en' }, 'finance');
    expect(refused.status).toBe(403);
    expect(refused.body.role).toBe('RATE_CALL');
    expect(await languageOf()).toBe('sw');
  });

  it('refuses bad input with a 400 naming the field, and 404 for an unknown customer', async () => {
    for (const [body, field] of [
      [{ msisdn, language: 'fr' }, 'language'],
      [{ msisdn, language: 3 }, 'language'],
      [{ msisdn: '12', language: 'en' }, 'msisdn'],
      [{ language: 'en' }, 'msisdn'],
    ] as const) {
      const res = await post(body, 'callcentre');
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.fields), field).toEqual([field]);
    }
    expect((await post({ msisdn: '0759999999', language: 'en' }, 'callcentre')).status).toBe(404);
    expect(await languageOf()).toBe('sw');
  });

  it('sets the language with an audit row; the customer view shows it; the same language again changes nothing', async () => {
    const res = await post({ msisdn: `0${msisdn.slice(3)}`, language: 'en' }, 'callcentre');
    expect(res.status).toBe(200);
    expect(customerLanguageResult.parse(res.body)).toEqual({ msisdn, language: 'en', previous: 'sw' });
    expect(await languageOf()).toBe('en');
    const [row] = await api.auditRows('customer.language_changed');
    expect(row).toMatchObject({ entity: 'customer', before: { language: 'sw' }, after: { language: 'en' } });
    const view = customerView.parse((await api.call('POST', routes.findCustomer.path, { token: token.agent, body: { msisdn } })).body);
    expect(view.customer.language).toBe('en');
    const again = await post({ msisdn, language: 'en' }, 'agent');
    expect(customerLanguageResult.parse(again.body)).toEqual({ msisdn, language: 'en', previous: 'en' });
    expect(await api.auditRows('customer.language_changed')).toHaveLength(1);
  });
});
