import type { StoredUser } from '../../src/machines/session.machine';
import { sessionMachine } from '../../src/machines/session.machine';
import type { ModelSpec } from './coverage';

export const NOW = Date.parse('2026-11-02T08:00:00Z');
export const user = (over: Partial<StoredUser> = {}): StoredUser => ({
  id: 2,
  name: 'Baraka Mushi',
  username: 'agent',
  group: { id: 2, name: 'Agent' },
  exp: NOW + 3_600_000,
  otp_enabled: false,
  otp_channel: 'sms',
  otp_pending: false,
  token: 'token-agent',
  ...over,
});
export const agent = user();
export const admin = user({ id: 1, username: 'admin', name: 'Asha Mwakyusa', otp_enabled: true, otp_pending: true, token: 'token-admin' });
export const adminVerified = { ...admin, otp_pending: false };
export const expired = user({ exp: NOW - 1 });
/** A user an admin created (issue 17): their own password first. */
export const newcomer = user({ id: 9, username: 'neema', name: 'Neema Swai', must_change_password: true, token: 'token-neema' });
export const newcomerChanged = { ...newcomer, must_change_password: false };
/** An admin-created user with one-time codes: the code, then the password. */
export const newcomerOtp = user({
  id: 10,
  username: 'juma',
  name: 'Juma Said',
  otp_enabled: true,
  otp_pending: true,
  must_change_password: true,
});
export const newcomerOtpVerified = { ...newcomerOtp, otp_pending: false };

export const wrongPassword = { status: 401, message: 'Invalid username or password' };
export const wrongCode = { status: 400, message: 'Wrong code, 4 tries left', fields: { code: 'wrong code' } };
export const tooManyCodes = { status: 401, message: 'Too many wrong codes, log in again' };
export const offline = { status: null, message: 'Failed to fetch' };
export const wrongCurrent = {
  status: 400,
  message: 'This is not your current password',
  reason: 'wrong_current_password',
  fields: { current_password: 'This is not your current password' },
};
export const passwordLocked = { status: 401, message: 'Too many wrong passwords, log in again', reason: 'password_locked' };

/**
 * The session machine's model: restored users of every kind, logins with and without OTP, with and without a
 * password to change first, every outcome.
 */
export const sessionModel: ModelSpec<typeof sessionMachine> = {
  machine: sessionMachine,
  events: [
    { type: 'xstate.done.actor.restoreSession', output: { user: null, roles: null, now: NOW } },
    { type: 'xstate.done.actor.restoreSession', output: { user: expired, roles: null, now: NOW } },
    { type: 'xstate.done.actor.restoreSession', output: { user: admin, roles: null, now: NOW } },
    { type: 'xstate.done.actor.restoreSession', output: { user: agent, roles: ['FIND_CUSTOMER'], now: NOW } },
    { type: 'xstate.done.actor.restoreSession', output: { user: agent, roles: null, now: NOW } },
    { type: 'xstate.done.actor.restoreSession', output: { user: newcomer, roles: null, now: NOW } },
    { type: 'xstate.error.actor.restoreSession', error: new Error('storage blocked') },
    { type: 'login.submitted', username: 'agent', password: 'Demo#2026' },
    { type: 'xstate.done.actor.authenticate', output: { user: agent, now: NOW } },
    { type: 'xstate.done.actor.authenticate', output: { user: admin, now: NOW } },
    { type: 'xstate.done.actor.authenticate', output: { user: newcomer, now: NOW } },
    { type: 'xstate.done.actor.authenticate', output: { user: newcomerOtp, now: NOW } },
    { type: 'xstate.error.actor.authenticate', error: wrongPassword },
    { type: 'otp.submitted', code: '123456' },
    { type: 'otp.resend' },
    { type: 'xstate.done.actor.verifyOtp', output: { user: adminVerified, now: NOW } },
    { type: 'xstate.done.actor.verifyOtp', output: { user: newcomerOtpVerified, now: NOW } },
    { type: 'xstate.error.actor.verifyOtp', error: wrongCode },
    { type: 'xstate.error.actor.verifyOtp', error: tooManyCodes },
    { type: 'xstate.done.actor.resendOtp', output: { sent: true, channel: 'sms' } },
    { type: 'xstate.error.actor.resendOtp', error: offline },
    { type: 'xstate.done.actor.loadRoles', output: ['FIND_CUSTOMER', 'ADD_LOAN'] },
    { type: 'xstate.error.actor.loadRoles', error: offline },
    { type: 'roles.retry' },
    { type: 'password.submitted', currentPassword: 'Demo#2026', newPassword: 'Mwanza2027' },
    { type: 'xstate.done.actor.changePassword', output: { user: newcomerChanged, now: NOW } },
    { type: 'xstate.error.actor.changePassword', error: wrongCurrent },
    { type: 'xstate.error.actor.changePassword', error: passwordLocked },
    { type: 'session.unauthorized' },
    { type: 'session.logout' },
    { type: 'xstate.after.untilExpiry.session.authenticated' },
    { type: 'xstate.done.actor.revokeSession', output: { revoked: true } },
    { type: 'xstate.error.actor.revokeSession', error: offline },
  ],
};
