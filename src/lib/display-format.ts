import type { TFunction } from 'i18next';
import { formatTzs } from './money';

/**
 * One format per kind of value on the customer and approval screens (issue 17): a phone number always reads as the
 * customer knows it (0754 300 100), a day always as the language writes a medium date (30 Nov 2026 / 30 Nov 2026 /
 * 30/11/2026 as Intl has it), a moment with its time in East Africa Time, money always through Intl in TZS
 * without decimals, and a count through i18next's plural forms.
 */

const EAT = 'Africa/Dar_es_Salaam';
const cache = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, withTime: boolean, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}|${timeZone}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', ...(withTime ? { timeStyle: 'short' } : {}), timeZone });
    cache.set(key, format);
  }
  return format;
}

/** 255754300100, +255 754 300 100 or 0754300100 as `0754 300 100`; anything else as it came. */
export function formatPhone(msisdn: string): string {
  const digits = msisdn.replace(/\D/g, '');
  const national =
    digits.startsWith('255') && digits.length === 12
      ? digits.slice(3)
      : digits.startsWith('0') && digits.length === 10
        ? digits.slice(1)
        : null;
  if (national === null) return msisdn;
  return `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
}

/**
 * A calendar day ('2026-11-30') or the day of a moment (an ISO timestamp, taken in EAT) as a medium date in the
 * language; `missing` for null.
 */
export function formatDay(value: string | null | undefined, locale: string, missing = '—'): string {
  if (!value) return missing;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return dateFormat(locale, false, day ? 'UTC' : EAT).format(date);
}

/** A moment (ISO timestamp) as a medium date and short time in EAT; `missing` for null. */
export function formatMoment(value: string | null | undefined, locale: string, missing = '—'): string {
  if (!value) return missing;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateFormat(locale, true, EAT).format(date);
}

/** Whole shillings, always with the currency and grouping of the language. */
export function formatMoney(amount: number, locale: string): string {
  return formatTzs(amount, locale);
}

/** A counted phrase from a key with i18next plural forms (`key_one`, `key_other`): "1 active loan", "2 active loans". */
export function formatCount(t: TFunction, key: string, count: number, values: Record<string, unknown> = {}): string {
  return t(key, { ...values, count }) as string;
}

/** All formats for one language: what a screen takes from its `i18n.resolvedLanguage`. */
export function displayFormat(locale: string) {
  return {
    phone: formatPhone,
    day: (value: string | null | undefined, missing?: string) => formatDay(value, locale, missing),
    moment: (value: string | null | undefined, missing?: string) => formatMoment(value, locale, missing),
    money: (amount: number) => formatMoney(amount, locale),
  };
}
export type DisplayFormat = ReturnType<typeof displayFormat>;
