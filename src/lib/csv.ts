/**
 * A CSV file a spreadsheet opens as it is (RFC 4180): cells quoted when they hold a comma, a quote or a line break,
 * CRLF line ends, and a byte-order mark so Excel reads the UTF-8 (Swahili and Portuguese headers) right. A cell
 * starting with =, +, - or @ is prefixed with an apostrophe, so no spreadsheet runs it as a formula.
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
