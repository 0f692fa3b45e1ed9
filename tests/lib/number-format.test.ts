import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WRITTEN_HERE, formatNumber, type NumberKind } from '../../src/lib/number-format';

const KINDS: NumberKind[] = ['whole', 'decimal', 'percent', 'shillings'];
const OPTIONS: Record<NumberKind, Intl.NumberFormatOptions> = {
  whole: { maximumFractionDigits: 0 },
  decimal: { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  percent: { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 },
  shillings: { style: 'currency', currency: 'TZS', minimumFractionDigits: 0, maximumFractionDigits: 0 },
};
const intl = (value: number, kind: NumberKind, language: string) => new Intl.NumberFormat(language, OPTIONS[kind]).format(value);

describe('formatNumber', () => {
  it('writes what the portal shows in each language', () => {
    expect(formatNumber(1_234_567, 'shillings', 'en')).toBe('TZS\u00a01,234,567');
    expect(formatNumber(250_000, 'shillings', 'sw')).toBe('TSh\u00a0250,000');
    expect(formatNumber(250_000, 'shillings', 'pt')).toBe('TZS\u00a0250.000');
    expect(formatNumber(-5_000, 'shillings', 'en')).toBe('-TZS\u00a05,000');
    expect(formatNumber(0.1234, 'percent', 'en')).toBe('12.3%');
    expect(formatNumber(0.1234, 'percent', 'pt')).toBe('12,3%');
    expect(formatNumber(1, 'percent', 'sw')).toBe('100.0%');
    expect(formatNumber(1234.5, 'decimal', 'pt')).toBe('1.234,50');
    expect(formatNumber(999.5, 'whole', 'en')).toBe('1,000');
    expect(formatNumber(0, 'whole', 'sw')).toBe('0');
  });

  it('rounds half away from zero from the number as written, as Intl does', () => {
    // 1.005 is stored a hair below itself: Intl (and so the portal) rounds what it reads, 1.005, up.
    expect(formatNumber(1.005, 'decimal', 'en')).toBe('1.01');
    expect(formatNumber(-2.5, 'whole', 'en')).toBe('-3');
    expect(formatNumber(0.00049, 'percent', 'en')).toBe('0.0%');
    expect(formatNumber(-0.0004, 'percent', 'en')).toBe('-0.0%');
    expect(formatNumber(9.995, 'decimal', 'en')).toBe('10.00');
  });

  it('writes every kind in every language it knows exactly as Intl does', () => {
    const edges = [0, -0, 0.5, -0.5, 1.005, 0.125, 9.995, 999.5, 999_999.5, 0.0005, 0.00049, 1e-7, 1e21, 123_456_789_012];
    for (const language of Object.keys(WRITTEN_HERE))
      for (const kind of KINDS) for (const value of edges) expect(formatNumber(value, kind, language)).toBe(intl(value, kind, language));
    const value = fc.oneof(
      fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
      fc.double({ min: -1e12, max: 1e12, noNaN: true }),
      fc.double({ min: -2, max: 2, noNaN: true }),
      fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 1000),
    );
    fc.assert(
      fc.property(value, fc.constantFrom(...KINDS), fc.constantFrom(...Object.keys(WRITTEN_HERE)), (v, kind, language) => {
        expect(formatNumber(v, kind, language)).toBe(intl(v, kind, language));
      }),
      { numRuns: 5_000 },
    );
  });

  it('leaves another language, and what is not a number, to Intl', () => {
    expect(formatNumber(1_234_567, 'whole', 'pt-PT')).toBe(intl(1_234_567, 'whole', 'pt-PT'));
    expect(formatNumber(1234.5, 'shillings', 'fr')).toBe(intl(1234.5, 'shillings', 'fr'));
    expect(formatNumber(Number.NaN, 'whole', 'en')).toBe('NaN');
    expect(formatNumber(Number.POSITIVE_INFINITY, 'percent', 'en')).toBe('∞%');
  });
});
