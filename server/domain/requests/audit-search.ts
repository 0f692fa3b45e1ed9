import type { z } from 'zod';
import {
  REQUEST_AUDIT_CSV_COLUMNS,
  REQUEST_LIMITS,
  type requestAuditCsvQuery,
  type requestAuditQuery,
} from '../../../src/contract/requests';
import type { Deps } from '../../deps';
import { countedTotal, joinByKey, keptTotal, pageBounds, totalColumn, totalOf } from '../../db/page';
import { DAY_MS, EAT_MS, eatDay, eatDayStart } from '../calendar';
import { AUDIT_CSV_WORDS } from './audit-csv-words';
import { type Row, isoOfUtc, utcSql } from '../shared';
import { type Change, REQUEST_FROM } from './record';
import { NAMES_VERSION, namesFor, type Names } from '../names';

// ---------------------------------------------------------------------------------------------------------------
// The audit search

type AuditFilters = z.output<typeof requestAuditCsvQuery>;

function auditWhere(f: AuditFilters) {
  const params: unknown[] = [];
  const where: string[] = [];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replace('?', `$${params.length}`));
  };
  if (f.kind) add('r.kind = ?', f.kind);
  if (f.maker_id !== undefined) add('r.maker_id = ?', f.maker_id);
  if (f.checker_id !== undefined) add('r.checker_id = ?', f.checker_id);
  if (f.result) add('r.status = ?', f.result);
  const column = f.date_field === 'decided' ? 'r.decided_at' : 'r.submitted_at';
  if (f.from) add(`${column} >= ?`, eatDayStart(f.from));
  if (f.to) add(`${column} < ?`, new Date(eatDayStart(f.to).getTime() + DAY_MS));
  const order = f.date_field === 'decided' ? 'r.decided_at DESC NULLS LAST, r.id DESC' : 'r.submitted_at DESC, r.id DESC';
  const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  // Every filter is on the request itself, and every request has its maker: a filtered count reads requests alone.
  // With no filter the total is the count kept by migration 032's triggers (list_totals), not 15,000 index entries
  // a page at a million customers.
  const count = where.length ? `SELECT count(*)::int FROM requests r${whereSql}` : keptTotal('requests');
  return { sql: `FROM ${REQUEST_FROM}${whereSql}`, whereSql, count, params, order };
}

/**
 * The audit's columns: the request's, with the change it shows (what was applied, else what was asked) and its summary
 * read out of the JSON in SQL, and its times as ISO text. Reading `payload` and `applied` whole, and parsing both
 * times into Dates, was most of Node's work on a page.
 */
const AUDIT_COLUMNS = `r.id, r.kind, r.status, r.reason, r.decision_comment, r.customer_id, r.store_id,
  coalesce(nullif(r.applied, 'null'::jsonb), r.payload) -> 'before' AS shown_before,
  coalesce(nullif(r.applied, 'null'::jsonb), r.payload) -> 'after' AS shown_after,
  r.payload ->> 'summary' AS summary, ${utcSql('r.submitted_at')} AS submitted_at, ${utcSql('r.decided_at')} AS decided_at,
  r.maker_id, r.checker_id, c.msisdn AS customer_msisdn, c.first_name || ' ' || c.other_names AS customer_name, ${NAMES_VERSION}`;

function auditItem(r: Row, names: Names) {
  return {
    id: r.id as number,
    kind: r.kind,
    status: r.status,
    reason: r.reason as string | null,
    comment: r.decision_comment as string | null,
    maker: names.admin(r.maker_id as number),
    checker: r.checker_id === null ? null : names.admin(r.checker_id as number),
    submitted_at: isoOfUtc(r.submitted_at)!,
    decided_at: isoOfUtc(r.decided_at),
    store: r.store_id === null ? null : names.store(r.store_id as number),
    customer:
      r.customer_id === null ? null : { id: r.customer_id as number, msisdn: r.customer_msisdn as string, name: r.customer_name as string },
    summary: r.summary as string,
    before: r.shown_before as Change['before'],
    after: r.shown_after as Change['after'],
  };
}

