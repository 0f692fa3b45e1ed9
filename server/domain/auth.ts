import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { AuthUser } from '../../src/contract/auth';
import type { Caller, Deps } from '../deps';
import { HttpError } from '../errors';
import { audit } from '../audit';
import { hashPassword, verifyPassword } from '../auth/password';
import type { Queryable } from '../db/port';

/**
 * Login throttling (issue 11). A stranger who knows a username must not be able to lock its owner out, so the
 * count that refuses is per account *and address*; the account as a whole only slows down (growing delays) for
 * addresses it has not logged in from lately, so the real user at their usual computer is never held up by
 * someone else's wrong passwords. Every attempt is counted before its password is checked, in one transaction
 * holding advisory locks on the account and the address: concurrent tries cannot all pass the count.
 */
export const LOGIN_LIMIT = {
  windowMs: 60_000,
  /** Wrong passwords for one account from one address in the window. */
  perAccountAddress: 5,
  /** Wrong passwords from one address, whatever the accounts, in the window. */
  perAddress: 10,
  /** The account's ceiling over every address: past `free` wrong passwords, each try waits a delay that doubles. */
  account: { windowMs: 15 * 60_000, free: 10, firstDelayMs: 1_000, maxDelayMs: 5 * 60_000 },
  /** An address the account logged in from within this time is exempt from the account's ceiling. */
  knownAddressMs: 30 * 24 * 3600_000,
};

/**
 * One-time codes. Wrong codes end a login after `maxWrongCodes`, and are counted per account over an hour, so a
 * new password login grants no new guesses; codes sent (logins and resends) are counted per account over an hour
 * too, so a password alone cannot send unlimited SMS.
 */
export const OTP_RULES = {
  maxWrongCodes: 5,
  validityMs: 5 * 60_000,
  wrongCodesPerAccount: { count: 10, windowMs: 3600_000 },
  resends: { perLogin: 3, gapMs: 60_000 },
  sentPerAccount: { count: 10, windowMs: 3600_000 },
};

const LOCKS = { account: 11_001, address: 11_002, otp: 11_003, password: 11_004 } as const;

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
  must_change_password: boolean;
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
    must_change_password: admin.must_change_password,
  };
}

async function findAdmin(deps: Deps, where: string, value: unknown): Promise<AdminRow | undefined> {
  const [row] = await deps.db.query<AdminRow>(
    `SELECT a.id, a.username, a.full_name, a.phone, a.email, a.password_hash, a.group_id, g.name AS group_name,
            a.otp_enabled, a.otp_channel, a.disabled, a.must_change_password
       FROM admins a JOIN admin_groups g ON g.id = a.group_id WHERE ${where}`,
    [value],
  );
  return row;
}

const throttled = (message: string, reason: string, retryAfterMs: number) =>
  new HttpError(429, message, { reason, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) });

const ms = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).getTime());

/**
 * Counts this attempt before its password is checked: refuses it (429) when the pair, the address or the account
 * is over its limit, otherwise records it as a failure until the password proves right. Advisory locks on the
 * account and the address (always in that order) make the count and the insert one step for concurrent tries.
 */
