import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  type ColumnMapping,
  type Explanation,
  type ReconciliationLine,
  type ReconciliationRun,
  type closeRequest,
  PROVIDER_MAPPINGS,
  RECONCILIATION_LIMITS,
  type resolveLine,
  type runRef,
  type runRequest,
  type runsRequest,
  type saveMapping,
  type uploadStatement,
} from '../../../src/contract/reconciliation';
import type { Caller, Deps } from '../../deps';
import type { Queryable } from '../../db/port';
import { audit } from '../../audit';
import { badRequest } from '../../errors';
import { post } from '../ledger';
import { DAY_MS, addDays, eatDay, eatDayStart } from '../calendar';
import { type Row, iso, isUniqueViolation, refuse } from '../shared';
import { needAnyRole } from './shared';
import { FINANCE_ROLES } from '../../../src/contract/finance';
import { type StatementLine, readStatement } from './statement-file';

/**
 * Reconciliation of mobile-money statements (issue 13, decision 018). The upload is parsed and matched in one
 * transaction that keeps the file, the run and every line; nothing is kept when the file is refused. Matching: by
 * receipt (the provider's transaction id, unique in `transactions`), then what is left by payer phone + amount
 * within RECONCILIATION_LIMITS.windowMinutes; a receipt twice in the file is a duplicate; the portal's payments of
 * the provider in the period that no line matched are "in portal only".
 */

const RUN_COLUMNS = `r.id, r.provider, to_char(r.period_from, 'YYYY-MM-DD') AS period_from, to_char(r.period_to, 'YYYY-MM-DD') AS period_to,
  r.file_name, r.sha256, r.line_count, r.statement_total, r.portal_total, r.status, r.uploaded_at, r.signed_off_at,
  u.full_name AS uploaded_by, s.full_name AS signed_off_by,
  (SELECT json_object_agg(k.kind, k.n) FROM (SELECT kind, count(*) AS n FROM reconciliation_lines WHERE run_id = r.id GROUP BY kind) k) AS counts,
  (SELECT count(*)::int FROM reconciliation_lines WHERE run_id = r.id AND kind <> 'matched' AND resolution IS NULL) AS open_differences`;
const RUN_JOINS = 'JOIN admins u ON u.id = r.uploaded_by LEFT JOIN admins s ON s.id = r.signed_off_by';

function toRun(r: Row): ReconciliationRun {
  const c = (r.counts ?? {}) as Record<string, number>;
  return {
    id: Number(r.id),
    provider: r.provider,
    from: r.period_from,
    to: r.period_to,
    file_name: r.file_name,
    sha256: r.sha256,
    lines: Number(r.line_count),
    statement_total: Number(r.statement_total),
    portal_total: Number(r.portal_total),
    counts: {
      matched: Number(c.matched ?? 0),
      amount_mismatch: Number(c.amount_mismatch ?? 0),
      statement_only: Number(c.statement_only ?? 0),
      portal_only: Number(c.portal_only ?? 0),
      duplicate: Number(c.duplicate ?? 0),
    },
    open_differences: Number(r.open_differences),
    status: r.status,
    uploaded_by: r.uploaded_by,
    uploaded_at: iso(r.uploaded_at)!,
    signed_off_by: r.signed_off_by ?? null,
    signed_off_at: iso(r.signed_off_at),
  };
}

async function runById(db: Queryable, id: number, lock = false): Promise<ReconciliationRun> {
  if (lock) await db.query('SELECT id FROM reconciliation_runs WHERE id = $1 FOR UPDATE', [id]);
  const [r] = await db.query<Row>(`SELECT ${RUN_COLUMNS} FROM reconciliation_runs r ${RUN_JOINS} WHERE r.id = $1`, [id]);
  if (!r) throw refuse(404, 'not_found', `No reconciliation run ${id}`);
  return toRun(r);
}

// ---------------------------------------------------------------------------------------------------------------
// Mappings

