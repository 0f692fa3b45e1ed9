import { formatNumber } from './number-format';

/**
 * Money is a whole number of Tanzanian shillings, written for the chosen language (en, sw, pt) as Intl writes it,
 * always in TZS with no decimals: the shilling has no cents in use. number-format.ts writes it without loading
 * Intl's number data (docs/decisions/062).
 */
export function formatTzs(amount: number, locale: string): string {
  return formatNumber(amount, 'shillings', locale);
}
