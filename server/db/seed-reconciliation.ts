import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import { PROVIDERS, PROVIDER_MAPPINGS } from '../../src/contract/reconciliation';
import { storeRun } from '../domain/finance/reconciliation';
import { payerPhoneIn, type StatementLine } from '../domain/finance/statement-file';
import { addDays, eatDay, eatDayStart, DAY_MS } from '../domain/calendar';
import type { Queryable } from './port';

const eatText = (at: Date) => new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * The demo's statements (issue 13, decision 018): for each provider, the last 30 days as the provider would print
 * them, uploaded by the administrator and waiting to be reconciled, with deliberate differences: a payment whose
 * callback never reached the portal, one whose callback came but reported a failure, a line printed twice, a payment the statement lacks, an amount that differs;
 * the payments in suspense (a wrong account keyed in) show as matched but held in suspense.
 */
export async function seedReconciliation(db: Queryable, { now }: { now: Date }): Promise<void> {
  const [admin] = await db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'admin'");
  if (!admin) return;
  const to = addDays(eatDay(now), -1);
  const from = addDays(to, -29);
  for (const [n, provider] of PROVIDERS.entries()) {
    const rows = await db.query<{
      transaction_id: string;
      amount: string;
      payment_phone: string | null;
      date_processed: Date;
      customer_name: string | null;
    }>(
      `SELECT transaction_id, amount, payment_phone, date_processed, customer_name FROM transactions
        WHERE payment_method = $1 AND date_processed >= $2 AND date_processed < $3 AND status IN ('completed', 'suspended')
        ORDER BY date_processed, id LIMIT 3000`,
      [provider, eatDayStart(from), new Date(eatDayStart(to).getTime() + DAY_MS)],
    );
    const m = PROVIDER_MAPPINGS[provider];
    const lines: Array<{ receipt: string; at: Date; details: string; amount: number }> = rows.map((r) => ({
      receipt: r.transaction_id,
      at: new Date(r.date_processed),
      details: `Payment from ${r.payment_phone ?? ''} - ${r.customer_name ?? ''}`.trim(),
      amount: Number(r.amount),
    }));
    // A payment the statement lacks (in the portal only), an amount that differs, a line printed twice.
    if (lines.length > 3) {
      lines.splice(1, 1);
      lines[1] = { ...lines[1]!, amount: lines[1]!.amount + 500 };
      lines.push({ ...lines[2]! });
    }
    // A payment whose callback never came (on the statement only).
    const missingAt = new Date(eatDayStart(to).getTime() + (9 + n) * 3_600_000);
    lines.push({
      receipt: `DEMO${provider.slice(0, 2).toUpperCase()}MISS${String(n + 1).padStart(4, '0')}`,
      at: missingAt,
      details: 'Payment from 255754000999 - JUMA MTEJA',
      amount: 25_000,
    });
    // A payment whose callback came but said the push failed (the provider timed out, yet took the money): the
    // callback log holds it, the ledger does not (decision 027).
    const failedAt = new Date(eatDayStart(to).getTime() + (11 + n) * 3_600_000);
    const failedReceipt = `DEMO${provider.slice(0, 2).toUpperCase()}FAIL${String(n + 1).padStart(4, '0')}`;
    lines.push({ receipt: failedReceipt, at: failedAt, details: 'Payment from 255754000998 - ASHA MTEJA', amount: 30_000 });
    // The callback log of the demo's payments: each came by its callback, as the demo's history says.
    await db.query(
      `INSERT INTO payment_callbacks (source, provider, receipt, reference, status, amount, msisdn, paid_at, received_at)
       SELECT CASE WHEN kind = 'deposit' THEN 'deposit' ELSE 'repayment' END, payment_method, transaction_id,
              coalesce(account_keyed_in, reference_no), 'SUCCESS', amount, payment_phone, date_processed, date_processed
         FROM transactions
        WHERE payment_method = $1 AND date_processed >= $2 AND date_processed < $3 AND status IN ('completed', 'suspended')`,
      [provider, eatDayStart(from), new Date(eatDayStart(to).getTime() + DAY_MS)],
    );
    await db.query(
      `INSERT INTO payment_callbacks (source, provider, receipt, reference, status, result_code, amount, msisdn, paid_at, received_at)
       VALUES ('repayment', $1, $2, 'ASHA', 'FAILED', 'TIMEOUT', 30000, '255754000998', $3, $3)`,
      [provider, failedReceipt, failedAt],
    );
    lines.sort((a, b) => a.at.getTime() - b.at.getTime());
    const csv = Papa.unparse([
      [m.receipt, m.completed_at, m.details, m.paid_in, m.withdrawn ?? 'Withdrawn', m.balance ?? 'Balance'],
      ...lines.map((l) => [l.receipt, eatText(l.at), l.details, l.amount, '', '']),
    ]);
    const parsed: StatementLine[] = lines.map((l, i) => ({
      line: i + 2,
      receipt: l.receipt,
      completedAt: l.at,
      details: l.details,
      paidIn: l.amount,
      withdrawn: 0,
      payerPhone: payerPhoneIn(l.details),
    }));
    const content = Buffer.from(csv).toString('base64');
    await storeRun(db, {
      provider,
      from,
      to,
      fileName: `${provider}-statement-${from}-${to}.csv`,
      format: 'csv',
      content,
      sha256: createHash('sha256').update(csv).digest('hex'),
      mappingName: null,
      lines: parsed,
      adminId: admin.id,
      now,
    });
  }
}