async function reserveAttempt(deps: Deps, username: string, ip: string, now: Date): Promise<number> {
  const t = now.getTime();
  return deps.db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext(lower($2)))', [LOCKS.account, username]);
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCKS.address, ip]);
    const [counts] = await tx.query<{
      pair: number;
      pair_oldest: Date | null;
      by_ip: number;
      ip_oldest: Date | null;
      account: number;
      account_last: Date | null;
      known: boolean;
    }>(
      `SELECT count(*) FILTER (WHERE lower(username) = lower($1) AND client_ip = $2 AND attempted_at > $3)::int AS pair,
              min(attempted_at) FILTER (WHERE lower(username) = lower($1) AND client_ip = $2 AND attempted_at > $3) AS pair_oldest,
              count(*) FILTER (WHERE client_ip = $2 AND attempted_at > $3)::int AS by_ip,
              min(attempted_at) FILTER (WHERE client_ip = $2 AND attempted_at > $3) AS ip_oldest,
              count(*) FILTER (WHERE lower(username) = lower($1))::int AS account,
              max(attempted_at) FILTER (WHERE lower(username) = lower($1)) AS account_last,
              EXISTS (SELECT 1 FROM login_attempts k WHERE lower(k.username) = lower($1) AND k.client_ip = $2 AND k.succeeded
                         AND k.attempted_at > $5) AS known
         FROM login_attempts
        WHERE NOT succeeded AND attempted_at > $4 AND (lower(username) = lower($1) OR client_ip = $2)`,
      [
        username,
        ip,
        new Date(t - LOGIN_LIMIT.windowMs),
        new Date(t - LOGIN_LIMIT.account.windowMs),
        new Date(t - LOGIN_LIMIT.knownAddressMs),
      ],
    );
    const c = counts!;
    if (c.pair >= LOGIN_LIMIT.perAccountAddress) {
      throw throttled('Too many failed logins, wait a minute and try again', 'throttled', ms(c.pair_oldest)! + LOGIN_LIMIT.windowMs - t);
    }
    if (c.by_ip >= LOGIN_LIMIT.perAddress) {
      throw throttled('Too many failed logins, wait a minute and try again', 'throttled', ms(c.ip_oldest)! + LOGIN_LIMIT.windowMs - t);
    }
    const { free, firstDelayMs, maxDelayMs } = LOGIN_LIMIT.account;
    if (!c.known && c.account >= free) {
      const delay = Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(c.account - free, 30));
      const wait = ms(c.account_last)! + delay - t;
      if (wait > 0) throw throttled('Too many failed logins for this user, wait and try again', 'throttled', wait);
    }
    const [row] = await tx.query<{ id: number }>(
      'INSERT INTO login_attempts (username, client_ip, succeeded, attempted_at) VALUES ($1, $2, false, $3) RETURNING id',
      [username, ip, now],
    );
    return row!.id;
  });
}

/** Codes sent to the account in the last hour (logins and resends): past the ceiling no SMS goes out. */
async function checkCodesSent(tx: Queryable, adminId: number, now: Date) {
  const { count, windowMs } = OTP_RULES.sentPerAccount;
  const [row] = await tx.query<{ sent: number; oldest: Date | null }>(
    `SELECT count(*)::int AS sent, min(o.created_at) AS oldest
       FROM otp_codes o JOIN auth_sessions s ON s.id = o.session_id
      WHERE s.admin_id = $1 AND o.created_at > $2`,
    [adminId, new Date(now.getTime() - windowMs)],
  );
  if (row!.sent >= count) {
    throw throttled('Too many codes sent for this user, wait and try again', 'otp_send_limit', ms(row!.oldest)! + windowMs - now.getTime());
  }
}

/** Wrong codes of the account in the last hour, over every login. */
async function wrongCodes(tx: Queryable, adminId: number, now: Date) {
  const { windowMs } = OTP_RULES.wrongCodesPerAccount;
  const [row] = await tx.query<{ wrong: number; oldest: Date | null }>(
    'SELECT count(*)::int AS wrong, min(at) AS oldest FROM otp_wrong_codes WHERE admin_id = $1 AND at > $2',
    [adminId, new Date(now.getTime() - windowMs)],
  );
  return { wrong: row!.wrong, retryAfterMs: row!.oldest ? ms(row!.oldest)! + windowMs - now.getTime() : 0 };
}

const tooManyWrongCodes = (retryAfterMs: number) =>
  throttled('Too many wrong codes for this user, wait and try again', 'otp_account_locked', retryAfterMs);

/** Records a new code for the login (the previous one stops working) inside the caller's transaction; sent after the commit. */
async function newOtp(tx: Queryable, sessionId: string, now: Date): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx.query('UPDATE otp_codes SET used_at = $2 WHERE session_id = $1 AND used_at IS NULL', [sessionId, now]);
  await tx.query('INSERT INTO otp_codes (session_id, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    sessionId,
    hashCode(code),
    now,
    new Date(now.getTime() + OTP_RULES.validityMs),
  ]);
  return code;
}

