/**
 * NIDA (National Identification Authority) numbers: 20 digits, printed on the card in 8-5-5-2 groups,
 * e.g. 19900101-12345-00001-23. The first 8 digits are the holder's date of birth (YYYYMMDD), so a number
 * whose first group is not a real calendar date is a typing mistake.
 * Accepted input: the 20 digits alone, or the four groups separated by dashes or spaces as on the card.
 */
const PLAIN = /^\d{20}$/;
const GROUPED = /^(\d{8})[\s-]+(\d{5})[\s-]+(\d{5})[\s-]+(\d{2})$/;

export function parseNida(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  let digits: string;
  if (PLAIN.test(text)) digits = text;
  else {
    const groups = GROUPED.exec(text);
    if (!groups) return null;
    digits = groups.slice(1).join('');
  }
  return isCalendarDate(digits.slice(0, 8)) ? digits : null;
}

export function isValidNida(input: string | null | undefined): boolean {
  return parseNida(input) !== null;
}

/** The card's 8-5-5-2 form of a 20-digit NIDA number. */
export function formatNida(digits: string): string {
  return `${digits.slice(0, 8)}-${digits.slice(8, 13)}-${digits.slice(13, 18)}-${digits.slice(18)}`;
}

/** The date of birth a valid NIDA number carries, as YYYY-MM-DD. */
export function nidaBirthDate(digits: string): string {
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
}

function isCalendarDate(yyyymmdd: string): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
