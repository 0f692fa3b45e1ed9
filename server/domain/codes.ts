import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The 6-digit codes staff and customers type (the wizard's OTPs, vivo authorization codes): random, stored only
 * as a salted SHA-256 (`sha256$<salt>$<hash>`), compared in constant time.
 */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function hashCode(code: string, salt = randomBytes(16)): string {
  return `sha256$${salt.toString('hex')}$${createHash('sha256').update(salt).update(code).digest('hex')}`;
}

export function codeMatches(code: string, stored: string): boolean {
  const [scheme, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'sha256' || !saltHex || !hashHex) return false;
  const actual = createHash('sha256').update(Buffer.from(saltHex, 'hex')).update(code).digest();
  return timingSafeEqual(actual, Buffer.from(hashHex, 'hex'));
}
