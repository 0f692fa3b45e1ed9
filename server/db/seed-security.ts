import { ROLES, type Role } from '../../src/contract/roles';
import type { Queryable } from './port';
import { hashPassword } from '../auth/password';

export const DEMO_PASSWORD = 'Demo#2026';

const CUSTOMER_CARE: Role[] = ['FIND_CUSTOMER', 'VIEW_CUSTOMER_PHONE', 'VIEW_CUSTOMER_LOANS'];

/** The demo groups and their role sets (the README lists the same). */
export const DEMO_GROUPS: ReadonlyArray<{
  name: string;
  roles: readonly Role[];
  user: { username: string; name: string; phone: string; otp?: true };
}> = [
  { name: 'Admin', roles: ROLES, user: { username: 'admin', name: 'Asha Mwakyusa', phone: '255754000001', otp: true } },
  {
    name: 'Agent',
    // Agents are where customers come with a problem: they ask for extensions, IMEI changes and deregistrations.
    roles: [
      ...CUSTOMER_CARE,
      'ADD_LOAN',
      'VIEW_CUSTOMERS_QUALIFIED_PHONES',
      'VIEW_INVENTORY',
      'REPORT_STOLEN_PHONE',
      'REQUEST_LOAN_EXTENSION',
      'REQUEST_CHANGE_IMEI',
      'REQUEST_LOAN_DEACTIVATION',
    ],
    user: { username: 'agent', name: 'Baraka Mushi', phone: '255754000002' },
  },
  {
    name: 'Shop owner',
    roles: [
      ...CUSTOMER_CARE,
      'VIEW_STORES',
      'VIEW_INVENTORY',
      'UPDATE_AGENT_LOCATION',
      'VIEW_AGENT_CATEGORIES',
      'VIEW_MY_DEFAULTERS_LIST_REPORT',
      'VIEW_ANALYTICS',
    ],
    user: { username: 'shopowner', name: 'Chausiku Lema', phone: '255754000003' },
  },
  {
    name: 'Approver',
    roles: [
      ...CUSTOMER_CARE,
      'VIEW_APPROVALS',
      'VIEW_DEREGISTRATIONS',
      'APPROVE_DEREGISTRATION',
      'VIEW_IMEI_CHANGE_REQUESTS',
      'APPROVE_IMEI_CHANGE',
      'DENY_IMEI_CHANGE',
      'VIEW_LOAN_EXTENSION_REQUESTS',
      'APPROVE_LOAN_EXTENSION',
      'DENY_LOAN_EXTENSION',
    ],
    user: { username: 'approver', name: 'Daudi Kimaro', phone: '255754000004' },
  },
  {
    name: 'Finance',
    roles: [
      'FIND_CUSTOMER',
      'VIEW_CUSTOMER_LOANS',
      'FIND_TRANSACTION',
      'VIEW_SUSPENSE_TRANSACTIONS',
      'UPLOAD_RECONCILIATION_DOCUMENT',
      'ADD_CAPITAL_INJECTION',
      'DEDUCT_CAPITAL_INJECTION',
      'DEDUCT_CAPITAL',
      'VIEW_ANALYTICS',
    ],
    user: { username: 'finance', name: 'Esther Massawe', phone: '255754000005' },
  },
  {
    name: 'Debt collector',
    roles: [
      ...CUSTOMER_CARE,
      'VIEW_CUSTOMER_MESSAGES',
      'RATE_CALL',
      'REQUEST_OFFLINE_PIN',
      'REQUEST_LOAN_EXTENSION',
      'VIEW_MY_DEFAULTERS_LIST_REPORT',
      'VIEW_NPL_DEFAULTERS_LIST_REPORT',
      'VIEW_DEFAULTERS_REASONS_REPORT',
    ],
    user: { username: 'collector', name: 'Faraji Ngowi', phone: '255754000006' },
  },
  {
    name: 'Call centre',
    roles: [
      ...CUSTOMER_CARE,
      'VIEW_CUSTOMER_MESSAGES',
      'RATE_CALL',
      'REQUEST_OFFLINE_PIN',
      'RESET_PIN',
      'AWARD_DATA',
      'REQUEST_LOAN_DEACTIVATION',
      'REQUEST_CHANGE_IMEI',
      'REQUEST_LOAN_EXTENSION',
      'FIND_TRANSACTION',
      'REPORT_STOLEN_PHONE',
      'ADD_RECOVERED_PHONE',
    ],
    user: { username: 'callcentre', name: 'Grace Mollel', phone: '255754000007' },
  },
];

/** Every role always exists (also outside demo mode): the catalogue is part of the product. */
export async function seedRoles(db: Queryable): Promise<void> {
  const values = ROLES.map((_, i) => `($${i + 1})`).join(', ');
  await db.query(`INSERT INTO admin_roles (code) VALUES ${values} ON CONFLICT (code) DO NOTHING`, [...ROLES]);
}

export async function seedDemoStaff(db: Queryable, now: Date): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const group of DEMO_GROUPS) {
    const [{ id }] = (await db.query<{ id: number }>('INSERT INTO admin_groups (name, created_at) VALUES ($1, $2) RETURNING id', [
      group.name,
      now,
    ])) as [{ id: number }];
    for (const role of group.roles) {
      await db.query('INSERT INTO admin_group_roles (group_id, admin_role, created_at) VALUES ($1, $2, $3)', [id, role, now]);
    }
    const u = group.user;
    await db.query(
      `INSERT INTO admins (username, full_name, email, phone, password_hash, group_id, otp_enabled, otp_channel, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'sms', $8)`,
      [u.username, u.name, `${u.username}@demo.simu.co.tz`, u.phone, passwordHash, id, u.otp === true, now],
    );
  }
}
