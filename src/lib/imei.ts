/**
 * IMEI: 15 digits, the last a Luhn check digit over the first 14 (8-digit TAC, 6-digit serial). Staff copy
 * it from the box or from *#06#, so spaces and dashes between digit groups are ignored.
 */
export function parseImei(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  const digits = input.trim().replace(/[\s-]/g, '');
  if (!/^\d{15}$/.test(digits)) return null;
  return luhnCheckDigit(digits.slice(0, 14)) === Number(digits[14]) ? digits : null;
}

export function isValidImei(input: string | null | undefined): boolean {
  return parseImei(input) !== null;
}

/** The Luhn digit that completes `payload` (the digits before the check digit). */
export function luhnCheckDigit(payload: string): number {
  if (!/^\d+$/.test(payload)) throw new RangeError('a Luhn payload is digits only');
  let sum = 0;
  // Doubling starts from the rightmost payload digit, the one next to the check digit.
  for (let i = payload.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = payload.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}
