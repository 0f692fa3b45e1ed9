import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  adminId: number;
  sessionId: string;
}

export function createTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now });
        const adminId = Number(payload.sub);
        if (!Number.isInteger(adminId) || !payload.jti) return null;
        return { adminId, sessionId: payload.jti };
      } catch {
        return null;
      }
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;
