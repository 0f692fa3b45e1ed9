import { scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Customers' security answers: salted scrypt, the parameters kept in the hash so they can change without breaking
 * old hashes. Format: scrypt$N$r$p$<salt base64>$<key base64>. The first-deposit wizard checks an answer with
 * verifySecurityAnswer; the demo seed hashes its customers' answers with hashSecurityAnswer.
 */

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 } as const;

/** Answers are compared case- and spacing-insensitively: "Chipsi  Mayai " is "chipsi mayai". */
export function normalizeSecurityAnswer(answer: string): string {
  return answer.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');
}

function scryptAsync(secret: string, salt: Buffer, N: number, r: number, p: number, keylen: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, keylen, { N, r, p, maxmem: 256 * N * r }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashSecurityAnswer(answer: string, salt: Buffer): Promise<string> {
  const key = await scryptAsync(normalizeSecurityAnswer(answer), salt, SCRYPT.N, SCRYPT.r, SCRYPT.p, SCRYPT.keylen);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifySecurityAnswer(answer: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const expected = Buffer.from(parts[5] ?? '', 'base64');
  const key = await scryptAsync(normalizeSecurityAnswer(answer), Buffer.from(parts[4] ?? '', 'base64'), N, r, p, expected.length);
  return key.length === expected.length && timingSafeEqual(key, expected);
}
