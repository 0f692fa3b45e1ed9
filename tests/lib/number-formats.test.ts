import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatter, prepareNumberFormats } from '../../src/screens/analytics/format';

/**
 * The home page's number formats are made ahead of the figures, one per task (issue 16): making the first one loads
 * Intl's number data, which inside the figures' draw made it a long task on a low-end phone.
 */
describe('prepareNumberFormats', () => {
  let made: string[];
  beforeEach(() => {
    vi.useFakeTimers();
    made = [];
    const Real = Intl.NumberFormat;
    vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (this: unknown, locale, options) {
      made.push(`${String(locale)} ${JSON.stringify(options)}`);
      return new Real(locale, options);
    } as typeof Intl.NumberFormat);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('makes each of a language’s three formats in a task of its own, none at once, and the figures reuse them', () => {
    prepareNumberFormats('sw');
    expect(made).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(made).toHaveLength(1);
    vi.advanceTimersToNextTimer();
    expect(made).toHaveLength(2);
    vi.advanceTimersToNextTimer();
    expect(made).toHaveLength(3);
    expect(made.every((m) => m.startsWith('sw '))).toBe(true);

    const format = formatter('sw');
    expect(format('grossReceivable', 1234567)).toBe('TZS 1,234,567');
    expect(format('par30', 0.125)).toMatch(/^12[.,]5\s?%$/);
    expect(format('stockTurn', 2)).toBe('2.00');
    expect(made).toHaveLength(3);
  });

  it('stops when cancelled: a page left before the figures came makes no more', () => {
    const cancel = prepareNumberFormats('pt');
    vi.advanceTimersToNextTimer();
    cancel();
    vi.runAllTimers();
    expect(made).toHaveLength(1);
    expect(made[0]).toMatch(/^pt /);
  });
});
