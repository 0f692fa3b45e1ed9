import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApi, TEST_NOW, type TestApi } from '../support/api';
import { APPROVE_PORTAL } from '../support/admin-changes';
import sw from '../../src/i18n/locales/audit/sw.json';
import en from '../../src/i18n/locales/audit/en.json';
import pt from '../../src/i18n/locales/audit/pt.json';
import { AUDIT_CSV_WORDS } from '../../server/domain/requests/audit-csv-words';

/** Issue 17: the audit CSV had UTC timestamps and raw codes. */
let api: TestApi;
let admin: string;
let requestId: number;
const CSV = '/api/v1/requests/audit/csv';

beforeAll(async () => {
  api = await testApi();
  admin = await api.tokenFor('admin');
  const asked = await api.call('POST', '/prerequisites/admin-groups', { token: admin, body: { name: 'Auditors' } });
  requestId = asked.body.id;
  const approver = await api.tokenFor('approver');
  // Decided two hours later.
  api.clock.set(new Date(TEST_NOW.getTime() + 2 * 3_600_000));
  expect((await api.call('POST', APPROVE_PORTAL, { token: approver, body: { ids: [requestId], decision: 'approve' } })).status).toBe(200);
});
afterAll(() => api.close());

const eat = (at: Date) => new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const lines = (csv: string) => csv.slice(0, -2).split('\r\n');

describe('the audit CSV', () => {
  it('writes times as Tanzanian wall-clock time and says so in the header', async () => {
    const res = await api.call('GET', CSV, { token: admin });
    expect(res.status).toBe(200);
    const [header, row] = lines(res.body.csv);
    expect(header).toContain(',submitted_at_eat,decided_at_eat,');
    expect(row).toContain(`,${eat(TEST_NOW)},${eat(new Date(TEST_NOW.getTime() + 2 * 3_600_000))},`);
    expect(row).not.toContain(TEST_NOW.toISOString());
  });

  it('in Swahili: the header, the kind and the result in words, and the times marked EAT (UTC+3)', async () => {
    const res = await api.call('GET', `${CSV}?lang=sw`, { token: admin });
    expect(res.status).toBe(200);
    const [header, row] = lines(res.body.csv);
    expect(
      header!.startsWith(
        'Namba,Aina,Matokeo,Aliyeomba,Aliyeamua,"Iliombwa (saa za Afrika Mashariki, UTC+3)","Iliamuliwa (saa za Afrika Mashariki, UTC+3)",',
      ),
    ).toBe(true);
    expect(row!.startsWith(`${requestId},${sw.kinds.group_create},${sw.statuses.approved},admin,approver,${eat(TEST_NOW)},`)).toBe(true);
  });

  it('names kinds and results as the audit screen does, in every language', () => {
    for (const [lang, screen] of Object.entries({ en, sw, pt })) {
      const words = AUDIT_CSV_WORDS[lang as keyof typeof AUDIT_CSV_WORDS];
      expect(words.kinds, lang).toEqual(screen.kinds);
      expect(words.statuses, lang).toEqual(screen.statuses);
    }
  });

  it('refuses an unknown language with a 400 naming lang', async () => {
    const res = await api.call('GET', `${CSV}?lang=fr`, { token: admin });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(['lang']);
  });
});
