import type { Queryable } from './port';
import type { Role } from '../../src/contract/roles';
import type { RequestKind } from '../../src/contract/requests';
import { luhnCheckDigit } from '../../src/lib/imei';
import { hashPassword } from '../auth/password';
import { DEMO_PASSWORD } from './seed-security';
import { submitImeiChange, submitLoanDeactivation, submitLoanExtension } from '../domain/requests/customer-requests';
import { submitGroupRoleChange, submitPortalUser, submitPriceUpdate } from '../domain/requests/proposals';

/**
 * Pending requests for the approvers' queues on first start: ten of each customer request, made by the demo
 * call-centre and debt-collector users on loans of the demo business, and a few business and portal changes made
 * by the demo admin. Everything follows from the data and `now` (no randomness): the same database and `now` give
 * the same requests. They go through the same domain code as the API, so they carry the same payloads and audit
 * rows. Does nothing when requests exist already or when the demo staff or business are missing.
 */
export async function seedRequests(tx: Queryable, options: { now: Date }): Promise<Partial<Record<RequestKind, number>>> {
  const [{ n }] = (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM requests')) as [{ n: number }];
  if (n > 0) return {};
  const staff = new Map(
    (
      await tx.query<{ id: number; username: string }>(
        "SELECT id, username FROM admins WHERE username IN ('callcentre', 'collector', 'admin')",
      )
    ).map((a) => [a.username, { adminId: a.id }]),
  );
  const callcentre = staff.get('callcentre');
  const collector = staff.get('collector');
  const admin = staff.get('admin');
  if (!callcentre || !collector || !admin) return {};

  // Submitted over the last four days or so, oldest first in the order they are made, at least an hour ago.
  let step = 0;
  const nowMs = options.now.getTime();
  const next = () => new Date(nowMs - (95 - step++) * 61 * 60_000);
  const made: Partial<Record<RequestKind, number>> = {};
  const count = (kind: RequestKind) => (made[kind] = (made[kind] ?? 0) + 1);

  type Candidate = { msisdn: string; loan_id: number; imei: string };
  const pick = (where: string, exclude: number[]) =>
    tx.query<Candidate>(
      `SELECT c.msisdn, l.id AS loan_id, d.imei FROM loans l
         JOIN customers c ON c.id = l.customer_id JOIN devices d ON d.id = l.device_id
        WHERE l.status = 'active' AND ${where} AND NOT (l.id = ANY($1::bigint[]))
        ORDER BY l.id LIMIT 10`,
      [exclude],
    );
  const late = await pick('l.days_defaulted BETWEEN 1 AND 30', []);
  const npl = await pick(
    "l.days_defaulted > 60 AND d.status IN ('active', 'stolen', 'lost')",
    late.map((l) => l.loan_id),
  );
  const healthy = await pick(
    "l.days_defaulted = 0 AND d.status = 'active'",
    [...late, ...npl].map((l) => l.loan_id),
  );

  const DAYS = [7, 14, 3, 30, 10, 5, 21, 14, 7, 28];
  const EXTENSION_REASONS = [
    'Customer was in hospital, salary delayed to the end of the month',
    'Harvest sold late this season, customer will pay in full after the market day',
    null,
    'Business closed for renovation, customer asks for a month',
    'Mobile-money wallet blocked, customer is replacing the SIM card',
    null,
    'Customer travelled for a funeral in the village',
    'Employer paid salaries late',
    'Phone was at the repair centre for a week',
    'Customer lost the job, has a new one starting next month',
  ];
  const DEREGISTRATION_REASONS = [
    'Customer returned the phone to the shop, handset is back in stock',
    'Customer passed away, the family informed the shop',
    'Fraudulent registration: the ID belongs to someone else',
    'Phone stolen and the police report is filed, customer cannot pay',
    'Duplicate registration of the same customer',
    'Customer moved abroad, agreed settlement with the region lead',
    'Handset destroyed in a fire, insurance claim refused',
    'Customer is a minor, registered by a relative without consent',
    'Court order: debt settled by the employer',
    'Customer disputes the contract, the agent registered the wrong phone',
  ];
  const IMEI_REASONS = [
    'Handset replaced under warranty at Carlcare, new IMEI on the box',
    'IMEI mis-keyed at sale: the last digits were swapped',
    'Motherboard replaced at the service centre',
    'Agent scanned the IMEI of the display phone by mistake',
    'Handset swapped for a new one of the same model within 7 days',
    'IMEI 2 of the dual-SIM phone was recorded instead of IMEI 1',
    'Replacement after a screen and board repair',
    'Shop recorded the IMEI of another customer’s phone',
    'Warranty swap at the brand shop',
    'Typing error when the loan was created',
  ];

  for (let i = 0; i < 10; i++) {
    const loan = late[i];
    if (loan) {
      await submitLoanExtension(
        tx,
        i % 2 === 0 ? callcentre : collector,
        { msisdn: loan.msisdn, loan_id: loan.loan_id, days_to_extend: DAYS[i]!, reason: EXTENSION_REASONS[i] ?? undefined },
        next(),
      );
      count('loan_extension');
    }
    const gone = npl[i];
    if (gone) {
      await submitLoanDeactivation(
        tx,
        callcentre,
        { msisdn: gone.msisdn, loan_id: gone.loan_id, reason: DEREGISTRATION_REASONS[i]! },
        next(),
      );
      count('loan_deactivation');
    }
    const swapped = healthy[i];
    if (swapped) {
      const imei = await unusedImei(tx, swapped.imei.slice(0, 8), 700_000 + i * 7_919);
      await submitImeiChange(tx, callcentre, { msisdn: swapped.msisdn, new_imei: imei, reason: IMEI_REASONS[i]! }, next());
      count('imei_change');
    }
  }

  // Business: price cuts on a few phones, worked out the way the catalogue prices them.
  const prices = await tx.query<{ phone_model_id: number; rrp: number }>(
    'SELECT phone_model_id, rrp FROM phone_prices WHERE effective_to IS NULL ORDER BY phone_model_id LIMIT 4',
  );
  for (const [i, price] of prices.entries()) {
    const rrp = Math.round((price.rrp * (95 - i)) / 100 / 1000) * 1000;
    const deposit = Math.round((rrp * 0.2) / 1000) * 1000;
    await submitPriceUpdate(
      tx,
      admin,
      {
        phone_model_id: price.phone_model_id,
        rrp,
        wholesale_price: Math.round((rrp * 0.83) / 1000) * 1000,
        credit_multiplier: 1.45,
        deposit,
        daily_payment: Math.ceil((rrp * 1.45 - deposit) / 210 / 100) * 100,
        installments: 210,
        twelve_months_payment: Math.ceil((rrp * 1.65 - deposit) / 12 / 500) * 500,
      },
      next(),
    );
    count('phone_price_update');
  }

  // Portal: roles asked for a few groups, one taken away, and two new users.
  const groups = new Map((await tx.query<{ id: number; name: string }>('SELECT id, name FROM admin_groups')).map((g) => [g.name, g.id]));
  const roleChanges: ReadonlyArray<readonly ['add' | 'remove', string, Role]> = [
    ['add', 'Agent', 'VIEW_CUSTOMER_MESSAGES'],
    ['add', 'Agent', 'RATE_CALL'],
    ['add', 'Shop owner', 'VIEW_CUSTOMER_MESSAGES'],
    ['add', 'Finance', 'VIEW_STORES'],
    ['remove', 'Shop owner', 'VIEW_ANALYTICS'],
  ];
  for (const [change, group, role] of roleChanges) {
    const groupId = groups.get(group);
    if (groupId === undefined) continue;
    await submitGroupRoleChange(tx, admin, change, { group_id: groupId, admin_role: role }, next());
    count(change === 'add' ? 'group_role_add' : 'group_role_remove');
  }
  const newUsers = [
    { username: 'neema.swai', full_name: 'Neema Swai', group: 'Agent', phone: '255754000011' },
    { username: 'juma.haji', full_name: 'Juma Haji', group: 'Debt collector', phone: '255754000012' },
  ];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const u of newUsers) {
    const groupId = groups.get(u.group);
    if (groupId === undefined) continue;
    await submitPortalUser(
      tx,
      admin,
      {
        username: u.username,
        full_name: u.full_name,
        email: `${u.username}@demo.simu.co.tz`,
        phone: u.phone,
        group_id: groupId,
        otp_enabled: false,
        otp_channel: 'sms',
        password_hash: passwordHash,
      },
      next(),
    );
    count('portal_user_create');
  }
  return made;
}

/** A valid IMEI with this TAC that no device or stock item has: the serial counts up from `serial` until free. */
async function unusedImei(tx: Queryable, tac: string, serial: number): Promise<string> {
  for (let s = serial; ; s++) {
    const payload = `${tac}${String(s % 1_000_000).padStart(6, '0')}`;
    const imei = `${payload}${luhnCheckDigit(payload)}`;
    const taken = await tx.query('SELECT 1 FROM devices WHERE imei = $1 UNION ALL SELECT 1 FROM inventory_items WHERE imei = $1', [imei]);
    if (!taken.length) return imei;
  }
}
