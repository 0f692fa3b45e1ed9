import { z } from 'zod';
import { ROLES } from './roles';
import { listOf, listQuery, text } from './common';
import { msisdnField } from './requests';

export const adminGroup = z.object({ id: z.number().int(), name: z.string(), created_at: z.string() });
export const createAdminGroup = z.object({
  name: text().trim().min(2, 'valid group name required').max(60, 'valid group name required'),
});

export const adminRole = z.object({ id: z.number().int(), code: z.string(), description: z.string() });

export const adminGroupRole = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  admin_role: z.string(),
  created_at: z.string(),
});
export const adminGroupRolesQuery = listQuery.extend({
  group_id: z.coerce.number().int().positive('valid group required').optional(),
});
export const createAdminGroupRole = z.object({
  group_id: z.number().int().positive('valid group required'),
  admin_role: z.enum(ROLES, { error: 'valid role required' }),
});

export const portalUser = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  email: z.string(),
  group_id: z.number().int(),
  /** The name of the user's group: what the users table shows as "role". */
  role: z.string(),
  last_seen: z.string().nullable(),
  last_ip: z.string().nullable(),
  otp_enabled: z.boolean(),
  otp_channel: z.enum(['sms', 'email']),
  disabled: z.boolean(),
});
export type PortalUser = z.infer<typeof portalUser>;

/**
 * The password rules of a portal user (decision 023): 8 to 200 characters with at least one letter and one digit,
 * and not the username. The form states them; the server refuses anything else.
 */
export const PASSWORD_RULES = { min: 8, max: 200 } as const;
export const PASSWORD_USERNAME_MESSAGE = 'The password must not contain the username';
export const PASSWORD_MESSAGE = 'The password needs at least 8 characters, with at least one letter and one digit';
export const password = text()
  .min(PASSWORD_RULES.min, PASSWORD_MESSAGE)
  .max(PASSWORD_RULES.max, `The password must be at most ${PASSWORD_RULES.max} characters`)
  .refine((value) => /\p{L}/u.test(value) && /\p{N}/u.test(value), PASSWORD_MESSAGE);

export const createPortalUser = z
  .object({
    username: z
      .string({ error: 'The username is required' })
      .trim()
      .regex(/^[a-z0-9._-]{3,40}$/i, 'valid username required: 3 to 40 letters, digits, dots, dashes or underscores'),
    full_name: text({ error: 'The full name is required' })
      .trim()
      .min(2, 'valid full name required (2 to 100 characters)')
      .max(100, 'valid full name required (2 to 100 characters)'),
    email: z.email('valid email required'),
    /** Any usual Tanzanian form (0754 300 100, +255 754 300 100, 255754300100), stored as 255XXXXXXXXX. */
    phone: msisdnField.optional(),
    password,
    group_id: z.number({ error: 'valid group required' }).int().positive('valid group required'),
    otp_enabled: z.boolean().default(false),
    otp_channel: z.enum(['sms', 'email']).default('sms'),
    /** The agent record (by its phone number) this user sells as: it gives the user a store. */
    agent_msisdn: msisdnField.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.username && body.password.toLowerCase().includes(body.username.toLowerCase()))
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_USERNAME_MESSAGE });
  });

export const adminGroupsList = listOf(adminGroup);
export const adminRolesList = listOf(adminRole);
export const adminGroupRolesList = listOf(adminGroupRole);
export const portalUsersList = listOf(portalUser);
export { listQuery };
