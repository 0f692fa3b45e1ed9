import { describe, expect, it } from 'vitest';
import { createTokens } from '../../server/auth/tokens';

const SECRET = 's'.repeat(40);
const issued = new Date('2026-11-24T08:00:00Z');
const expires = new Date('2026-11-24T20:00:00Z');
const at = (iso: string) => new Date(iso);

describe('bearer tokens (verified once per server copy, the expiry checked every time)', () => {
  it('answers the claims of a good token, again and again', async () => {
    const tokens = createTokens(SECRET);
    const token = await tokens.sign({ adminId: 7, sessionId: 'abc' }, issued, expires);
    expect(await tokens.verify(token, at('2026-11-24T09:00:00Z'))).toEqual({ adminId: 7, sessionId: 'abc' });
    expect(await tokens.verify(token, at('2026-11-24T19:59:59Z'))).toEqual({ adminId: 7, sessionId: 'abc' });
  });

  it('refuses a token it has verified once when its time has run out', async () => {
    const tokens = createTokens(SECRET);
    const token = await tokens.sign({ adminId: 7, sessionId: 'abc' }, issued, expires);
    expect(await tokens.verify(token, at('2026-11-24T09:00:00Z'))).not.toBeNull();
    expect(await tokens.verify(token, expires)).toBeNull();
    expect(await tokens.verify(token, at('2026-11-25T09:00:00Z'))).toBeNull();
  });

  it('refuses an expired token it has never seen, and a token signed with another secret', async () => {
    const tokens = createTokens(SECRET);
    const token = await tokens.sign({ adminId: 7, sessionId: 'abc' }, issued, expires);
    expect(await tokens.verify(token, at('2026-11-26T00:00:00Z'))).toBeNull();
    const forged = await createTokens('f'.repeat(40)).sign({ adminId: 1, sessionId: 'x' }, issued, expires);
    expect(await tokens.verify(forged, at('2026-11-24T09:00:00Z'))).toBeNull();
    // A good token with its payload changed (an admin id swapped in) fails the signature, verified or not before.
    expect(await tokens.verify(token, at('2026-11-24T09:00:00Z'))).not.toBeNull();
    const [head, , signature] = token.split('.');
    const body = Buffer.from(JSON.stringify({ sub: '1', jti: 'abc', iat: 0, exp: 4_000_000_000 })).toString('base64url');
    expect(await tokens.verify(`${head}.${body}.${signature}`, at('2026-11-24T09:00:00Z'))).toBeNull();
  });

  it('keeps answering correctly after more tokens than it remembers', async () => {
    const tokens = createTokens(SECRET, 10);
    const first = await tokens.sign({ adminId: 1, sessionId: 'first' }, issued, expires);
    expect(await tokens.verify(first, issued)).toEqual({ adminId: 1, sessionId: 'first' });
    for (let i = 0; i < 25; i += 1) {
      await tokens.verify(await tokens.sign({ adminId: 2, sessionId: `s${i}` }, issued, expires), issued);
    }
    expect(await tokens.verify(first, issued)).toEqual({ adminId: 1, sessionId: 'first' });
    expect(await tokens.verify(first, expires)).toBeNull();
  });
});