async function sendOtp(deps: Deps, admin: AdminRow, code: string) {
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
  const attemptId = await reserveAttempt(deps, input.username, input.ip, now);
  const admin = await findAdmin(deps, 'lower(a.username) = lower($1)', input.username);
  const good = admin !== undefined && !admin.disabled && (await verifyPassword(input.password, admin.password_hash));
  // A wrong password stays counted as the failure reserved above.
  if (!admin || !good) throw new HttpError(401, 'Invalid username or password', { reason: 'invalid_credentials' });
  const sessionId = randomUUID();
  const expiresAt = new Date(now.getTime() + deps.config.tokenTtlMs);
  const code = await deps.db
    .transaction(async (tx) => {
      await tx.query('UPDATE login_attempts SET succeeded = true WHERE id = $1', [attemptId]);
      if (admin.otp_enabled) {
        await tx.query('SELECT pg_advisory_xact_lock($1, $2::int)', [LOCKS.otp, admin.id]);
        // The password was right, but the second factor is spent for now: no session, no SMS.
        const { wrong, retryAfterMs } = await wrongCodes(tx, admin.id, now);
        if (wrong >= OTP_RULES.wrongCodesPerAccount.count) throw tooManyWrongCodes(retryAfterMs);
        await checkCodesSent(tx, admin.id, now);
      }
      await tx.query('INSERT INTO auth_sessions (id, admin_id, created_at, expires_at, otp_required) VALUES ($1, $2, $3, $4, $5)', [
        sessionId,
        admin.id,
        now,
        expiresAt,
        admin.otp_enabled,
      ]);
      await tx.query('UPDATE admins SET last_seen = $2, last_ip = $3 WHERE id = $1', [admin.id, now, input.ip]);
      await audit(tx, {
        actorId: admin.id,
        action: 'login',
        entity: 'auth_session',
        entityId: sessionId,
        after: { ip: input.ip },
        at: now,
      });
      if (!admin.otp_enabled) return null;
      const otp = await newOtp(tx, sessionId, now);
      await audit(tx, {
        actorId: admin.id,
        action: 'otp.sent',
        entity: 'auth_session',
        entityId: sessionId,
        after: { channel: admin.otp_channel },
        at: now,
      });
      return otp;
    })
    .catch(async (error: unknown) => {
      // Refused after the password proved right (codes spent): the attempt is not a wrong password.
      await deps.db.query('UPDATE login_attempts SET succeeded = true WHERE id = $1', [attemptId]);
      throw error;
    });
  if (code) await sendOtp(deps, admin, code);
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
    // One account's guesses are counted one at a time, whichever login they come from.
    await tx.query('SELECT pg_advisory_xact_lock($1, $2::int)', [LOCKS.otp, caller.adminId]);
    const before = await wrongCodes(tx, caller.adminId, now);
    if (before.wrong >= OTP_RULES.wrongCodesPerAccount.count) return { accountLocked: before.retryAfterMs, left: 0 };
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
    await tx.query('INSERT INTO otp_wrong_codes (admin_id, session_id, at) VALUES ($1, $2, $3)', [caller.adminId, caller.sessionId, now]);
    const [{ wrong }] = (await tx.query<{ wrong: number }>(
      'SELECT coalesce(sum(failed_attempts), 0)::int AS wrong FROM otp_codes WHERE session_id = $1',
      [caller.sessionId],
    )) as [{ wrong: number }];
    await audit(tx, {
      actorId: caller.adminId,
      action: 'otp.wrong',
      entity: 'auth_session',
      entityId: caller.sessionId,
      after: { wrong_in_login: wrong, wrong_in_hour: before.wrong + 1 },
      at: now,
    });
    if (wrong >= OTP_RULES.maxWrongCodes) {
      await tx.query('UPDATE auth_sessions SET revoked_at = $2 WHERE id = $1', [caller.sessionId, now]);
      await audit(tx, {
        actorId: caller.adminId,
        action: 'otp.locked',
        entity: 'auth_session',
        entityId: caller.sessionId,
        after: { wrong },
        at: now,
      });
      return 'locked' as const;
    }
    const left = Math.min(OTP_RULES.maxWrongCodes - wrong, OTP_RULES.wrongCodesPerAccount.count - before.wrong - 1);
    if (left <= 0) return { accountLocked: OTP_RULES.wrongCodesPerAccount.windowMs, left: 0 };
    return { accountLocked: undefined, left };
  });
  if (outcome === 'expired')
    throw new HttpError(400, 'The code has expired, send a new one', { reason: 'otp_expired', fields: { code: 'expired' } });
  if (outcome === 'locked') throw new HttpError(401, 'Too many wrong codes, log in again', { reason: 'otp_locked' });
  if (outcome !== 'verified') {
    if (outcome.accountLocked !== undefined) throw tooManyWrongCodes(outcome.accountLocked);
    throw new HttpError(400, `Wrong code, ${outcome.left} tries left`, {
      reason: 'otp_wrong',
      left: outcome.left,
      fields: { code: `wrong code, ${outcome.left} tries left` },
    });
  }
  const admin = (await findAdmin(deps, 'a.id = $1', caller.adminId))!;
  return { user: toAuthUser(admin, await sessionExpiry(deps, caller.sessionId), false) };
}

