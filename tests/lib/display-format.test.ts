import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { displayFormat, formatCount, formatDay, formatMoment, formatMoney, formatPhone } from '../../src/lib/display-format';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('one format per kind of value', () => {
  it('shows every form of a phone number the same way', () => {
    for (const typed of ['255754300100', '+255 754 300 100', '0754300100', '0754 300 100']) {
      expect(formatPhone(typed)).toBe('0754 300 100');
    }
    expect(formatPhone('12345')).toBe('12345');
  });

  it('shows a calendar day and a moment on that day the same way', () => {
    expect(formatDay('2026-11-30', 'en')).toBe('Nov 30, 2026');
    // 22:30 UTC on the 29th is already the 30th in Dar es Salaam.
    expect(formatDay('2026-11-29T22:30:00.000Z', 'en')).toBe('Nov 30, 2026');
    expect(formatDay(null, 'en')).toBe('—');
    expect(formatDay(null, 'en', 'never')).toBe('never');
  });

  it('writes the day in the language of the screen', () => {
    expect(formatDay('2026-11-30', 'sw')).not.toBe(formatDay('2026-11-30', 'en'));
    expect(formatDay('2026-11-30', 'pt')).toContain('2026');
    expect(formatDay('2026-11-30', 'sw')).not.toContain('2026-11-30');
  });

  it('shows a moment in East Africa Time', () => {
    expect(plain(formatMoment('2026-11-23T06:05:00.000Z', 'en'))).toBe('Nov 23, 2026, 9:05 AM');
  });

  it('formats money with currency and grouping, never bare', () => {
    expect(plain(formatMoney(204_000, 'en'))).toBe('TZS 204,000');
    expect(plain(formatMoney(204_000, 'sw'))).toBe('TSh 204,000');
    expect(plain(displayFormat('pt').money(204_000))).toContain('204.000');
  });

  it('counts with the plural forms of the language', async () => {
    const t = i18next.createInstance();
    await t.init({
      lng: 'en',
      resources: { en: { translation: { loans_one: '{{count}} active loan', loans_other: '{{count}} active loans' } } },
    });
    expect(formatCount(t.t, 'loans', 1)).toBe('1 active loan');
    expect(formatCount(t.t, 'loans', 2)).toBe('2 active loans');
  });
});
