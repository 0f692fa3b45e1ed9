import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  adminId: number;
  sessionId: string;
}

/** How many verified tokens a server copy remembers (a few hundred bytes each): far more than its signed-in staff. */
export const VERIFIED_TOKENS_KEPT = 10_000;

interface Verified extends TokenClaims {
  /** The token's `exp`, in ms since the epoch. */
  expiresAt: number;
}

export function createTokens(secret: string, kept = VERIFIED_TOKENS_KEPT) {
  const key = new TextEncoder().encode(secret);
  // A token's signature is checked once per server copy: checking the HMAC again on every request cost an eighth of
  // a customer lookup's CPU (bench:api's profile, decision 037). The expiry is still compared with the clock on every
  // request, and the session behind the token is checked on every request (authenticate.ts: read, or kept until any
  // change to sessions, users or roles, decision 042), so a logout or a disabled user takes effect at once. The map is
  // emptied when full, never grown past `kept`.
  const verified = new Map<string, Verified>();
  return {
    sign: (claims: TokenClaims, issuedAt: Date, expiresAt: Date) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.adminId))
        .setJti(claims.sessionId)
        .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    /** The claims of a good token, or null for a bad, forged or expired one (never throws). */
    async verify(token: string, now: Date): Promise<TokenClaims | null> {
      const known = verified.get(token);
      if (known) return known.expiresAt > now.getTime() ? { adminId: known.adminId, sessionId: known.sessionId } : null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now });
        const adminId = Number(payload.sub);
        if (!Number.isInteger(adminId) || !payload.jti || payload.exp === undefined) return null;
        if (verified.size >= kept) verified.clear();
        verified.set(token, { adminId, sessionId: payload.jti, expiresAt: payload.exp * 1000 });
        return { adminId, sessionId: payload.jti };
      } catch {
        return null;
      }
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;
