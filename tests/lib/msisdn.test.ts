import { describe, expect, it } from 'vitest';
import { formatMsisdnLocal, isValidMsisdn, parseMsisdn } from '../../src/lib/msisdn';

describe('parseMsisdn', () => {
  it.each([
    ['0754123456', '255754123456'],
    ['0654 123 456', '255654123456'],
    ['0712-345-678', '255712345678'],
    ['255754123456', '255754123456'],
    ['+255754123456', '255754123456'],
    ['+255 754 123 456', '255754123456'],
    ['+255 (0) 754 123 456', '255754123456'],
    ['2550754123456', '255754123456'],
    ['00255 784 123 456', '255784123456'],
    ['  0621 000 111  ', '255621000111'],
    ['754123456', '255754123456'],
    ['0754\u00a0123\u00a0456', '255754123456'],
  ])('reads %j as %s', (input, expected) => {
    expect(parseMsisdn(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    '075412345', // one digit short
    '07541234567', // one digit long
    '0554123456', // 05x is not a mobile range
    '0222123456', // a Dar es Salaam landline
    '+254712345678', // Kenya
    '+754123456', // a country code is required after +
    '25575412345',
    '0754abc456',
    '255 754 123 4567',
  ])('refuses %j', (input) => {
    expect(parseMsisdn(input)).toBeNull();
    expect(isValidMsisdn(input)).toBe(false);
  });

  it('refuses what is not a string', () => {
    expect(parseMsisdn(null)).toBeNull();
    expect(parseMsisdn(undefined)).toBeNull();
  });

  it('prints the local form customers know', () => {
    expect(formatMsisdnLocal('255754123456')).toBe('0754 123 456');
  });
});