export async function searchAudit(deps: Deps, q: z.output<typeof requestAuditQuery>) {
  const { whereSql, count, params, order } = auditWhere(q);
  const counted = countedTotal(deps.db, { total: count, params });
  // The page and its total in one round trip (server/db/page.ts). The page's requests are cut first, on the
  // requests alone, and only they are joined to their customers and have their changes read out of the JSON: over
  // the whole join, the embedded database did both for every request before it sorted them (demo data, 41 requests:
  // 305 -> 243 µs a call, decision 087). Each customer is read by key, so the page keeps its order (decision 092).
  const rows = await deps.db.query<Row>(
    `SELECT ${totalColumn(counted)}, ${AUDIT_COLUMNS}
       FROM (SELECT r.* FROM requests r${whereSql} ORDER BY ${order} ${pageBounds(q.limit, q.skip)}) r
       ${joinByKey('customers', 'c', 'c.id = r.customer_id')}
      ORDER BY ${order}`,
    params,
  );
  const total = await totalOf(deps.db, rows, counted);
  const names = await namesFor(deps.db, rows);
  return { total, limit: q.limit, skip: q.skip, data: rows.map((r) => auditItem(r, names)) };
}

/**
 * One CSV cell: quoted when it holds a separator, quote or line break, and a text starting with = + - @ (or a tab
 * or carriage return) prefixed with ' so a spreadsheet shows it rather than running it as a formula: reasons and
 * comments are typed by staff.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** An instant as Tanzanian wall-clock time (EAT, UTC+3, no daylight saving): '2026-11-23 17:05:09'. */
export const eatDateTime = (at: string | null) =>
  at === null ? null : new Date(Date.parse(at) + EAT_MS).toISOString().slice(0, 19).replace('T', ' ');

const AUDIT_WORDS = AUDIT_CSV_WORDS;

/** The file's header: the codes, or the column names in the language asked; the times say they are EAT (issue 17). */
function csvHeader(lang: keyof typeof AUDIT_WORDS | undefined): string[] {
  if (!lang) return [...REQUEST_AUDIT_CSV_COLUMNS];
  const words = AUDIT_WORDS[lang];
  return REQUEST_AUDIT_CSV_COLUMNS.map((c) => (c.endsWith('_eat') ? `${words.csv.columns[c]} (${words.csv.eat})` : words.csv.columns[c]));
}

export async function exportAuditCsv(deps: Deps, q: AuditFilters) {
  const words = q.lang ? AUDIT_WORDS[q.lang] : null;
  const { sql, params, order } = auditWhere(q);
  const rows = await deps.db.query<Row>(`SELECT ${AUDIT_COLUMNS} ${sql} ORDER BY ${order} LIMIT ${REQUEST_LIMITS.csvRows + 1}`, params);
  const truncated = rows.length > REQUEST_LIMITS.csvRows;
  const names = await namesFor(deps.db, rows);
  const items = rows.slice(0, REQUEST_LIMITS.csvRows).map((r) => auditItem(r, names));
  const lines = [csvHeader(q.lang).map(csvCell).join(',')];
  for (const i of items) {
    const cells: Record<(typeof REQUEST_AUDIT_CSV_COLUMNS)[number], unknown> = {
      id: i.id,
      kind: words ? words.kinds[i.kind as keyof typeof words.kinds] : i.kind,
      status: words ? words.statuses[i.status as keyof typeof words.statuses] : i.status,
      maker: i.maker.username,
      checker: i.checker?.username,
      submitted_at_eat: eatDateTime(i.submitted_at),
      decided_at_eat: eatDateTime(i.decided_at),
      customer_msisdn: i.customer?.msisdn,
      store: i.store?.name,
      summary: i.summary,
      reason: i.reason,
      comment: i.comment,
      before: i.before,
      after: i.after,
    };
    lines.push(REQUEST_AUDIT_CSV_COLUMNS.map((c) => csvCell(cells[c])).join(','));
  }
  return {
    filename: `requests-audit-${eatDay(deps.clock.now())}.csv`,
    content_type: 'text/csv' as const,
    rows: items.length,
    truncated,
    csv: `${lines.join('\r\n')}\r\n`,
  };
}
