import { z } from 'zod';
import { text } from './common';
import { password } from './prerequisites';

export const loginRequest = z.object({
  strategy: z.literal('local'),
  username: text().trim().min(1, 'valid username required').max(100, 'must be at most 100 characters'),
  password: text().min(1, 'valid password required').max(200, 'must be at most 200 characters'),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const otpChannel = z.enum(['sms', 'email']);

export const authUser = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  group: z.object({ id: z.number().int(), name: z.string() }),
  /** Expiry of the token, in ms since the epoch. */
  exp: z.number().int(),
  otp_enabled: z.boolean(),
  otp_channel: otpChannel,
  /** True until the one-time code of this login has been entered. */
  otp_pending: z.boolean(),
  /**
   * True while the user must choose their own password (a user an admin created, or whose password an admin set):
   * the token then reaches only the change of password and logout. Absent means false.
   */
  must_change_password: z.boolean().optional(),
});
export type AuthUser = z.infer<typeof authUser>;

export const loginResponse = z.object({ accessToken: z.string(), user: authUser });
export type LoginResponse = z.infer<typeof loginResponse>;

export const otpVerifyRequest = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'valid code required'),
});
export const otpVerifyResponse = z.object({ user: authUser });
export const otpResendResponse = z.object({ sent: z.literal(true), channel: otpChannel });

/** The caller's own password: the one they logged in with, and a new one under the portal's rules (decision 023). */
export const passwordChangeRequest = z.object({
  current_password: text().min(1, 'valid current password required').max(200, 'must be at most 200 characters'),
  new_password: password,
});
export const passwordChangeResponse = z.object({ user: authUser });

export const logoutResponse = z.object({ revoked: z.literal(true) });

export const outboxMessage = z.object({
  id: z.number().int(),
  channel: z.string(),
  recipient: z.string(),
  text: z.string(),
  time: z.string(),
});
export const outboxResponse = z.object({ data: z.array(outboxMessage) });

export const healthResponse = z.object({ ok: z.literal(true), db: z.enum(['pglite', 'postgres']) });

export { settingsResponse } from './settings';
