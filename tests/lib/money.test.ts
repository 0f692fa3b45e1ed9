import { describe, expect, it } from 'vitest';
import { formatTzs } from '../../src/lib/money';

/** Intl puts (narrow) no-break spaces around currency signs: compare with plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatTzs', () => {
  it('formats whole shillings in English', () => {
    expect(plain(formatTzs(1_234_567, 'en'))).toBe('TZS 1,234,567');
    expect(plain(formatTzs(0, 'en'))).toBe('TZS 0');
  });

  it('uses the Swahili currency sign and grouping', () => {
    expect(plain(formatTzs(250_000, 'sw'))).toBe('TSh 250,000');
  });

  it('uses Portuguese grouping', () => {
    const text = plain(formatTzs(250_000, 'pt'));
    expect(text).toContain('250.000');
    expect(text).toContain('TZS');
  });

  it('never shows decimals, rounding to the shilling', () => {
    expect(plain(formatTzs(1999.6, 'en'))).toBe('TZS 2,000');
    expect(formatTzs(1500, 'en')).not.toMatch(/[.,]\d{2}$/);
  });

  it('formats debts with a sign', () => {
    expect(plain(formatTzs(-5000, 'en'))).toBe('-TZS 5,000');
  });
});