export async function mappings(deps: Deps) {
  const rows = await deps.db.query<Row>('SELECT name, provider, columns, created_at FROM reconciliation_mappings ORDER BY name LIMIT 200');
  return { data: rows.map((r) => ({ name: r.name, provider: r.provider, columns: r.columns, created_at: iso(r.created_at)! })) };
}

export async function saveMappingFor(deps: Deps, caller: Caller, body: z.output<typeof saveMapping>) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO reconciliation_mappings (name, provider, columns, created_by, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (name) DO UPDATE SET provider = EXCLUDED.provider, columns = EXCLUDED.columns, created_by = EXCLUDED.created_by,
         created_at = EXCLUDED.created_at`,
      [body.name, body.provider, JSON.stringify(body.columns), caller.adminId, now],
    );
    await audit(tx, {
      actorId: caller.adminId,
      action: 'reconciliation.mapping_saved',
      entity: 'reconciliation_mapping',
      entityId: null,
      after: body,
      at: now,
    });
    return { ...body, created_at: now.toISOString() };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Upload and matching

interface PortalPayment {
  id: number;
  transaction_id: string;
  amount: number;
  payment_phone: string | null;
  at: number;
}

interface NewLine {
  kind: ReconciliationLine['kind'];
  matched_by: 'receipt' | 'phone_amount_time' | null;
  receipt: string | null;
  completed_at: string | null;
  details: string | null;
  payer_phone: string | null;
  statement_amount: number | null;
  portal_amount: number | null;
  transaction_row_id: number | null;
}

/** The matching itself: pure, given the statement's money-in lines and the portal's payments of the period. */
export function matchStatement(lines: StatementLine[], portal: PortalPayment[], windowMs: number): NewLine[] {
  const byReceipt = new Map(portal.map((p) => [p.transaction_id, p]));
  const used = new Set<number>();
  const seen = new Set<string>();
  const out: NewLine[] = [];
  const pending: StatementLine[] = [];
  const line = (l: StatementLine, rest: Partial<NewLine>): NewLine => ({
    kind: 'matched',
    matched_by: null,
    receipt: l.receipt,
    completed_at: l.completedAt.toISOString(),
    details: l.details,
    payer_phone: l.payerPhone,
    statement_amount: l.paidIn,
    portal_amount: null,
    transaction_row_id: null,
    ...rest,
  });
  for (const l of lines) {
    if (seen.has(l.receipt)) {
      out.push(line(l, { kind: 'duplicate' }));
      continue;
    }
    seen.add(l.receipt);
    const p = byReceipt.get(l.receipt);
    if (p && !used.has(p.id)) {
      used.add(p.id);
      out.push(
        line(l, {
          kind: p.amount === l.paidIn ? 'matched' : 'amount_mismatch',
          matched_by: 'receipt',
          portal_amount: p.amount,
          transaction_row_id: p.id,
        }),
      );
    } else pending.push(l);
  }
  // By payer phone and amount within the window, nearest in time first.
  const byKey = new Map<string, PortalPayment[]>();
  for (const p of portal) {
    if (used.has(p.id) || !p.payment_phone) continue;
    const key = `${p.payment_phone}|${p.amount}`;
    byKey.set(key, [...(byKey.get(key) ?? []), p]);
  }
  for (const l of pending) {
    const candidates = l.payerPhone ? (byKey.get(`${l.payerPhone}|${l.paidIn}`) ?? []) : [];
    const at = l.completedAt.getTime();
    const best = candidates
      .filter((p) => !used.has(p.id) && Math.abs(p.at - at) <= windowMs)
      .sort((a, b) => Math.abs(a.at - at) - Math.abs(b.at - at))[0];
    if (best) {
      used.add(best.id);
      out.push(line(l, { matched_by: 'phone_amount_time', portal_amount: best.amount, transaction_row_id: best.id }));
    } else out.push(line(l, { kind: 'statement_only' }));
  }
  for (const p of portal) {
    if (used.has(p.id)) continue;
    out.push({
      kind: 'portal_only',
      matched_by: null,
      receipt: p.transaction_id,
      completed_at: new Date(p.at).toISOString(),
      details: null,
      payer_phone: p.payment_phone,
      statement_amount: null,
      portal_amount: p.amount,
      transaction_row_id: p.id,
    });
  }
  return out;
}

export async function uploadStatementFile(deps: Deps, caller: Caller, body: z.output<typeof uploadStatement>) {
  const now = deps.clock.now();
  const today = eatDay(now);
  if (body.from > today) throw badRequest('from', 'must not be in the future');
  if (body.to > today) throw badRequest('to', 'must not be in the future');
  const bytes = Buffer.from(body.content, 'base64');
  if (bytes.length > RECONCILIATION_LIMITS.fileBytes)
    throw badRequest('content', `the file is over the size limit of ${RECONCILIATION_LIMITS.fileBytes / 1024 / 1024} MB`);
  const format = /\.xlsx$/i.test(body.file_name) ? 'xlsx' : 'csv';
  let mapping: ColumnMapping = PROVIDER_MAPPINGS[body.provider];
  if (body.mapping_name) {
    const [m] = await deps.db.query<Row>('SELECT columns FROM reconciliation_mappings WHERE name = $1', [body.mapping_name]);
    if (!m) throw refuse(404, 'not_found', `No saved mapping named "${body.mapping_name}"`);
    mapping = m.columns as ColumnMapping;
  }
  const all = await readStatement(format, bytes, mapping);
  const start = eatDayStart(body.from);
  const end = new Date(eatDayStart(body.to).getTime() + DAY_MS);
  const outside = all.find((l) => l.completedAt < start || l.completedAt >= end);
  if (outside)
    throw badRequest(
      'content',
      `line ${outside.line}: completed ${eatDay(outside.completedAt)}, outside the period ${body.from} to ${body.to}`,
    );
  const lines = all.filter((l) => l.paidIn > 0);
  const sha256 = createHash('sha256').update(bytes).digest('hex');

  const id = await deps.db.transaction((tx) =>
    storeRun(tx, {
      provider: body.provider,
      from: body.from,
      to: body.to,
      fileName: body.file_name,
      format,
      content: body.content,
      sha256,
      mappingName: body.mapping_name ?? null,
      lines,
      adminId: caller.adminId,
      now,
    }),
  );
  return runById(deps.db, id);
}

// ---------------------------------------------------------------------------------------------------------------
// Runs and lines

export async function runs(deps: Deps, q: z.output<typeof runsRequest>) {
  const params: unknown[] = [];
  const where = q.provider ? (params.push(q.provider), ' WHERE r.provider = $1') : '';
  const [{ n }] = (await deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM reconciliation_runs r${where}`, params)) as [
    { n: number },
  ];
  const rows = await deps.db.query<Row>(
    `SELECT ${RUN_COLUMNS} FROM reconciliation_runs r ${RUN_JOINS}${where} ORDER BY r.uploaded_at DESC, r.id DESC LIMIT ${q.limit} OFFSET ${q.skip}`,
    params,
  );
  return { data: rows.map(toRun), total: n, limit: q.limit, skip: q.skip };
}

