import type { TFunction } from 'i18next';
import { formatTzs } from '../../lib/money';
import type { CallFailure } from '../../lib/call-failure';
import { describeFailure } from '../common/describe-failure';

/** Small helpers the finance screens share: money, instants and days in the chosen language, refusals in words. */
export function useFormat(language: string | undefined) {
  const locale = language ?? 'en';
  return {
    money: (amount: number | null | undefined) => (amount === null || amount === undefined ? '—' : formatTzs(amount, locale)),
    instant: (at: string | null) =>
      at
        ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Dar_es_Salaam' }).format(
            new Date(at),
          )
        : '—',
  };
}

const FINANCE_REASONS = [
  'below_minimum_balance',
  'withdrawal_limit',
  'above_maximum_balance',
  'duplicate_statement',
  'run_locked',
  'differences_open',
  'not_open',
  'not_statement_only',
  'period_closed',
  'period_not_ended',
  'own_request',
];

/** A finance refusal in the finance words, any other in the common ones; the server's message adds the figures. */
export function describeFinanceFailure(t: TFunction, failure: CallFailure): string {
  if (failure.reason && FINANCE_REASONS.includes(failure.reason)) return `${t(`finance:refusals.${failure.reason}`)} ${failure.message}`;
  return describeFailure(t, failure);
}

/** One CSV line: cells quoted when needed; a text starting like a formula is prefixed so a spreadsheet shows it. */
export function csvLine(cells: ReadonlyArray<string | number | null>): string {
  return cells
    .map((cell) => {
      if (cell === null) return '';
      let text = String(cell);
      if (typeof cell === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
      return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(',');
}

/** Saves text as a file (the browser's download). */
export function download(name: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}
