import type { z } from 'zod';
import type { ChangeValues, PortalChangeAwaitingApproval, RequestKind } from '../../../src/contract/requests';
import type { createAdminGroup, createPortalUser } from '../../../src/contract/prerequisites';
import type { Role } from '../../../src/contract/roles';
import type { Caller, Deps } from '../../deps';
import { HttpError, badRequest } from '../../errors';
import { hashPassword } from '../../auth/password';
import type { Row, Tx } from '../shared';
import { type Maker, insertRequest } from './record';
import { pendingPage } from './queues';

// ---------------------------------------------------------------------------------------------------------------
// The generic maker-checker kinds. The operations that need a second person call these from their own routes,
// which check the maker's role as any route does, and their requests land in the inboxes. Every admin change
// (a new group or user, a group's role added or removed) is submitted here by the /prerequisites routes and
// applied by its effect when a second admin approves it. Price updates (and later finance operations) have no
// route yet.

const KIND_WORDS: Record<RequestKind, string> = {
  loan_extension: 'loan extension',
  loan_deactivation: 'deregistration',
  imei_change: 'IMEI change',
  phone_price_update: 'phone price update',
  suspense_allocation: 'suspense allocation',
  capital_injection: 'capital injection',
  capital_deduction: 'capital deduction',
  promise_unlock: 'unlock until a promise date',
  shop_owner_link: 'new owner of a store',
  portal_user_create: 'new portal user',
  group_create: 'new security group',
  group_role_add: 'role added to a group',
  group_role_remove: 'role removed from a group',
};

/** The request just submitted, as the portal inbox lists it: what the admin change route answers (202). */
async function awaitingApproval(tx: Tx, id: number, now: Date): Promise<PortalChangeAwaitingApproval> {
  return (await pendingPage(tx, 'maker_checker_portal', now, { ids: [id] })).items[0] as PortalChangeAwaitingApproval;
}

export const proposeGroup = (deps: Deps, caller: Caller, body: z.output<typeof createAdminGroup>) => {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => awaitingApproval(tx, await submitGroup(tx, caller, body, now), now));
};

export async function submitGroup(tx: Tx, maker: Maker, body: z.output<typeof createAdminGroup>, now: Date) {
  if ((await tx.query<Row>('SELECT 1 FROM admin_groups WHERE lower(name) = lower($1)', [body.name])).length) {
    throw badRequest('name', 'A group with this name already exists');
  }
  return insertRequest(tx, {
    kind: 'group_create',
    subject: `group_name:${body.name.toLowerCase()}`,
    maker,
    reason: null,
    payload: {
      summary: `New security group ${body.name}`,
      before: { group: null },
      after: { group: body.name },
      params: { name: body.name },
    },
    now,
    open: 'A new group with this name is already pending',
  });
}

export const proposeGroupRole = (deps: Deps, caller: Caller, change: 'add' | 'remove', body: { group_id: number; admin_role: Role }) => {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => awaitingApproval(tx, await submitGroupRoleChange(tx, caller, change, body, now), now));
};

/** The removal of one of a group's role records, named by its id as the security screen lists them. */
export const proposeGroupRoleRemoval = (deps: Deps, caller: Caller, groupRoleId: number) => {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [held] = await tx.query<Row>('SELECT group_id, admin_role FROM admin_group_roles WHERE id = $1', [groupRoleId]);
    if (!held) throw new HttpError(404, 'This group role does not exist');
    return awaitingApproval(
      tx,
      await submitGroupRoleChange(tx, caller, 'remove', { group_id: held.group_id, admin_role: held.admin_role }, now),
      now,
    );
  });
};

export async function submitGroupRoleChange(
  tx: Tx,
  maker: Maker,
  change: 'add' | 'remove',
  body: { group_id: number; admin_role: Role },
  now: Date,
) {
  const [group] = await tx.query<Row>('SELECT id, name FROM admin_groups WHERE id = $1', [body.group_id]);
  if (!group) throw badRequest('group_id', 'valid group required');
  const held =
    (await tx.query<Row>('SELECT 1 FROM admin_group_roles WHERE group_id = $1 AND admin_role = $2', [group.id, body.admin_role])).length >
    0;
  if (change === 'add' && held) throw badRequest('admin_role', 'The group already has this role');
  if (change === 'remove' && !held) throw badRequest('admin_role', 'The group does not have this role');
  const kind = change === 'add' ? 'group_role_add' : 'group_role_remove';
  const values = (holds: boolean) => ({ group: group.name, role: body.admin_role, held: holds });
  return insertRequest(tx, {
    kind,
    subject: `group_role:${group.id}:${body.admin_role}`,
    maker,
    reason: null,
    payload: {
      summary: change === 'add' ? `Add ${body.admin_role} to ${group.name}` : `Remove ${body.admin_role} from ${group.name}`,
      before: values(held),
      after: values(!held),
      params: { group_id: group.id, admin_role: body.admin_role },
    },
    now,
    open: `This ${KIND_WORDS[kind]} is already pending`,
  });
}

/** A new portal user as a request: the password is kept only as its hash, and params never leave the server. */
export type PortalUserProposal = Omit<z.output<typeof createPortalUser>, 'password'> & { password_hash: string };

export async function proposePortalUser(deps: Deps, caller: Caller, body: z.output<typeof createPortalUser>) {
  const { password, ...rest } = body;
  if (rest.otp_enabled && rest.otp_channel === 'sms' && !rest.phone)
    throw badRequest('phone', 'A valid phone number is required for codes by SMS');
  // Hashed before the transaction: scrypt takes a while and a transaction holds PGlite's one connection.
  const proposal = { ...rest, password_hash: await hashPassword(password) };
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => awaitingApproval(tx, await submitPortalUser(tx, caller, proposal, now), now));
}