/** The runs whose period overlaps a date range (for reconciliation_deposits). */
export async function runsOverlapping(db: Queryable, from: string, to: string, provider?: string) {
  const rows = await db.query<Row>(
    `SELECT ${RUN_COLUMNS} FROM reconciliation_runs r ${RUN_JOINS}
      WHERE r.period_to >= $1 AND r.period_from <= $2${provider ? ' AND r.provider = $3' : ''}
      ORDER BY r.period_to DESC, r.id DESC LIMIT 50`,
    provider ? [from, to, provider] : [from, to],
  );
  return rows.map(toRun);
}

const LINE_COLUMNS = `l.id, l.kind, l.matched_by, l.receipt, l.completed_at, l.details, l.payer_phone, l.statement_amount, l.portal_amount,
  l.resolution, l.resolution_reason, l.resolved_at, a.full_name AS resolved_by,
  t.transaction_id, t.status AS portal_status, t.account_keyed_in,
  (t.id IS NOT NULL AND EXISTS (SELECT 1 FROM ledger_entries e
     WHERE (e.loan_id = t.loan_id OR (t.loan_id IS NULL AND e.kind IN ('payment_suspended', 'statement_recorded', 'deposit_received', 'deposit_suspended')))
       AND e.posted_at >= t.date_processed - interval '1 hour'
       AND e.credit_account IN ('loans_receivable', 'unallocated_payments', 'late_fee_income', 'customer_deposits')
       AND e.description LIKE '%' || t.transaction_id || '%')) AS ledger_posted,
  cb.n AS callback_count, cb.first_at AS callback_at, cb.status AS callback_status, cb.result_code AS callback_result_code`;
