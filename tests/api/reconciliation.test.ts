import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import * as f from '../../src/contract/finance';
import * as r from '../../src/contract/reconciliation';
import { DEMO_CALLBACK_SECRET } from '../../server/adapters/mobile-money';
import { testApi, type TestApi } from '../support/api';
import { TEST_NOW } from '../support/template';
import { businessFixtures, eatDay, type Borrower, type BusinessFixtures } from '../support/business-fixtures';

/**
 * Reconciliation of a provider statement (issue 13, decision 018): upload, matching by receipt then by phone +
 * amount + time, the differences resolved with a reason (money the portal never recorded booked into suspense), a
 * second upload recognised, sign-off by a second person locking the run; bad files are 400s that change nothing;
 * month-end close refuses a posting into a closed month.
 */
let api: TestApi;
let fx: BusinessFixtures;
const token: Record<string, string> = {};
const post = (path: string, body: unknown, by: string | null = token.finance!) => api.call('POST', path, { token: by ?? undefined, body });
const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

let receipts = 0;
async function pay(b: Borrower, amount: number, network: r.Provider, at: Date) {
  const transaction_id = `RC${network.slice(0, 2).toUpperCase()}${String(++receipts).padStart(6, '0')}`;
  const res = await api.app.request(`/portal_api${routes.repaymentCallback.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-callback-token': DEMO_CALLBACK_SECRET },
    body: JSON.stringify({ transaction_id, msisdn: b.msisdn, account: b.loanNumber, amount, paid_at: at.toISOString(), network }),
  });
  return { transaction_id, status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** EAT wall-clock time of an instant, as statements print it. */
const eat = (at: Date) => new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const minutes = (n: number) => new Date(TEST_NOW.getTime() - n * 60_000);

async function runCount() {
  const [row] = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reconciliation_runs');
  return row!.n;
}

let b1: Borrower;
let b2: Borrower;
const paid: Record<string, string> = {};
let csv: string;
let runId: number;

beforeAll(async () => {
  api = await testApi();
  fx = await businessFixtures(api.db);
  for (const u of ['finance', 'admin', 'agent']) token[u] = await api.tokenFor(u);
  b1 = await fx.borrower();
  b2 = await fx.borrower();
  // What the portal recorded from HaloPesa today.
  paid.exact = (await pay(b1, 5_000, 'halopesa', minutes(120))).transaction_id;
  paid.mismatch = (await pay(b1, 7_000, 'halopesa', minutes(100))).transaction_id;
  paid.byPhone = (await pay(b2, 3_000, 'halopesa', minutes(90))).transaction_id;
  paid.portalOnly = (await pay(b2, 2_500, 'halopesa', minutes(60))).transaction_id;
  const m = r.PROVIDER_MAPPINGS.halopesa;
  csv = Papa.unparse([
    [m.receipt, m.completed_at, m.details, m.paid_in, m.withdrawn, m.balance],
    [paid.exact, eat(minutes(120)), `Payment from ${b1.msisdn} - ${b1.name}`, '5,000', '', '5,000'],
    [paid.mismatch, eat(minutes(100)), `Payment from ${b1.msisdn}`, '7,500', '', '12,500'],
    // The provider's id differs from the callback's, the phone, amount and time agree.
    ['HP-OTHER-ID', eat(minutes(85)), `Payment from 0${b2.msisdn.slice(3)} - ${b2.name}`, '3000', '', '15,500'],
    // The callback never arrived.
    ['HP-MISSING-1', eat(minutes(50)), `Payment from ${b2.msisdn}, Acc. WRONG-1`, '4,200', '', '19,700'],
    // The provider printed a line twice.
    [paid.exact, eat(minutes(120)), `Payment from ${b1.msisdn} - ${b1.name}`, '5,000', '', '5,000'],
    ['HP-WD-1', eat(minutes(40)), 'Transfer to bank', '', '10,000', '9,700'],
  ]);
});
afterAll(() => api.close());

describe('who may call and bad input', () => {
  it('401, 403 naming the role', async () => {
    expect((await post(routes.reconciliationRuns.path, {}, null)).status).toBe(401);
    const res = await post(routes.reconciliationRuns.path, {}, token.agent!);
    expect(res.status).toBe(403);
    expect(res.body.role).toBe('UPLOAD_RECONCILIATION_DOCUMENT');
  });

  it('a future period, columns not matching the mapping, a file over the limit: 400 naming what is wrong, nothing kept', async () => {
    const today = eatDay();
    const base = { provider: 'halopesa', from: today, to: today, file_name: 'halopesa.csv', content: b64(csv) };
    const future = await post(routes.uploadStatement.path, { ...base, to: '2026-12-01' });
    expect(future.status).toBe(400);
    expect(future.body.fields.to).toBe('must not be in the future');
    const wrongColumns = await post(routes.uploadStatement.path, { ...base, provider: 'mpesa' });
    expect(wrongColumns.status).toBe(400);
    expect(wrongColumns.body.fields.content).toContain('no column "Receipt No." (receipt)');
    const big = await post(routes.uploadStatement.path, {
      ...base,
      content: 'A'.repeat(Math.ceil(r.RECONCILIATION_LIMITS.fileBytes / 3) * 4 + 4),
    });
    expect(big.status).toBe(400);
    expect(big.body.fields.content).toContain('over the size limit');
    const badAmount = await post(routes.uploadStatement.path, {
      ...base,
      content: b64(csv.replace('7,500', 'seven')),
    });
    expect(badAmount.status).toBe(400);
    expect(badAmount.body.fields.content).toMatch(/^line 3: "seven" is not a whole amount/);
    const outside = await post(routes.uploadStatement.path, {
      ...base,
      content: b64(csv.replace(eat(minutes(50)), '2026-10-01 10:00:00')),
    });
    expect(outside.body.fields.content).toMatch(/line 5: completed 2026-10-01, outside the period/);
    expect((await post(routes.uploadStatement.path, { ...base, file_name: 'statement.pdf' })).body.fields.file_name).toMatch(
      /csv or \.xlsx/,
    );
    expect(await runCount()).toBe(0);
  });
});

describe('a HaloPesa statement', () => {
  it('matches by receipt, then by phone, amount and time; shows each kind of difference', async () => {
    const res = await post(routes.uploadStatement.path, {
      provider: 'halopesa',
      from: eatDay(),
      to: eatDay(),
      file_name: 'halopesa-nov.csv',
      content: b64(csv),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const run = r.reconciliationRun.parse(res.body);
    runId = run.id;
    expect(run).toMatchObject({
      provider: 'halopesa',
      lines: 5,
      statement_total: 5_000 + 7_500 + 3_000 + 4_200 + 5_000,
      portal_total: 5_000 + 7_000 + 3_000 + 2_500,
      counts: { matched: 2, amount_mismatch: 1, statement_only: 1, portal_only: 1, duplicate: 1 },
      open_differences: 4,
      status: 'open',
      uploaded_by: 'Esther Massawe',
    });
    const detail = r.runDetail.parse((await post(routes.reconciliationRun.path, { run_id: runId })).body);
    const byKind = Object.fromEntries(detail.data.map((l) => [l.kind, l]));
    expect(byKind.amount_mismatch).toMatchObject({
      receipt: paid.mismatch,
      statement_amount: 7_500,
      portal_amount: 7_000,
      ledger_posted: true,
    });
    expect(byKind.statement_only).toMatchObject({
      receipt: 'HP-MISSING-1',
      payer_phone: b2.msisdn,
      transaction_id: null,
      ledger_posted: false,
    });
    expect(byKind.portal_only).toMatchObject({ transaction_id: paid.portalOnly, portal_status: 'completed', ledger_posted: true });
    const all = r.runDetail.parse((await post(routes.reconciliationRun.path, { run_id: runId, show: 'all' })).body);
    expect(all.data.find((l) => l.receipt === 'HP-OTHER-ID')).toMatchObject({
      kind: 'matched',
      matched_by: 'phone_amount_time',
      transaction_id: paid.byPhone,
    });
  });

  it('a payment a run names is never deleted nor renumbered, so the line keeps naming it (decision 060)', async () => {
    const [named] = await api.db.query<{ id: string }>(
      `SELECT t.id FROM reconciliation_lines l JOIN transactions t ON t.id = l.transaction_row_id
        WHERE l.run_id = $1 AND l.kind = 'portal_only'`,
      [runId],
    );
    expect(named).toBeDefined();
    await expect(api.db.query('DELETE FROM transactions WHERE id = $1', [named!.id])).rejects.toThrow(/never deleted/);
    await expect(api.db.query('UPDATE transactions SET id = id + 1000000 WHERE id = $1', [named!.id])).rejects.toThrow(
      /never deleted and its id never changes/,
    );
    // Other writes of a payment go on as before (a suspended payment is released by an update of its status).
    await api.db.query('UPDATE transactions SET status = status WHERE id = $1', [named!.id]);
    const differences = r.runDetail.parse((await post(routes.reconciliationRun.path, { run_id: runId, show: 'differences' })).body);
    expect(differences.data.find((l) => l.kind === 'portal_only')).toMatchObject({ transaction_id: paid.portalOnly });
  });

  it('the same file again is recognised', async () => {
    const again = await post(routes.uploadStatement.path, {
      provider: 'halopesa',
      from: eatDay(),
      to: eatDay(),
      file_name: 'copy.csv',
      content: b64(csv),
    });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('duplicate_statement');
    expect(again.body.message).toContain(`run ${runId}`);
  });

  it('the document is kept as uploaded; reconciliation_deposits lists the run', async () => {
    const doc = r.statementDocument.parse((await post(routes.statementDocument.path, { run_id: runId })).body);
    expect(Buffer.from(doc.content, 'base64').toString()).toBe(csv);
    expect(doc).toMatchObject({ file_name: 'halopesa-nov.csv', content_type: 'text/csv' });
    const deposits = f.reconciliationDeposits.parse(
      (await post(routes.reconciliationDeposits.path, { from: eatDay(), to: eatDay(), network: 'halopesa' })).body,
    );
    expect(deposits.runs.map((x) => x.id)).toEqual([runId]);
    expect(deposits.data.map((t) => t.transaction_id)).toContain(paid.portalOnly);
  });

  it('each difference is resolved with a reason; the missing payment is booked into suspense, balanced', async () => {
    const detail = r.runDetail.parse((await post(routes.reconciliationRun.path, { run_id: runId })).body);
    const line = (kind: string) => detail.data.find((l) => l.kind === kind)!;
    const sheet = async () => f.balanceSheet.parse((await post(routes.balanceSheet.path, { at: eatDay() })).body);
    const before = await sheet();
    const noReason = await post(routes.resolveReconciliationLine.path, {
      run_id: runId,
      line_id: line('statement_only').id,
      resolution: 'record_payment',
      reason: '',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields.reason).toMatch(/reason/);
    const wrongKind = await post(routes.resolveReconciliationLine.path, {
      run_id: runId,
      line_id: line('portal_only').id,
      resolution: 'record_payment',
      reason: 'Book it',
    });
    expect(wrongKind.status).toBe(409);
    expect(wrongKind.body.reason).toBe('not_statement_only');
    const booked = await post(routes.resolveReconciliationLine.path, {
      run_id: runId,
      line_id: line('statement_only').id,
      resolution: 'record_payment',
      reason: 'Callback never arrived',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(r.reconciliationLine.parse(booked.body)).toMatchObject({
      resolution: 'record_payment',
      transaction_id: 'HP-MISSING-1',
      portal_status: 'suspended',
      ledger_posted: true,
      resolved_by: 'Esther Massawe',
    });
    const after = await sheet();
    expect(after.balanced).toBe(true);
    const amount = (s: f.BalanceSheet, code: string) => [...s.assets, ...s.liabilities].find((l) => l.code === code)!.amount;
    expect(amount(after, 'unallocated_payments') - amount(before, 'unallocated_payments')).toBe(4_200);
    expect(amount(after, 'mobile_money_clearing') - amount(before, 'mobile_money_clearing')).toBe(4_200);
    const queue = f.suspenseQueue.parse((await post(routes.suspenseQueue.path, { search: 'HP-MISSING-1' })).body);
    expect(queue.response[0]).toMatchObject({ amount: 4_200, payment_phone: b2.msisdn });
    const again = await post(routes.resolveReconciliationLine.path, {
      run_id: runId,
      line_id: line('statement_only').id,
      resolution: 'explained',
      reason: 'Twice',
    });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('not_open');
    expect((await api.auditRows('reconciliation.resolved')).length).toBe(1);
  });

  it('signed off by a second person once nothing is open, then locked', async () => {
    const open = await post(routes.signOffReconciliation.path, { run_id: runId }, token.admin!);
    expect(open.status).toBe(409);
    expect(open.body.reason).toBe('differences_open');
    const detail = r.runDetail.parse((await post(routes.reconciliationRun.path, { run_id: runId, show: 'open' })).body);
    expect(detail.total).toBe(3);
    for (const l of detail.data) {
      const res = await post(routes.resolveReconciliationLine.path, {
        run_id: runId,
        line_id: l.id,
        resolution: 'explained',
        reason: `Checked with HaloPesa: ${l.kind}`,
      });
      expect(res.status).toBe(200);
    }
    const own = await post(routes.signOffReconciliation.path, { run_id: runId });
    expect(own.status).toBe(403);
    expect(own.body.reason).toBe('own_request');
    const signed = await post(routes.signOffReconciliation.path, { run_id: runId }, token.admin!);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(r.reconciliationRun.parse(signed.body)).toMatchObject({
      status: 'signed_off',
      open_differences: 0,
      uploaded_by: 'Esther Massawe',
    });
    const matched = r.runDetail.parse((await post(routes.reconciliationRun.path, { run_id: runId, show: 'all' })).body).data[0]!;
    const locked = await post(routes.resolveReconciliationLine.path, {
      run_id: runId,
      line_id: matched.id,
      resolution: 'explained',
      reason: 'Late',
    });
    expect(locked.status).toBe(409);
    expect(locked.body.reason).toBe('run_locked');
    expect((await post(routes.signOffReconciliation.path, { run_id: runId }, token.admin!)).body.reason).toBe('run_locked');
    const list = r.runsPage.parse((await post(routes.reconciliationRuns.path, {})).body);
    expect(list.data[0]).toMatchObject({ id: runId, status: 'signed_off', signed_off_by: expect.any(String) });
  });
});

describe('an Airtel Money statement in XLSX with a saved custom mapping', () => {
  it('is parsed by the named mapping', async () => {
    const b = await fx.borrower();
    const t = await pay(b, 9_000, 'airtel_money', minutes(30));
    const columns = { receipt: 'Txn', completed_at: 'When', details: 'Narrative', paid_in: 'In' };
    const saved = await post(routes.saveReconciliationMapping.path, { name: 'Airtel export 2026', provider: 'airtel_money', columns });
    expect(saved.status).toBe(200);
    const list = r.mappingList.parse((await post(routes.reconciliationMappings.path, undefined)).body);
    expect(list.data.map((m) => m.name)).toEqual(['Airtel export 2026']);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Statement');
    sheet.addRow(['Txn', 'When', 'Narrative', 'In']);
    sheet.addRow([t.transaction_id, new Date(minutes(30).getTime() + 3 * 3_600_000), `From ${b.msisdn}`, 9000]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const base = { provider: 'airtel_money', from: eatDay(), to: eatDay(), file_name: 'airtel.xlsx', content: bytes.toString('base64') };
    const unknown = await post(routes.uploadStatement.path, { ...base, mapping_name: 'Nope' });
    expect(unknown.status).toBe(404);
    const res = await post(routes.uploadStatement.path, { ...base, mapping_name: 'Airtel export 2026' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(r.reconciliationRun.parse(res.body)).toMatchObject({ lines: 1, counts: { matched: 1, portal_only: 0, statement_only: 0 } });
  });
});

describe('month-end close', () => {
  it('closes a past month with an audit row; a posting into it is refused; an open month cannot be closed', async () => {
    const notEnded = await post(routes.closePeriod.path, { month: '2026-11', reason: 'Month end' });
    expect(notEnded.status).toBe(409);
    expect(notEnded.body.reason).toBe('period_not_ended');
    expect((await post(routes.closePeriod.path, { month: '2026-13', reason: 'x' })).body.fields.month).toMatch(/month/);
    const octoberSheet = f.balanceSheet.parse((await post(routes.balanceSheet.path, { at: '2026-10-31' })).body);
    const closed = await post(routes.closePeriod.path, { month: '2026-10', reason: 'October books agreed with the bank' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(201);
    expect(closed.body).toMatchObject({ month: '2026-10', closed_through: '2026-10-31', closed_by: 'Esther Massawe' });
    expect((await post(routes.closePeriod.path, { month: '2026-09', reason: 'Again' })).body.reason).toBe('period_closed');
    expect((await api.auditRows('finance.period_closed')).length).toBe(1);
    const periods = r.closedPeriods.parse((await post(routes.closedPeriods.path, undefined)).body);
    expect(periods.closed_through).toBe('2026-10-31');

    // A payment booked while the clock stands in October (a late-running job, a wrong clock) is refused whole.
    const b = await fx.borrower();
    api.clock.set('2026-10-31T12:00:00Z');
    try {
      const refused = await pay(b, 1_000, 'mpesa', new Date('2026-10-31T11:00:00Z'));
      expect(refused.status).toBe(409);
      expect(refused.body.reason).toBe('period_closed');
      const [row] = await api.db.query('SELECT 1 FROM transactions WHERE transaction_id = $1', [refused.transaction_id]);
      expect(row).toBeUndefined();
    } finally {
      api.clock.set(TEST_NOW);
    }
    // November postings go on; October's statement never changes.
    expect((await pay(b, 1_000, 'mpesa', minutes(5))).status).toBe(200);
    const later = f.balanceSheet.parse((await post(routes.balanceSheet.path, { at: '2026-10-31' })).body);
    expect(later).toEqual(octoberSheet);
  });
});