/** A new code for this login: at most `resends.perLogin` times, `resends.gapMs` apart, within the account's hourly ceiling. */
export async function resendOtp(deps: Deps, caller: Caller) {
  if (!caller.otpPending) throw new HttpError(400, 'This login needs no code', { fields: { code: 'no code pending' } });
  const now = deps.clock.now();
  const admin = (await findAdmin(deps, 'a.id = $1', caller.adminId))!;
  const code = await deps.db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1, $2::int)', [LOCKS.otp, caller.adminId]);
    const [row] = await tx.query<{ codes: number; last: Date | null }>(
      'SELECT count(*)::int AS codes, max(created_at) AS last FROM otp_codes WHERE session_id = $1',
      [caller.sessionId],
    );
    const resent = Math.max(0, row!.codes - 1);
    const { perLogin, gapMs } = OTP_RULES.resends;
    if (resent >= perLogin) {
      throw new HttpError(429, `A code was resent ${perLogin} times already, log in again`, { reason: 'otp_resend_limit' });
    }
    const wait = row!.last ? ms(row!.last)! + gapMs - now.getTime() : 0;
    if (wait > 0) throw throttled('Wait a minute before asking for another code', 'otp_resend_too_soon', wait);
    await checkCodesSent(tx, caller.adminId, now);
    const otp = await newOtp(tx, caller.sessionId, now);
    await audit(tx, {
      actorId: caller.adminId,
      action: 'otp.resent',
      entity: 'auth_session',
      entityId: caller.sessionId,
      after: { channel: admin.otp_channel, resent: resent + 1 },
      at: now,
    });
    return otp;
  });
  await sendOtp(deps, admin, code);
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

/** Wrong current passwords one login may give to the change of password before the login is ended. */
export const PASSWORD_CHANGE_RULES = { maxWrongCurrent: 5 };

/**
 * The caller's own new password (issue 17): the current one proves it is the user at the keyboard, the new one
 * follows the portal's rules (decision 023), contains not the username and is not the current one. Clears the mark
 * an admin's choice of password left, in one transaction with its audit row (which holds no password).
 */
export async function changePassword(deps: Deps, caller: Caller, body: { current_password: string; new_password: string }) {
  const now = deps.clock.now();
  const admin = (await findAdmin(deps, 'a.id = $1', caller.adminId))!;
  const refuse = (field: 'current_password' | 'new_password', message: string, reason: string) =>
    new HttpError(400, message, { reason, fields: { [field]: message } });
  if (body.new_password.toLowerCase().includes(admin.username.toLowerCase()))
    throw refuse('new_password', 'The password must not contain the username', 'password_has_username');
  const [currentRight, unchanged] = await Promise.all([
    verifyPassword(body.current_password, admin.password_hash),
    verifyPassword(body.new_password, admin.password_hash),
  ]);
  if (!currentRight) {
    const ended = await deps.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, $2::int)', [LOCKS.password, caller.adminId]);
      await audit(tx, { actorId: caller.adminId, action: 'password.wrong', entity: 'auth_session', entityId: caller.sessionId, at: now });
      const [{ wrong }] = (await tx.query<{ wrong: number }>(
        "SELECT count(*)::int AS wrong FROM audit_log WHERE action = 'password.wrong' AND entity = 'auth_session' AND entity_id = $1",
        [caller.sessionId],
      )) as [{ wrong: number }];
      if (wrong < PASSWORD_CHANGE_RULES.maxWrongCurrent) return false;
      await tx.query('UPDATE auth_sessions SET revoked_at = $2 WHERE id = $1', [caller.sessionId, now]);
      return true;
    });
    if (ended) throw new HttpError(401, 'Too many wrong passwords, log in again', { reason: 'password_locked' });
    throw refuse('current_password', 'This is not your current password', 'wrong_current_password');
  }
  if (unchanged) throw refuse('new_password', 'Choose a password different from the current one', 'password_unchanged');
  const hash = await hashPassword(body.new_password);
  await deps.db.transaction(async (tx) => {
    await tx.query('UPDATE admins SET password_hash = $2, must_change_password = false, password_changed_at = $3 WHERE id = $1', [
      caller.adminId,
      hash,
      now,
    ]);
    await audit(tx, {
      actorId: caller.adminId,
      action: 'password.changed',
      entity: 'admin',
      entityId: String(caller.adminId),
      before: { must_change_password: admin.must_change_password },
      after: { must_change_password: false },
      at: now,
    });
  });
  const user = toAuthUser({ ...admin, must_change_password: false }, await sessionExpiry(deps, caller.sessionId), false);
  return { user };
}
