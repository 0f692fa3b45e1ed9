import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import { type ColumnMapping, RECONCILIATION_LIMITS } from '../../../src/contract/reconciliation';
import { parseMsisdn } from '../../../src/lib/msisdn';
import { badRequest } from '../../errors';
import { EAT_MS } from '../calendar';

/**
 * Reading a provider statement (decision 018): papaparse for CSV, exceljs for XLSX (the first worksheet, its first
 * row the headers). The mapping names the column of each field; a column the file lacks, an amount that is not a
 * whole number of TZS or a time that cannot be read is a 400 naming the column or the line, and nothing is kept.
 */

export interface StatementLine {
  /** The line number in the file (the header is line 1). */
  line: number;
  receipt: string;
  completedAt: Date;
  details: string;
  paidIn: number;
  withdrawn: number;
  payerPhone: string | null;
}

type Cell = string | number | Date | null;

const FIELD_NAMES: Record<keyof ColumnMapping, string> = {
  receipt: 'receipt',
  completed_at: 'completion time',
  details: 'details',
  paid_in: 'paid in',
  withdrawn: 'withdrawn',
  balance: 'balance',
};

async function readRows(format: 'csv' | 'xlsx', bytes: Buffer): Promise<{ headers: string[]; rows: Array<Record<string, Cell>> }> {
  if (format === 'csv') {
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: 'greedy', transformHeader: (h) => h.trim() });
    return { headers: parsed.meta.fields ?? [], rows: parsed.data };
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest('content', 'the file is not a readable XLSX workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('content', 'the workbook has no worksheet');
  const value = (v: ExcelJS.CellValue): Cell => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'number' || typeof v === 'string' || v instanceof Date) return v;
    if (typeof v === 'object' && 'result' in v) return value(v.result as ExcelJS.CellValue);
    if (typeof v === 'object' && 'richText' in v) return v.richText.map((t) => t.text).join('');
    if (typeof v === 'object' && 'text' in v) return String(v.text);
    return String(v);
  };
  const headers: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    headers[col - 1] = String(value(cell.value) ?? '').trim();
  });
  const rows: Array<Record<string, Cell>> = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const record: Record<string, Cell> = {};
    headers.forEach((h, i) => {
      record[h] = value(row.getCell(i + 1).value);
    });
    if (Object.values(record).some((c) => c !== null && c !== '')) rows.push(record);
  });
  return { headers, rows };
}

/** "12,500", "12500.00", "TZS 12 500" -> 12500; empty -> 0. */
function amountOf(cell: Cell, where: string): number {
  if (cell === null || cell === '') return 0;
  const text = typeof cell === 'number' ? String(cell) : String(cell).replace(/TZS|TSh|,|\s/gi, '');
  if (text === '' || text === '-') return 0;
  const n = Number(text);
  if (!Number.isFinite(n) || !Number.isInteger(n) || Math.abs(n) > 10_000_000_000)
    throw badRequest('content', `${where}: "${String(cell)}" is not a whole amount of TZS`);
  return Math.abs(n);
}

/**
 * A completion time: a spreadsheet date (its wall clock is EAT), ISO with an offset, or "YYYY-MM-DD HH:MM[:SS]" /
 * "DD/MM/YYYY HH:MM[:SS]" in EAT.
 */
function timeOf(cell: Cell, where: string): Date {
  if (cell instanceof Date) return new Date(cell.getTime() - EAT_MS);
  const text = String(cell ?? '').trim();
  let m = text.match(/^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})?$/);
  if (m) {
    const [, y, mo, d, h, mi, s, zone] = m;
    const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${zone ?? '+03:00'}`);
    if (!Number.isNaN(at.getTime())) return at;
  }
  m = text.match(/^(\d{2})[/.-](\d{2})[/.-](\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/);
  if (m) {
    const [, d, mo, y, h, mi, s] = m;
    const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}+03:00`);
    if (!Number.isNaN(at.getTime())) return at;
  }
  throw badRequest('content', `${where}: "${text}" is not a completion time (YYYY-MM-DD HH:MM:SS or DD/MM/YYYY HH:MM:SS)`);
}

/** The payer's phone a statement's details name ("Pay Bill from 255754123456 - ASHA M"). */
export function payerPhoneIn(details: string): string | null {
  for (const m of details.matchAll(/(?:\+?255|\b0)[67]\d{8}\b/g)) {
    const msisdn = parseMsisdn(m[0]);
    if (msisdn) return msisdn;
  }
  return null;
}

export async function readStatement(format: 'csv' | 'xlsx', bytes: Buffer, mapping: ColumnMapping): Promise<StatementLine[]> {
  const { headers, rows } = await readRows(format, bytes);
  const missing = (Object.keys(FIELD_NAMES) as Array<keyof ColumnMapping>).filter((f) => mapping[f] && !headers.includes(mapping[f]!));
  if (missing.length) {
    throw badRequest(
      'content',
      `the statement's columns do not match the mapping: no column ${missing.map((f) => `"${mapping[f]}" (${FIELD_NAMES[f]})`).join(', ')}; its columns are ${headers.map((h) => `"${h}"`).join(', ')}`,
    );
  }
  if (rows.length > RECONCILIATION_LIMITS.lines)
    throw badRequest('content', `the statement has more than ${RECONCILIATION_LIMITS.lines} lines`);
  return rows.map((row, i) => {
    const where = `line ${i + 2}`;
    const receipt = String(row[mapping.receipt] ?? '').trim();
    if (!receipt) throw badRequest('content', `${where}: no receipt in column "${mapping.receipt}"`);
    const details = String(row[mapping.details] ?? '').trim();
    return {
      line: i + 2,
      receipt,
      completedAt: timeOf(row[mapping.completed_at] ?? null, where),
      details,
      paidIn: amountOf(row[mapping.paid_in] ?? null, where),
      withdrawn: mapping.withdrawn ? amountOf(row[mapping.withdrawn] ?? null, where) : 0,
      payerPhone: payerPhoneIn(details),
    };
  });
}
