/**
 * Tanzanian mobile numbers. Every form staff type or customers give is turned into the international
 * MSISDN `255XXXXXXXXX`: the national number is 9 digits and starts with 6 or 7 (the mobile ranges:
 * 061/062 Halotel, 065/067/071/077 Yas (Tigo), 068/069/078 Airtel, 073 TTCL, 074/075/076 Vodacom).
 * We accept the whole 6x/7x range rather than today's allocations, so a newly opened range is not refused.
 */

/** Separators people type inside a number: spaces (also non-breaking), dashes, dots, slashes, brackets. */
const SEPARATORS = /[\s\u00a0\-./()]/g;
const NATIONAL = /^[67]\d{8}$/;

export function parseMsisdn(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  let digits = input.trim().replace(SEPARATORS, '');
  let international = false;
  if (digits.startsWith('+')) {
    digits = digits.slice(1);
    international = true;
  } else if (digits.startsWith('00')) {
    digits = digits.slice(2);
    international = true;
  }
  let national: string;
  if (digits.startsWith('255') && digits.length >= 12) {
    national = digits.slice(3);
    // "+255 (0)754 ..." and "2550754...": the trunk 0 written after the country code.
    if (national.length === 10 && national.startsWith('0')) national = national.slice(1);
  } else if (international) {
    return null;
  } else {
    national = digits.startsWith('0') ? digits.slice(1) : digits;
  }
  return NATIONAL.test(national) ? `255${national}` : null;
}

export function isValidMsisdn(input: string | null | undefined): boolean {
  return parseMsisdn(input) !== null;
}

/** The local form customers know their number by: `0754 123 456`. */
export function formatMsisdnLocal(msisdn: string): string {
  const national = msisdn.replace(/^255/, '');
  return `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
}
