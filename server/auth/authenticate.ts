import type { RouteContract } from '../../src/contract/routes';
import type { Caller, Deps } from '../deps';
import { HttpError } from '../errors';
import type { SessionRow } from './session-cache';

/**
 * Checks the bearer token: signature and expiry, then that its session is not revoked and its user not
 * disabled, then the OTP step, the change of password an admin asked for, and the role. The session row is kept per
 * copy only until anything changes a session, a user or a group's roles (session-cache.ts), so a logout, a disabled
 * user or a change to a group applies at once.
 */
export async function authenticate(deps: Deps, header: string | undefined, need: RouteContract['auth'], ip: string): Promise<Caller> {
  const token = header?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (!token) throw new HttpError(401, 'Authentication required');
  const now = deps.clock.now();
  const claims = await deps.tokens.verify(token, now);
  if (!claims) throw new HttpError(401, 'Your session has expired or is not valid');
  // Kept per copy while nothing changes it (session-cache.ts); expiry and the checks below run on every request.
  const kept = await deps.sessions.get(claims.sessionId, async () => {
    const [found] = await deps.db.query<SessionRow>(
      `SELECT a.id AS admin_id, s.expires_at, a.username, a.full_name, a.group_id, s.otp_required,
            s.otp_verified_at IS NOT NULL AS otp_verified, a.must_change_password,
            (SELECT string_agg(gr.admin_role, ',') FROM admin_group_roles gr WHERE gr.group_id = a.group_id) AS roles
       FROM auth_sessions s JOIN admins a ON a.id = s.admin_id
      WHERE s.id = $1 AND s.revoked_at IS NULL AND NOT a.disabled`,
      [claims.sessionId],
    );
    return found;
  });
  const row = kept && kept.admin_id === claims.adminId && kept.expires_at.getTime() > now.getTime() ? kept : undefined;
  if (!row) throw new HttpError(401, 'Your session has ended, log in again');
  const caller: Caller = {
    adminId: row.admin_id,
    sessionId: claims.sessionId,
    username: row.username,
    name: row.full_name,
    groupId: row.group_id,
    roles: row.roles ? row.roles.split(',') : [],
    otpPending: row.otp_required && !row.otp_verified,
    ip,
  };
  if (need === 'otp') return caller;
  if (caller.otpPending) throw new HttpError(401, 'Enter the one-time code first');
  if (need === 'password') return caller;
  // Signed in, but with a password an admin chose: nothing else until the user has chosen their own (issue 17).
  if (row.must_change_password) throw new HttpError(403, 'Change your password first', { reason: 'password_change_required' });
  if (need !== 'session' && !caller.roles.includes(need)) {
    throw new HttpError(403, `This needs the ${need} role`, { role: need });
  }
  return caller;
}