// The callback log's leg (decision 027): the callbacks with the line's receipt or its payment's.
const LINE_JOINS = `LEFT JOIN transactions t ON t.id = l.transaction_row_id LEFT JOIN admins a ON a.id = l.resolved_by
  LEFT JOIN LATERAL (SELECT count(*)::int AS n, min(c.received_at) AS first_at, (array_agg(c.status ORDER BY c.id DESC))[1] AS status,
                            (array_agg(c.result_code ORDER BY c.id DESC))[1] AS result_code
                       FROM payment_callbacks c WHERE c.receipt = l.receipt OR c.receipt = t.transaction_id) cb ON true`;

/** The three-way match of a line, statement -> callback log -> ledger, as one reason (decision 027). Pure. */
export function explainLine(l: {
  kind: ReconciliationLine['kind'];
  matched_by: ReconciliationLine['matched_by'];
  resolution: ReconciliationLine['resolution'];
  portal_status: string | null;
  ledger_posted: boolean;
  callbacks: number;
}): Explanation {
  if (l.resolution === 'record_payment') return 'recorded';
  switch (l.kind) {
    case 'duplicate':
      return 'duplicate';
    case 'statement_only':
      return l.callbacks > 0 ? 'callback_not_posted' : 'callback_missing';
    case 'portal_only':
      if (!l.ledger_posted) return 'portal_only_no_ledger';
      return l.callbacks > 0 ? 'portal_only' : 'portal_only_no_callback';
    case 'amount_mismatch':
      return 'amount_differs';
    default:
      if (!l.ledger_posted) return 'not_posted';
      if (l.portal_status === 'suspended') return 'suspended';
      if (l.callbacks === 0) return 'no_callback';
      return l.matched_by === 'phone_amount_time' ? 'agree_by_phone' : 'agree';
  }
}

const toLine = (r: Row): ReconciliationLine => ({
  id: Number(r.id),
  kind: r.kind,
  matched_by: r.matched_by,
  receipt: r.receipt,
  completed_at: iso(r.completed_at),
  details: r.details,
  payer_phone: r.payer_phone,
  statement_amount: r.statement_amount === null ? null : Number(r.statement_amount),
  portal_amount: r.portal_amount === null ? null : Number(r.portal_amount),
  transaction_id: r.transaction_id ?? null,
  portal_status: r.portal_status ?? null,
  account_keyed_in: r.account_keyed_in ?? null,
  ledger_posted: Boolean(r.ledger_posted),
  callbacks: Number(r.callback_count ?? 0),
  callback_at: iso(r.callback_at),
  callback_status: r.callback_status ?? null,
  callback_result_code: r.callback_result_code ?? null,
  explanation: explainLine({
    kind: r.kind,
    matched_by: r.matched_by,
    resolution: r.resolution,
    portal_status: r.portal_status ?? null,
    ledger_posted: Boolean(r.ledger_posted),
    callbacks: Number(r.callback_count ?? 0),
  }),
  resolution: r.resolution,
  resolution_reason: r.resolution_reason,
  resolved_by: r.resolved_by ?? null,
  resolved_at: iso(r.resolved_at),
});