/**
 * The agent record a new user will sell as (decision 023): it exists, works at a store (an agent without a store
 * can sell nothing) and has no portal user yet.
 */
export async function linkableAgent(tx: Tx, msisdn: string) {
  const [agent] = await tx.query<Row>(
    `SELECT g.id, g.full_name, g.admin_id, g.status, s.name AS store_name
       FROM agents g LEFT JOIN stores s ON s.id = g.store_id WHERE g.msisdn = $1`,
    [msisdn],
  );
  if (!agent) throw badRequest('agent_msisdn', 'No agent has this phone number');
  if (agent.store_name === null) throw badRequest('agent_msisdn', 'This agent has no store: give the agent a store first');
  if (agent.status !== 'active') throw badRequest('agent_msisdn', 'This agent is inactive');
  if (agent.admin_id !== null) throw badRequest('agent_msisdn', 'This agent already has a portal user');
  return agent as Row & { id: number; full_name: string; store_name: string };
}

export async function submitPortalUser(tx: Tx, maker: Maker, body: PortalUserProposal, now: Date) {
  const [group] = await tx.query<Row>('SELECT id, name FROM admin_groups WHERE id = $1', [body.group_id]);
  if (!group) throw badRequest('group_id', 'valid group required');
  if ((await tx.query<Row>('SELECT 1 FROM admins WHERE lower(username) = lower($1)', [body.username])).length) {
    throw badRequest('username', 'This username is taken');
  }
  const agent = body.agent_msisdn ? await linkableAgent(tx, body.agent_msisdn) : null;
  return insertRequest(tx, {
    kind: 'portal_user_create',
    subject: `username:${body.username.toLowerCase()}`,
    maker,
    reason: null,
    payload: {
      summary: `New portal user ${body.username} (${body.full_name}) in ${group.name}`,
      before: { username: null, group: null },
      after: {
        username: body.username,
        full_name: body.full_name,
        email: body.email,
        group: group.name,
        otp_enabled: body.otp_enabled,
        ...(agent && { agent: agent.full_name, store: agent.store_name }),
      },
      params: { ...body, phone: body.phone ?? null, agent_msisdn: undefined, agent_id: agent ? Number(agent.id) : null },
    },
    now,
    open: 'A new portal user with this username is already pending',
  });
}

export interface PriceProposal {
  phone_model_id: number;
  rrp: number;
  wholesale_price: number;
  credit_multiplier: number;
  deposit: number;
  daily_payment: number;
  installments: number;
  twelve_months_payment: number;
}

const PRICE_FIELDS = [
  'rrp',
  'wholesale_price',
  'credit_multiplier',
  'deposit',
  'daily_payment',
  'installments',
  'twelve_months_payment',
] as const;

export const proposePriceUpdate = (deps: Deps, caller: Caller, body: PriceProposal) =>
  deps.db.transaction((tx) => submitPriceUpdate(tx, caller, body, deps.clock.now()));

export async function submitPriceUpdate(tx: Tx, maker: Maker, body: PriceProposal, now: Date) {
  for (const field of ['rrp', 'wholesale_price', 'deposit', 'daily_payment', 'installments', 'twelve_months_payment'] as const) {
    if (!Number.isSafeInteger(body[field]) || body[field] <= 0) throw badRequest(field, `valid ${field} required (whole TZS above 0)`);
  }
  if (body.wholesale_price > body.rrp) throw badRequest('wholesale_price', 'The wholesale price must not be above the retail price');
  if (body.deposit >= body.rrp) throw badRequest('deposit', 'The deposit must be below the retail price');
  if (body.installments % 7 !== 0 || body.installments % 30 !== 0)
    throw badRequest('installments', 'Installments must be a multiple of 7 and of 30');
  if (!(body.credit_multiplier >= 1) || Math.abs(body.credit_multiplier * 100 - Math.round(body.credit_multiplier * 100)) > 1e-9) {
    throw badRequest('credit_multiplier', 'The credit multiplier is at least 1, with at most two decimals');
  }
  if (body.deposit + body.daily_payment * body.installments < body.rrp || body.deposit + body.twelve_months_payment * 12 < body.rrp) {
    throw badRequest('daily_payment', 'The plans must repay at least the retail price');
  }
  const [current] = await tx.query<Row>(
    `SELECT p.id, p.rrp, p.wholesale_price, p.credit_multiplier::float8 AS credit_multiplier, p.deposit, p.daily_payment,
            p.installments, p.twelve_months_payment, m.sku, m.name
       FROM phone_prices p JOIN phone_models m ON m.id = p.phone_model_id
      WHERE p.phone_model_id = $1 AND p.effective_to IS NULL`,
    [body.phone_model_id],
  );
  if (!current) throw badRequest('phone_model_id', 'valid phone model required');
  const pick = (from: Record<string, any>) => Object.fromEntries(PRICE_FIELDS.map((f) => [f, Number(from[f])])) as ChangeValues;
  return insertRequest(tx, {
    kind: 'phone_price_update',
    subject: `phone_model:${body.phone_model_id}`,
    maker,
    reason: null,
    payload: {
      summary: `New price of ${current.name} (${current.sku}): TZS ${body.rrp}, was TZS ${current.rrp}`,
      before: { sku: current.sku, ...pick(current) },
      after: { sku: current.sku, ...pick(body) },
      params: { ...pick(body), phone_model_id: body.phone_model_id, phone_price_id: current.id },
    },
    now,
    open: 'A price update of this phone model is already pending',
  });
}
