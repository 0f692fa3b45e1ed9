/**
 * A CSV file's text (RFC 4180): fields with a comma, quote or line break are quoted, quotes doubled. A text field
 * that a spreadsheet would run as a formula (=, +, -, @ first) is prefixed with an apostrophe; numbers stay numbers.
 */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  const field = (value: string | number | null) => {
    if (value === null) return '';
    if (typeof value === 'number') return String(value);
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

/** A link target that downloads the text as a CSV file. */
export const csvHref = (csv: string) => `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${csv}`)}`;
