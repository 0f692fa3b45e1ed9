/**
 * Money is a whole number of Tanzanian shillings. Formatting goes through Intl for the chosen language
 * (en, sw, pt), always in TZS with no decimals: the shilling has no cents in use.
 */
const formatters = new Map<string, Intl.NumberFormat>();

export function formatTzs(amount: number, locale: string): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'TZS',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    formatters.set(locale, formatter);
  }
  return formatter.format(amount);
}
