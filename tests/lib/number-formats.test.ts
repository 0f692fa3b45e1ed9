import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatter } from '../../src/screens/analytics/format';
import { formatTzs } from '../../src/lib/money';

/**
 * The home page's and the BI screens' figures, and money everywhere, are written without Intl's number formats in
 * the portal's languages (issue 16, docs/decisions/062): a page's first Intl.NumberFormat loads Intl's number data,
 * the dashboard's longest task on a low-end phone.
 */
describe('the figures’ formatter', () => {
  let made: string[];
  beforeEach(() => {
    made = [];
    const Real = Intl.NumberFormat;
    vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (this: unknown, locale, options) {
      made.push(`${String(locale)} ${JSON.stringify(options)}`);
      return new Real(locale, options);
    } as typeof Intl.NumberFormat);
  });
  afterEach(() => vi.restoreAllMocks());

  it('writes each kind of measure in each language and makes no Intl number format', () => {
    const sw = formatter('sw');
    expect(sw('grossReceivable', 1234567)).toBe('TZS 1,234,567');
    expect(sw('par30', 0.125)).toBe('12.5%');
    expect(sw('stockTurn', 2)).toBe('2.00');
    expect(sw('activeLoans', 1234)).toBe('1,234');
    expect(sw('par1', null)).toBe('–');
    const pt = formatter('pt');
    expect(pt('par30', 0.125)).toBe('12,5%');
    expect(pt('grossReceivable', 1234567)).toBe('TZS 1.234.567');
    expect(pt('averageStock', 1234.5)).toBe('1.234,50');
    expect(formatter('en')('collectionRate', 0.9876)).toBe('98.8%');
    expect(formatTzs(250_000, 'sw')).toBe('TSh\u00a0250,000');
    expect(made).toEqual([]);
  });

  it('asks Intl for a language the portal does not write itself', () => {
    expect(formatter('fr')('activeLoans', 1234)).toBe(new Intl.NumberFormat('fr', { maximumFractionDigits: 0 }).format(1234));
    expect(made.some((m) => m.startsWith('fr '))).toBe(true);
  });
});
