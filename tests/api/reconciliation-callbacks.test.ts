import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import * as r from '../../src/contract/reconciliation';
import { DEMO_CALLBACK_SECRET } from '../../server/adapters/mobile-money';
import { explainLine } from '../../server/domain/finance/reconciliation';
import { testApi, type TestApi } from '../support/api';
import { TEST_NOW } from '../support/template';
import { businessFixtures, eatDay, type Borrower, type BusinessFixtures } from '../support/business-fixtures';

/**
 * The three-way match with the callback log (issue 13 "Beyond", decision 027): every repayment and deposit callback
 * the portal receives is logged in the transaction that handles it; the reconciliation matches statement -> callback
 * log -> ledger and explains each line from it ("the provider's callback never arrived", "the callback arrived but no
 * posting", ...).
 */
let api: TestApi;
let fx: BusinessFixtures;
let finance: string;
const b64 = (text: string) => Buffer.from(text).toString('base64');
const eat = (at: Date) => new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const minutes = (n: number) => new Date(TEST_NOW.getTime() - n * 60_000);

async function callback(path: string, body: unknown) {
  const res = await api.app.request(`/portal_api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-callback-token': DEMO_CALLBACK_SECRET },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const repay = (b: Borrower | null, transaction_id: string, amount: number, at: Date, account?: string) =>
  callback(routes.repaymentCallback.path, {
    transaction_id,
    msisdn: b?.msisdn ?? '255754000321',
    account: account ?? b!.loanNumber,
    amount,
    paid_at: at.toISOString(),
    network: 'tigo_pesa',
  });

type LogRow = { source: string; provider: string | null; receipt: string; status: string; result_code: string | null; amount: number };
const logOf = (receipt: string) =>
  api.db.query<LogRow>(
    'SELECT source, provider, receipt, status, result_code, amount FROM payment_callbacks WHERE receipt = $1 ORDER BY id',
    [receipt],
  );

let b1: Borrower;
let b2: Borrower;

beforeAll(async () => {
  api = await testApi();
  fx = await businessFixtures(api.db);
  finance = await api.tokenFor('finance');
  b1 = await fx.borrower();
  b2 = await fx.borrower();
});
afterAll(() => api.close());

describe('the callback log', () => {
  it('keeps each repayment callback as it came, a repeat too; a refused one is not kept', async () => {
    expect((await repay(b1, 'TP-LOG-1', 4_000, minutes(200))).status).toBe(200);
    expect(await logOf('TP-LOG-1')).toEqual([
      { source: 'repayment', provider: 'tigo_pesa', receipt: 'TP-LOG-1', status: 'SUCCESS', result_code: null, amount: 4_000 },
    ]);
    const again = await repay(b1, 'TP-LOG-1', 4_000, minutes(200));
    expect(again.body.duplicate).toBe(true);
    expect(await logOf('TP-LOG-1')).toHaveLength(2);
    // One payment for all that: the repeat posted nothing.
    const [posted] = await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_entries WHERE description LIKE '%TP-LOG-1%'");
    expect(posted!.n).toBe(1);
    const future = await repay(b1, 'TP-LOG-FUTURE', 4_000, new Date(TEST_NOW.getTime() + 3_600_000));
    expect(future.status).toBe(400);
    expect(await logOf('TP-LOG-FUTURE')).toEqual([]);
  });

  it('keeps a deposit callback about a push the portal does not know, though it is answered 404 and nothing is posted', async () => {
    const res = await callback(routes.mobileMoneyCallback.path, {
      reference: 'no-such-wizard:1',
      status: 'SUCCESS',
      result_code: '0',
      transaction_id: 'TP-UNKNOWN-PUSH',
      amount: 9_000,
      msisdn: '255754000777',
    });
    expect(res.status).toBe(404);
    expect(await logOf('TP-UNKNOWN-PUSH')).toEqual([
      { source: 'deposit', provider: null, receipt: 'TP-UNKNOWN-PUSH', status: 'SUCCESS', result_code: '0', amount: 9_000 },
    ]);
  });
});

describe('a Tigo Pesa statement matched three ways', () => {
  it('explains each line from the statement, the callback log and the ledger', async () => {
    expect((await repay(b1, 'TP-AGREE-1', 5_000, minutes(150))).status).toBe(200);
    expect((await repay(b2, 'TP-SUSP-1', 6_000, minutes(140), 'NO-SUCH-LOAN')).body.status).toBe('suspended');
    expect((await repay(b2, 'TP-DIFF-1', 7_000, minutes(130))).status).toBe(200);
    expect((await repay(b2, 'TP-NOTON-1', 2_000, minutes(120))).status).toBe(200);
    const m = r.PROVIDER_MAPPINGS.tigo_pesa;
    const csv = Papa.unparse([
      [m.receipt, m.completed_at, m.details, m.paid_in, m.withdrawn, m.balance],
      ['TP-LOG-1', eat(minutes(200)), `Payment from ${b1.msisdn}`, '4000', '', ''],
      ['TP-AGREE-1', eat(minutes(150)), `Payment from ${b1.msisdn}`, '5000', '', ''],
      ['TP-SUSP-1', eat(minutes(140)), `Payment from ${b2.msisdn}`, '6000', '', ''],
      ['TP-DIFF-1', eat(minutes(130)), `Payment from ${b2.msisdn}`, '7500', '', ''],
      ['TP-NEVER-1', eat(minutes(100)), 'Payment from 255754000555', '8000', '', ''],
      ['TP-UNKNOWN-PUSH', eat(minutes(90)), 'Payment from 255754000777', '9000', '', ''],
      ['TP-AGREE-1', eat(minutes(150)), `Payment from ${b1.msisdn}`, '5000', '', ''],
    ]);
    const up = await api.call('POST', routes.uploadStatement.path, {
      token: finance,
      body: { provider: 'tigo_pesa', from: eatDay(), to: eatDay(), file_name: 'tigo.csv', content: b64(csv) },
    });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const runId = r.reconciliationRun.parse(up.body).id;
    const detail = r.runDetail.parse(
      (await api.call('POST', routes.reconciliationRun.path, { token: finance, body: { run_id: runId, show: 'all' } })).body,
    );
    const lines = detail.data.map((l) => ({
      receipt: l.receipt,
      kind: l.kind,
      callbacks: l.callbacks,
      callback_status: l.callback_status,
      ledger_posted: l.ledger_posted,
      explanation: l.explanation,
    }));
    expect(lines).toEqual(
      expect.arrayContaining([
        // Called back twice (a repeat), posted once.
        { receipt: 'TP-LOG-1', kind: 'matched', callbacks: 2, callback_status: 'SUCCESS', ledger_posted: true, explanation: 'agree' },
        { receipt: 'TP-AGREE-1', kind: 'matched', callbacks: 1, callback_status: 'SUCCESS', ledger_posted: true, explanation: 'agree' },
        { receipt: 'TP-SUSP-1', kind: 'matched', callbacks: 1, callback_status: 'SUCCESS', ledger_posted: true, explanation: 'suspended' },
        {
          receipt: 'TP-DIFF-1',
          kind: 'amount_mismatch',
          callbacks: 1,
          callback_status: 'SUCCESS',
          ledger_posted: true,
          explanation: 'amount_differs',
        },
        // The provider's callback never arrived.
        {
          receipt: 'TP-NEVER-1',
          kind: 'statement_only',
          callbacks: 0,
          callback_status: null,
          ledger_posted: false,
          explanation: 'callback_missing',
        },
        // The callback arrived but no posting.
        {
          receipt: 'TP-UNKNOWN-PUSH',
          kind: 'statement_only',
          callbacks: 1,
          callback_status: 'SUCCESS',
          ledger_posted: false,
          explanation: 'callback_not_posted',
        },
        {
          receipt: 'TP-AGREE-1',
          kind: 'duplicate',
          callbacks: 1,
          callback_status: 'SUCCESS',
          ledger_posted: false,
          explanation: 'duplicate',
        },
        // Called back and posted, but not on the statement.
        {
          receipt: 'TP-NOTON-1',
          kind: 'portal_only',
          callbacks: 1,
          callback_status: 'SUCCESS',
          ledger_posted: true,
          explanation: 'portal_only',
        },
      ]),
    );
    expect(lines).toHaveLength(8);
    expect(detail.data.find((l) => l.receipt === 'TP-UNKNOWN-PUSH')!.callback_at).toBe(TEST_NOW.toISOString());
  });
});

describe('explainLine', () => {
  const base = {
    kind: 'matched',
    matched_by: 'receipt',
    resolution: null,
    portal_status: 'completed',
    ledger_posted: true,
    callbacks: 1,
  } as const;
  it.each([
    [{}, 'agree'],
    [{ matched_by: 'phone_amount_time' }, 'agree_by_phone'],
    [{ callbacks: 0 }, 'no_callback'],
    [{ ledger_posted: false }, 'not_posted'],
    [{ portal_status: 'suspended' }, 'suspended'],
    [{ kind: 'amount_mismatch' }, 'amount_differs'],
    [{ kind: 'statement_only', callbacks: 0, ledger_posted: false }, 'callback_missing'],
    [{ kind: 'statement_only', ledger_posted: false }, 'callback_not_posted'],
    [{ kind: 'statement_only', resolution: 'record_payment' }, 'recorded'],
    [{ kind: 'portal_only' }, 'portal_only'],
    [{ kind: 'portal_only', callbacks: 0 }, 'portal_only_no_callback'],
    [{ kind: 'portal_only', ledger_posted: false }, 'portal_only_no_ledger'],
    [{ kind: 'duplicate' }, 'duplicate'],
  ] as const)('%o is %s', (change, expected) => {
    expect(explainLine({ ...base, ...change })).toBe(expected);
  });
});
