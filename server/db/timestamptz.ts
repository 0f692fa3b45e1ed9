/**
 * A `timestamptz` as PostgreSQL writes it under DateStyle ISO, which both Db adapters pin:
 * `YYYY-MM-DD HH:MM:SS[.ffffff]±HH[:MM[:SS]]`, read digit by digit (issue 16). pg's parser (postgres-date) runs three
 * regular expressions and parseInt on each part, and PGlite's hands the text to Date's own parser: a list of 25 rows
 * with a time each spent about 20 us of the server's thread on them (the stores' page, on PostgreSQL).
 *
 * Only that shape with a four-digit year from 1000 is read here. Anything else (infinity, BC, a year before 1000, a
 * year of five digits) is the driver's own parser's, which `fastTimestamptz` falls back to, so what a caller gets is
 * never different. The fraction is cut to the millisecond, as a Date holds it.
 */
export function readTimestamptz(text: string): Date | null {
  const n = text.length;
  if (
    n < 22 ||
    text.charCodeAt(4) !== DASH ||
    text.charCodeAt(7) !== DASH ||
    text.charCodeAt(10) !== SPACE ||
    text.charCodeAt(13) !== COLON ||
    text.charCodeAt(16) !== COLON
  )
    return null;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  if (year < 1000 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return null;
  let at = 19;
  let ms = 0;
  if (text.charCodeAt(at) === DOT) {
    at++;
    // Three digits count (hundreds, tens, units of a millisecond); the rest are cut.
    for (let scale = 100; at < n; at++, scale = (scale / 10) | 0) {
      const digit = text.charCodeAt(at) - ZERO;
      if (digit < 0 || digit > 9) break;
      ms += digit * scale;
    }
  }
  const sign = text.charCodeAt(at) === PLUS ? 1 : text.charCodeAt(at) === DASH ? -1 : 0;
  if (sign === 0) return null;
  // ±HH, ±HH:MM or ±HH:MM:SS, and nothing after it.
  let offset = 0;
  for (let part = 0, unit = 3_600_000; part < 3; part++, unit /= 60) {
    const start = at + 1 + part * 3;
    if (part > 0 && text.charCodeAt(start - 1) !== COLON) return null;
    const value = digits(text, start, 2);
    if (value < 0) return null;
    offset += value * unit;
    if (start + 2 === n) break;
    if (part === 2) return null;
  }
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms) - sign * offset);
}

/** A type parser for `timestamptz` that reads the usual shape itself and gives any other to `fallback`. */
export const fastTimestamptz =
  <T>(fallback: (text: string) => T) =>
  (text: string): Date | T =>
    readTimestamptz(text) ?? fallback(text);

const DASH = 45;
const SPACE = 32;
const COLON = 58;
const DOT = 46;
const PLUS = 43;
const ZERO = 48;

/** The number the `count` digits at `from` write, or -1 where one of them is not a digit (or is past the end). */
function digits(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const digit = text.charCodeAt(i) - ZERO;
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}
