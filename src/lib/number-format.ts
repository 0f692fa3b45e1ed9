/**
 * Numbers written as `Intl.NumberFormat` writes them in the portal's languages, without Intl (docs/decisions/062).
 * A page's first `Intl.NumberFormat` loads ICU's number data: 40-60 ms of one task on this machine's Chromium, four
 * times that on the low-end phone Lighthouse stands for, the longest task left on the agent's dashboard. The
 * portal's numbers are few kinds (whole, two decimals, a percentage with one, shillings) in three languages, whose
 * symbols are below; any other language, and any number these rules do not cover (not finite, or written with an
 * exponent), goes to Intl. `number-format.test.ts` holds every rule here to Intl's own output.
 */

interface Symbols {
  group: string;
  decimal: string;
  /** How the language writes TZS before the amount (CLDR), with a no-break space after it. */
  shilling: string;
}

const ENGLISH: Symbols = { group: ',', decimal: '.', shilling: 'TZS' };
const SWAHILI: Symbols = { group: ',', decimal: '.', shilling: 'TSh' };
const PORTUGUESE: Symbols = { group: '.', decimal: ',', shilling: 'TZS' };

/** The language tags written here, each checked against Intl by the test; pt-PT groups otherwise and is not one. */
export const WRITTEN_HERE: Readonly<Record<string, Symbols>> = {
  en: ENGLISH,
  'en-US': ENGLISH,
  'en-GB': ENGLISH,
  sw: SWAHILI,
  'sw-TZ': SWAHILI,
  'sw-KE': SWAHILI,
  pt: PORTUGUESE,
  'pt-BR': PORTUGUESE,
};

export type NumberKind = 'whole' | 'decimal' | 'percent' | 'shillings';

/** Intl's options for each kind; their fraction digits are the ones written here too. */
const INTL_OPTIONS: Record<NumberKind, Intl.NumberFormatOptions & { maximumFractionDigits: number }> = {
  whole: { maximumFractionDigits: 0 },
  decimal: { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  percent: { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 },
  shillings: { style: 'currency', currency: 'TZS', minimumFractionDigits: 0, maximumFractionDigits: 0 },
};

/** Intl's formats for the languages not written here, each made once. */
const intlFormats = new Map<string, Intl.NumberFormat>();
function intlFormat(language: string, kind: NumberKind): Intl.NumberFormat {
  const key = `${language} ${kind}`;
  let format = intlFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(language, INTL_OPTIONS[kind]);
    intlFormats.set(key, format);
  }
  return format;
}

/**
 * The decimal digits of `text` (a non-negative number as JavaScript writes it, the shortest form that reads back as
 * the same double, as ICU reads a double too) with its point moved `shift` places right and rounded to `fraction`
 * places, half away from zero (Intl's default): [whole part, fraction part]. null for a number written with an
 * exponent.
 */
function roundedParts(text: string, shift: number, fraction: number): [string, string] | null {
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const [whole, decimals = ''] = text.split('.') as [string, string?];
  const padded = decimals.padEnd(shift + fraction + 1, '0');
  // All the digits kept, the point `fraction` places from the right; the next digit decides the rounding.
  let kept = whole + padded.slice(0, shift + fraction);
  const next = padded.charCodeAt(shift + fraction) - 48;
  if (next >= 5) kept = increment(kept);
  const wholeDigits = kept.slice(0, kept.length - fraction).replace(/^0+(?=\d)/, '') || '0';
  return [wholeDigits, kept.slice(kept.length - fraction)];
}

/** A string of decimal digits plus one, as a string of digits. */
function increment(digits: string): string {
  const chars = digits.split('');
  for (let i = chars.length - 1; i >= 0; i--) {
    if (chars[i] !== '9') {
      chars[i] = String.fromCharCode(chars[i]!.charCodeAt(0) + 1);
      return chars.join('');
    }
    chars[i] = '0';
  }
  return `1${chars.join('')}`;
}

const grouped = (digits: string, separator: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

/** `value` written in `language` as `kind` (Intl's output for en, sw and pt; Intl itself for any other language). */
export function formatNumber(value: number, kind: NumberKind, language: string): string {
  const symbols = WRITTEN_HERE[language];
  const parts =
    symbols && Number.isFinite(value)
      ? roundedParts(String(Math.abs(value)), kind === 'percent' ? 2 : 0, INTL_OPTIONS[kind].maximumFractionDigits)
      : null;
  if (!symbols || !parts) return intlFormat(language, kind).format(value);
  const [whole, fraction] = parts;
  // Intl keeps the sign of a negative number that rounds to zero, and of negative zero.
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const number = grouped(whole, symbols.group) + (fraction ? symbols.decimal + fraction : '');
  if (kind === 'percent') return `${sign}${number}%`;
  if (kind === 'shillings') return `${sign}${symbols.shilling}\u00a0${number}`;
  return sign + number;
}
