/**
 * A CSV file a spreadsheet opens as it is (RFC 4180): cells quoted when they hold a comma, a quote or a line break,
 * CRLF line ends, and a byte-order mark so Excel reads the UTF-8 (Swahili and Portuguese headers) right. A cell
 * starting with =, +, - or @ is prefixed with an apostrophe, so no spreadsheet runs it as a formula; numbers stay
 * numbers.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** A table whose first row is its header, as a CSV file. */
export const tableCsv = (table: ReadonlyArray<readonly unknown[]>): string => toCsv((table[0] ?? []).map(String), table.slice(1));

/** A link target that downloads the CSV text (which carries its own byte-order mark). */
export const csvHref = (csv: string) => `data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`;
