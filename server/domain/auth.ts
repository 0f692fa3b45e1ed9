import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { AuthUser } from '../../src/contract/auth';
import type { Caller, Deps } from '../deps';
import { HttpError } from '../errors';
import { audit } from '../audit';
import { verifyPassword } from '../auth/password';

export const LOGIN_LIMIT = { perUsername: 5, perAddress: 10, windowMs: 60_000 };
export const OTP_RULES = { maxWrongCodes: 5, validityMs: 5 * 60_000 };

interface AdminRow {
  id: number;
  username: string;
  full_name: string;
  phone: string | null;
  email: string;
  password_hash: string;
  group_id: number;
  group_name: string;
  otp_enabled: boolean;
  otp_channel: 'sms' | 'email';
  disabled: boolean;
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

function toAuthUser(admin: AdminRow, exp: Date, otpPending: boolean): AuthUser {
  return {
    id: admin.id,
    name: admin.full_name,
    username: admin.username,
    group: { id: admin.group_id, name: admin.group_name },
    exp: exp.getTime(),
    otp_enabled: admin.otp_enabled,
    otp_channel: admin.otp_channel,
    otp_pending: otpPending,
  };
}

async function findAdmin(deps: Deps, where: string, value: unknown): Promise<AdminRow | undefined> {
  const [row] = await deps.db.query<AdminRow>(
    `SELECT a.id, a.username, a.full_name, a.phone, a.email, a.password_hash, a.group_id, g.name AS group_name,
            a.otp_enabled, a.otp_channel, a.disabled
       FROM admins a JOIN admin_groups g ON g.id = a.group_id WHERE ${where}`,
    [value],
  );
  return row;
}

async function throttle(deps: Deps, username: string, ip: string, now: Date) {
  const since = new Date(now.getTime() - LOGIN_LIMIT.windowMs);
  const [counts] = await deps.db.query<{ by_user: number; by_ip: number }>(
    `SELECT count(*) FILTER (WHERE lower(username) = lower($1))::int AS by_user,
            count(*) FILTER (WHERE client_ip = $2)::int AS by_ip
       FROM login_attempts WHERE NOT succeeded AND attempted_at > $3`,
    [username, ip, since],
  );
  if ((counts?.by_user ?? 0) >= LOGIN_LIMIT.perUsername || (counts?.by_ip ?? 0) >= LOGIN_LIMIT.perAddress) {
    throw new HttpError(429, 'Too many failed logins, wait a minute and try again', { reason: 'throttled', retryAfterSeconds: 60 });
  }
}

async function issueOtp(deps: Deps, admin: AdminRow, sessionId: string, now: Date) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.db.transaction(async (tx) => {
    await tx.query('UPDATE otp_codes SET used_at = $2 WHERE session_id = $1 AND used_at IS NULL', [sessionId, now]);
    await tx.query(
      'INSERT INTO otp_codes (session_id, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)',
      [sessionId, hashCode(code), now, new Date(now.getTime() + OTP_RULES.validityMs)],
    );
  });
  // Sent after the commit: the gateway is an outside party.
  const recipient = admin.otp_channel === 'sms' ? (admin.phone ?? '') : admin.email;
  await deps.adapters.messages.send({
    channel: admin.otp_channel,
    recipient,
    text: `Your Simu Portal login code is ${code}. It expires in 5 minutes.`,
  });
}

export async function login(deps: Deps, input: { username: string; password: string; ip: string }) {
  const now = deps.clock.now();
  await throttle(deps, input.username, input.ip, now);
  const admin = await findAdmin(deps, 'lower(a.username) = lower($1)', input.username);
  const good = admin !== undefined && !admin.disabled && (await verifyPassword(input.password, admin.password_hash));
  if (!admin || !good) {
    await deps.db.query(
      'INSERT INTO login_attempts (username, client_ip, succeeded, attempted_at) VALUES ($1, $2, false, $3)',
      [input.username, input.ip, now],
    );
    throw new HttpError(401, 'Invalid username or password', { reason: 'invalid_credentials' });
  }
  const sessionId = randomUUID();
  const expiresAt = new Date(now.getTime() + deps.config.tokenTtlMs);
  await deps.db.transaction(async (tx) => {
    await tx.query(
      'INSERT INTO auth_sessions (id, admin_id, created_at, expires_at, otp_required) VALUES ($1, $2, $3, $4, $5)',
      [sessionId, admin.id, now, expiresAt, admin.otp_enabled],
    );
    await tx.query(
      'INSERT INTO login_attempts (username, client_ip, succeeded, attempted_at) VALUES ($1, $2, true, $3)',
      [input.username, input.ip, now],
    );
    await tx.query('UPDATE admins SET last_seen = $2, last_ip = $3 WHERE id = $1', [admin.id, now, input.ip]);
    await audit(tx, { actorId: admin.id, action: 'login', entity: 'auth_session', entityId: sessionId, after: { ip: input.ip }, at: now });
  });
  if (admin.otp_enabled) await issueOtp(deps, admin, sessionId, now);
  const accessToken = await deps.tokens.sign({ adminId: admin.id, sessionId }, now, expiresAt);
  return { accessToken, user: toAuthUser(admin, expiresAt, admin.otp_enabled) };
}

