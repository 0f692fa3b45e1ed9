import { z } from 'zod';
import { ROLES } from './roles';
import { listOf, listQuery, text } from './common';

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

export const createPortalUser = z.object({
  username: z
    .string()
    .trim()
    .regex(/^[a-z0-9._-]{3,40}$/i, 'valid username required'),
  full_name: text().trim().min(2, 'valid full name required').max(100, 'valid full name required'),
  email: z.email('valid email required'),
  phone: z
    .string()
    .trim()
    .regex(/^255[67]\d{8}$/, 'A valid phone number is required')
    .optional(),
  password: text().min(8, 'valid password required (8 characters or more)').max(200),
  group_id: z.number().int().positive('valid group required'),
  otp_enabled: z.boolean().default(false),
  otp_channel: z.enum(['sms', 'email']).default('sms'),
});

export const adminGroupsList = listOf(adminGroup);
export const adminRolesList = listOf(adminRole);
export const adminGroupRolesList = listOf(adminGroupRole);
export const portalUsersList = listOf(portalUser);
export { listQuery };
