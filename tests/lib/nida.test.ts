import { describe, expect, it } from 'vitest';
import { formatNida, isValidNida, nidaBirthDate, parseNida } from '../../src/lib/nida';

describe('parseNida', () => {
  it.each([
    ['19900101123450000123', '19900101123450000123'],
    ['19900101-12345-00001-23', '19900101123450000123'],
    ['19900101 12345 00001 23', '19900101123450000123'],
    ['  20000229-00001-00002-99 ', '20000229000010000299'],
  ])('reads %j', (input, expected) => {
    expect(parseNida(input)).toBe(expected);
    expect(isValidNida(input)).toBe(true);
  });

  it.each([
    '',
    '1990010112345000012', // 19 digits
    '199001011234500001234', // 21 digits
    '1990010-112345-00001-23', // wrong grouping
    '19900101-1234500001-23',
    '19900101--12345-00001-23x',
    '1990O101123450000123', // letter O
    '19901301123450000123', // month 13
    '19900231123450000123', // 31 February
    '19010229123450000123', // 1901 was not a leap year
    '18991231123450000123', // before 1900
  ])('refuses %j', (input) => {
    expect(parseNida(input)).toBeNull();
  });

  it('prints the card form and the date of birth', () => {
    expect(formatNida('19900101123450000123')).toBe('19900101-12345-00001-23');
    expect(nidaBirthDate('19900101123450000123')).toBe('1990-01-01');
  });

  it('refuses what is not a string', () => {
    expect(parseNida(undefined)).toBeNull();
  });
});