async function sessionExpiry(deps: Deps, sessionId: string): Promise<Date> {
  const [row] = await deps.db.query<{ expires_at: Date }>('SELECT expires_at FROM auth_sessions WHERE id = $1', [sessionId]);
  return new Date(row!.expires_at);
}

export async function verifyOtp(deps: Deps, caller: Caller, code: string) {
  const now = deps.clock.now();
  if (!caller.otpPending) throw new HttpError(400, 'This login needs no code', { fields: { code: 'no code pending' } });
  const outcome = await deps.db.transaction(async (tx) => {
    const [otp] = await tx.query<{ id: number; code_hash: string; expires_at: Date }>(
      'SELECT id, code_hash, expires_at FROM otp_codes WHERE session_id = $1 AND used_at IS NULL ORDER BY id DESC LIMIT 1 FOR UPDATE',
      [caller.sessionId],
    );
    if (!otp || new Date(otp.expires_at) <= now) return 'expired' as const;
    if (otp.code_hash === hashCode(code)) {
      await tx.query('UPDATE otp_codes SET used_at = $2 WHERE id = $1', [otp.id, now]);
      await tx.query('UPDATE auth_sessions SET otp_verified_at = $2 WHERE id = $1', [caller.sessionId, now]);
      await audit(tx, { actorId: caller.adminId, action: 'otp.verified', entity: 'auth_session', entityId: caller.sessionId, at: now });
      return 'verified' as const;
    }
    await tx.query('UPDATE otp_codes SET failed_attempts = failed_attempts + 1 WHERE id = $1', [otp.id]);
    const [{ wrong }] = (await tx.query<{ wrong: number }>(
      'SELECT coalesce(sum(failed_attempts), 0)::int AS wrong FROM otp_codes WHERE session_id = $1',
      [caller.sessionId],
    )) as [{ wrong: number }];
    if (wrong >= OTP_RULES.maxWrongCodes) {
      await tx.query('UPDATE auth_sessions SET revoked_at = $2 WHERE id = $1', [caller.sessionId, now]);
      await audit(tx, { actorId: caller.adminId, action: 'otp.locked', entity: 'auth_session', entityId: caller.sessionId, after: { wrong }, at: now });
      return 'locked' as const;
    }
    return { left: OTP_RULES.maxWrongCodes - wrong };
  });
  if (outcome === 'expired') throw new HttpError(400, 'The code has expired, send a new one', { reason: 'otp_expired', fields: { code: 'expired' } });
  if (outcome === 'locked') throw new HttpError(401, 'Too many wrong codes, log in again', { reason: 'otp_locked' });
  if (outcome !== 'verified') {
    throw new HttpError(400, `Wrong code, ${outcome.left} tries left`, {
      reason: 'otp_wrong',
      left: outcome.left,
      fields: { code: `wrong code, ${outcome.left} tries left` },
    });
  }
  const admin = (await findAdmin(deps, 'a.id = $1', caller.adminId))!;
  return { user: toAuthUser(admin, await sessionExpiry(deps, caller.sessionId), false) };
}

export async function resendOtp(deps: Deps, caller: Caller) {
  if (!caller.otpPending) throw new HttpError(400, 'This login needs no code', { fields: { code: 'no code pending' } });
  const admin = (await findAdmin(deps, 'a.id = $1', caller.adminId))!;
  await issueOtp(deps, admin, caller.sessionId, deps.clock.now());
  return { sent: true as const, channel: admin.otp_channel };
}

export async function logout(deps: Deps, caller: Caller) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.query('UPDATE auth_sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [caller.sessionId, now]);
    await audit(tx, { actorId: caller.adminId, action: 'logout', entity: 'auth_session', entityId: caller.sessionId, at: now });
  });
  return { revoked: true as const };
}
