import { describe, expect, it } from 'vitest';
import { isValidImei, luhnCheckDigit, parseImei } from '../../src/lib/imei';

describe('IMEI Luhn check', () => {
  it.each([
    '490154203237518', // the textbook example
    '356938035643809',
    '352099001761481',
  ])('accepts %s', (imei) => {
    expect(isValidImei(imei)).toBe(true);
  });

  it('ignores the spaces and dashes of a printed IMEI', () => {
    expect(parseImei('49-015420-323751-8')).toBe('490154203237518');
    expect(parseImei(' 4901 5420 3237 518 ')).toBe('490154203237518');
  });

  it.each([
    ['490154203237519', 'wrong check digit'],
    ['490154203237517', 'wrong check digit'],
    ['940154203237518', 'swapped digits'],
    ['49015420323751', '14 digits'],
    ['4901542032375180', '16 digits'],
    ['49015420323751A', 'a letter'],
    ['', 'empty'],
  ])('refuses %s (%s)', (imei) => {
    expect(isValidImei(imei)).toBe(false);
  });

  it('computes the check digit of a payload', () => {
    expect(luhnCheckDigit('49015420323751')).toBe(8);
    expect(luhnCheckDigit('35693803564380')).toBe(9);
    expect(() => luhnCheckDigit('12a')).toThrow(RangeError);
  });

  it('refuses what is not a string', () => {
    expect(parseImei(null)).toBeNull();
  });
});