export async function run(deps: Deps, q: z.output<typeof runRequest>) {
  const detail = await runById(deps.db, q.run_id);
  const filter = { differences: " AND l.kind <> 'matched'", open: " AND l.kind <> 'matched' AND l.resolution IS NULL", all: '' }[q.show];
  const [{ n }] = (await deps.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM reconciliation_lines l WHERE l.run_id = $1${filter}`,
    [q.run_id],
  )) as [{ n: number }];
  const rows = await deps.db.query<Row>(
    `SELECT ${LINE_COLUMNS} FROM reconciliation_lines l ${LINE_JOINS} WHERE l.run_id = $1${filter} ORDER BY l.id LIMIT ${q.limit} OFFSET ${q.skip}`,
    [q.run_id],
  );
  return { run: detail, data: rows.map(toLine), total: n, limit: q.limit, skip: q.skip };
}

export async function resolve(deps: Deps, caller: Caller, body: z.output<typeof resolveLine>) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [r] = await tx.query<Row>('SELECT id, provider, status FROM reconciliation_runs WHERE id = $1 FOR UPDATE', [body.run_id]);
    if (!r) throw refuse(404, 'not_found', `No reconciliation run ${body.run_id}`);
    if (r.status === 'signed_off') throw refuse(409, 'run_locked', 'This run is signed off: it cannot change');
    const [line] = await tx.query<Row>('SELECT * FROM reconciliation_lines WHERE id = $1 AND run_id = $2 FOR UPDATE', [
      body.line_id,
      body.run_id,
    ]);
    if (!line) throw refuse(404, 'not_found', `No line ${body.line_id} in run ${body.run_id}`);
    if (line.kind === 'matched' || line.resolution !== null)
      throw refuse(409, 'not_open', 'This line is no open difference: it matched or is resolved already');
    let transactionRowId: number | null = line.transaction_row_id === null ? null : Number(line.transaction_row_id);
    if (body.resolution === 'record_payment') {
      if (line.kind !== 'statement_only')
        throw refuse(409, 'not_statement_only', 'Only money on the statement that the portal never recorded can be recorded');
      const amount = Number(line.statement_amount);
      const [t] = await tx.query<Row>(
        `INSERT INTO transactions (transaction_id, master_transaction_id, reference_no, kind, payment_method, status, amount, credit,
                                   payment_phone, account_keyed_in, customer_name, date_processed, created_at)
         VALUES ($1, $1, $1, 'repayment', $2, 'suspended', $3, $3, $4, $5, NULL, $6, $7)
         ON CONFLICT (transaction_id) DO NOTHING RETURNING id`,
        [
          line.receipt,
          r.provider,
          amount,
          line.payer_phone,
          line.details ? String(line.details).slice(0, 200) : null,
          line.completed_at,
          now,
        ],
      );
      if (!t) throw refuse(409, 'not_open', `The portal has recorded ${line.receipt} since the upload: upload the statement again`);
      transactionRowId = Number(t.id);
      // Money in the wallet that matches no loan yet: suspense, where the wrong-account fix (two people) applies it.
      await post(tx, {
        kind: 'statement_recorded',
        debit: 'mobile_money_clearing',
        credit: 'unallocated_payments',
        amount,
        description: `Payment ${line.receipt} found on the ${r.provider} statement (run ${r.id}) and never recorded: held in suspense`,
        postedBy: caller.adminId,
        at: now,
      });
    }
    await tx.query(
      'UPDATE reconciliation_lines SET resolution = $2, resolution_reason = $3, resolved_by = $4, resolved_at = $5, transaction_row_id = $6 WHERE id = $1',
      [line.id, body.resolution, body.reason, caller.adminId, now, transactionRowId],
    );
    await audit(tx, {
      actorId: caller.adminId,
      action: 'reconciliation.resolved',
      entity: 'reconciliation_line',
      entityId: Number(line.id),
      before: { kind: line.kind, resolution: null },
      after: { run_id: Number(r.id), resolution: body.resolution, reason: body.reason, transaction_row_id: transactionRowId },
      at: now,
    });
    const [row] = (await tx.query<Row>(`SELECT ${LINE_COLUMNS} FROM reconciliation_lines l ${LINE_JOINS} WHERE l.id = $1`, [line.id])) as [
      Row,
    ];
    return toLine(row);
  });
}

export async function signOff(deps: Deps, caller: Caller, body: z.output<typeof runRef>) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const current = await runById(tx, body.run_id, true);
    const [r] = (await tx.query<Row>('SELECT uploaded_by FROM reconciliation_runs WHERE id = $1', [body.run_id])) as [Row];
    if (current.status === 'signed_off') throw refuse(409, 'run_locked', 'This run is signed off already');
    if (Number(r.uploaded_by) === caller.adminId)
      throw refuse(403, 'own_request', 'A second person signs a run off: not the one who uploaded it');
    if (current.open_differences > 0)
      throw refuse(409, 'differences_open', `${current.open_differences} differences are still open: resolve each with a reason first`);
    await tx.query("UPDATE reconciliation_runs SET status = 'signed_off', signed_off_by = $2, signed_off_at = $3 WHERE id = $1", [
      body.run_id,
      caller.adminId,
      now,
    ]);
    await audit(tx, {
      actorId: caller.adminId,
      action: 'reconciliation.signed_off',
      entity: 'reconciliation_run',
      entityId: body.run_id,
      before: { status: 'open' },
      after: { status: 'signed_off', uploaded_by: Number(r.uploaded_by), signed_off_by: caller.adminId, counts: current.counts },
      at: now,
    });
  });
  return runById(deps.db, body.run_id);
}

export async function document(deps: Deps, body: z.output<typeof runRef>) {
  const [r] = await deps.db.query<Row>('SELECT file_name, content_type, document FROM reconciliation_runs WHERE id = $1', [body.run_id]);
  if (!r) throw refuse(404, 'not_found', `No reconciliation run ${body.run_id}`);
  return { file_name: r.file_name, content_type: r.content_type, content: r.document };
}

// ---------------------------------------------------------------------------------------------------------------
// Month-end close

const lastDayOf = (month: string) => addDays(`${nextMonth(month)}-01`, -1);
function nextMonth(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

export async function closedPeriods(deps: Deps, caller: Caller) {
  needAnyRole(caller, FINANCE_ROLES);
  const rows = await deps.db.query<Row>(
    `SELECT p.month, to_char(p.closed_through, 'YYYY-MM-DD') AS closed_through, p.reason, p.closed_at, a.full_name
       FROM closed_periods p JOIN admins a ON a.id = p.closed_by ORDER BY p.closed_through DESC LIMIT 120`,
  );
  const data = rows.map((r) => ({
    month: r.month,
    closed_through: r.closed_through,
    closed_by: r.full_name,
    closed_at: iso(r.closed_at)!,
    reason: r.reason,
  }));
  return { data, closed_through: data[0]?.closed_through ?? null };
}

/** The last day closed (EAT), or null: no posting may land on or before its end. */
export async function closedThrough(db: Queryable): Promise<string | null> {
  const [r] = await db.query<Row>("SELECT to_char(max(closed_through), 'YYYY-MM-DD') AS d FROM closed_periods");
  return r?.d ?? null;
}

export async function closePeriod(deps: Deps, caller: Caller, body: z.output<typeof closeRequest>) {
  const now = deps.clock.now();
  const through = lastDayOf(body.month);
  if (through >= eatDay(now))
    throw refuse(409, 'period_not_ended', `${body.month} has not ended yet: it can be closed from ${addDays(through, 1)}`);
  return deps.db.transaction(async (tx) => {
    // One close at a time: the lock orders two finance staff closing at once.
    await tx.query('LOCK TABLE closed_periods IN EXCLUSIVE MODE');
    const last = await closedThrough(tx);
    if (last !== null && last >= through) throw refuse(409, 'period_closed', `${body.month} is closed already (closed through ${last})`);
    await tx.query('INSERT INTO closed_periods (month, closed_through, reason, closed_by, closed_at) VALUES ($1, $2, $3, $4, $5)', [
      body.month,
      through,
      body.reason,
      caller.adminId,
      now,
    ]);
    await audit(tx, {
      actorId: caller.adminId,
      action: 'finance.period_closed',
      entity: 'closed_period',
      entityId: null,
      before: { closed_through: last },
      after: { month: body.month, closed_through: through, reason: body.reason },
      at: now,
    });
    return { month: body.month, closed_through: through, closed_by: caller.name, closed_at: now.toISOString(), reason: body.reason };
  });
}

/** Matches a parsed statement and keeps it (run, lines, audit) in the caller's transaction; used by the upload and the demo seed. */
export async function storeRun(
  tx: Queryable,
  r: {
    provider: string;
    from: string;
    to: string;
    fileName: string;
    format: 'csv' | 'xlsx';
    content: string;
    sha256: string;
    mappingName: string | null;
    lines: StatementLine[];
    adminId: number;
    now: Date;
  },
): Promise<number> {
  const start = eatDayStart(r.from);
  const end = new Date(eatDayStart(r.to).getTime() + DAY_MS);
  const { lines, now, format } = r;
  const body = { provider: r.provider, from: r.from, to: r.to, file_name: r.fileName, content: r.content, mapping_name: r.mappingName };
  const sha256 = r.sha256;
  const caller = { adminId: r.adminId };
  const [before] = await tx.query<Row>('SELECT id FROM reconciliation_runs WHERE sha256 = $1', [sha256]);
  if (before) throw refuse(409, 'duplicate_statement', `This statement was uploaded before: run ${before.id}`);
  const portal = (
    await tx.query<Row>(
      `SELECT t.id, t.transaction_id, t.amount, t.payment_phone, t.date_processed FROM transactions t
        WHERE t.payment_method = $1 AND t.date_processed >= $2 AND t.date_processed < $3 AND t.status IN ('completed', 'suspended')`,
      [body.provider, start, end],
    )
  ).map((r) => ({
    id: Number(r.id),
    transaction_id: r.transaction_id as string,
    amount: Number(r.amount),
    payment_phone: r.payment_phone as string | null,
    at: new Date(r.date_processed).getTime(),
  }));
  const matched = matchStatement(lines, portal, RECONCILIATION_LIMITS.windowMinutes * 60_000);
  let run: Row | undefined;
  try {
    [run] = await tx.query<Row>(
      `INSERT INTO reconciliation_runs (provider, period_from, period_to, file_name, content_type, document, sha256, mapping_name, line_count,
                                        statement_total, portal_total, uploaded_by, uploaded_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [
        body.provider,
        body.from,
        body.to,
        body.file_name,
        format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        body.content,
        sha256,
        body.mapping_name ?? null,
        lines.length,
        lines.reduce((s, l) => s + l.paidIn, 0),
        portal.reduce((s, p) => s + p.amount, 0),
        caller.adminId,
        now,
      ],
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(409, 'duplicate_statement', 'This statement was uploaded before');
    throw error;
  }
  const runId = Number(run!.id);
  // Column arrays through unnest, 10,000 lines a statement (decision 027: cheaper to send and to read than JSON).
  for (let i = 0; i < matched.length; i += 10_000) {
    const chunk = matched.slice(i, i + 10_000);
    const column = <K extends keyof NewLine>(k: K) => chunk.map((l) => l[k]);
    await tx.query(
      `INSERT INTO reconciliation_lines (run_id, kind, matched_by, receipt, completed_at, details, payer_phone, statement_amount, portal_amount,
                                         transaction_row_id)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::text[], $7::text[], $8::bigint[], $9::bigint[], $10::bigint[])`,
      [
        runId,
        column('kind'),
        column('matched_by'),
        column('receipt'),
        column('completed_at'),
        column('details'),
        column('payer_phone'),
        column('statement_amount'),
        column('portal_amount'),
        column('transaction_row_id'),
      ],
    );
  }
  await audit(tx, {
    actorId: caller.adminId,
    action: 'reconciliation.uploaded',
    entity: 'reconciliation_run',
    entityId: runId,
    after: { provider: body.provider, from: body.from, to: body.to, file_name: body.file_name, sha256, lines: lines.length },
    at: now,
  });
  return runId;
}
