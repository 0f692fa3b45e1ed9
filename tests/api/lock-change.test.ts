import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import { deviceLockType, lockChanged, lockChangeStarted, lockSolutionStatus } from '../../src/contract/lock-change';
import type { Role } from '../../src/contract/roles';
import { testApi, type TestApi } from '../support/api';
import { businessFixtures, type Borrower, type BusinessFixtures } from '../support/business-fixtures';
import { confirmLockChange, startLockChange } from '../../server/domain/lock-change';
import { lockProviderSimulator } from '../../server/adapters/lock-provider';
import type { Caller, Deps } from '../../server/deps';
import { userWith as approvedUser } from '../support/admin-changes';

let api: TestApi;
let fx: BusinessFixtures;
const token: Record<string, string> = {};

/** A user of a new group holding exactly these roles: made by the admin, approved by the approver (four eyes). */
async function userWith(username: string, roles: Role[]): Promise<string> {
  return (await approvedUser(api, username, roles)).token;
}

/** A call as the agent (ADD_LOAN, VIEW_CUSTOMER_PHONE) unless another token (or null: no token) is given. */
const post = (path: string, body: unknown, by: string | null = token.agent!) => api.call('POST', path, { token: by ?? undefined, body });
const deviceRow = async (id: number) =>
  (await api.db.query<any>('SELECT lock_solution_type, activation_status, lock_status, enrolled_at FROM devices WHERE id = $1', [id]))[0];
const confirmBody = (msisdn: string) => ({ msisdn, lock_installed: true, app_installed: true });

/** The vivo code the simulator sent for the IMEI (to the agent's phone, through the outbox). */
async function vivoCode(imei: string): Promise<string> {
  const [row] = await api.db.query<{ body: string }>('SELECT body FROM outbox WHERE body LIKE $1 ORDER BY id DESC LIMIT 1', [
    `%IMEI ${imei}:%`,
  ]);
  const code = row?.body.match(/: (\d{6})\./)?.[1];
  if (!code) throw new Error(`no vivo code for ${imei}`);
  return code;
}

beforeAll(async () => {
  api = await testApi();
  fx = await businessFixtures(api.db);
  for (const u of ['admin', 'agent', 'callcentre']) token[u] = await api.tokenFor(u);
  token.nobody = await userWith('nobody', ['VIEW_USERS']);
  token.viewer = await userWith('viewer', ['FIND_CUSTOMER', 'VIEW_CUSTOMER_PHONE']);
});
afterAll(() => api.close());

describe('every lock-change call: 401 without a token, 403 without its role, 400 naming the field', () => {
  let b: Borrower;
  beforeAll(async () => {
    b = await fx.borrower();
  });
  const cases = () => [
    { route: routes.viewDeviceLockType, bad: { msisdn: '0712' }, field: 'msisdn' },
    { route: routes.lockSolutionStatus, bad: {}, field: 'msisdn' },
    { route: routes.changeLockSolution, bad: { msisdn: b.msisdn, lock_solution_type: 'knox' }, field: 'lock_solution_type' },
    { route: routes.sendLockChangeVivoCode, bad: { imei: '356938035643808' }, field: 'imei' },
    {
      route: routes.confirmLockSolutionChange,
      bad: { msisdn: b.msisdn, lock_installed: true, app_installed: false },
      field: 'app_installed',
    },
  ];

  it('401 for each', async () => {
    for (const { route, bad } of cases()) expect((await post(route.path, bad, null)).status, route.path).toBe(401);
  });

  it('403 naming the role for each: reading is VIEW_CUSTOMER_PHONE, changing is ADD_LOAN', async () => {
    for (const { route, bad } of cases()) {
      const res = await post(route.path, bad, token.nobody);
      expect(res.status, route.path).toBe(403);
      expect(res.body.role, route.path).toBe(route.auth);
    }
    expect([routes.viewDeviceLockType.auth, routes.lockSolutionStatus.auth]).toEqual(['VIEW_CUSTOMER_PHONE', 'VIEW_CUSTOMER_PHONE']);
    const change = await post(routes.changeLockSolution.path, { msisdn: b.msisdn, lock_solution_type: 'zte' }, token.viewer);
    expect(change).toMatchObject({ status: 403, body: { role: 'ADD_LOAN' } });
  });

  it('400 naming the field for each, changing nothing', async () => {
    const before = (await api.db.query<any>('SELECT count(*)::int AS n FROM audit_log'))[0].n;
    for (const { route, bad, field } of cases()) {
      const res = await post(route.path, bad);
      expect(res.status, route.path).toBe(400);
      expect(Object.keys(res.body.fields), route.path).toContain(field);
    }
    expect((await api.db.query<any>('SELECT count(*)::int AS n FROM audit_log'))[0].n).toBe(before);
  });

  it('404 for an unknown customer and for a customer with no device', async () => {
    for (const route of [
      routes.viewDeviceLockType,
      routes.lockSolutionStatus,
      routes.changeLockSolution,
      routes.confirmLockSolutionChange,
    ]) {
      const body = { msisdn: '0659999999', lock_solution_type: 'zte', lock_installed: true, app_installed: true };
      expect(await post(route.path, body), route.path).toMatchObject({ status: 404, body: { reason: 'not_found' } });
      const p = await fx.prospect();
      expect(await post(route.path, { ...body, msisdn: p.msisdn }), route.path).toMatchObject({
        status: 404,
        body: { reason: 'no_device' },
      });
    }
  });
});

describe('reading the lock', () => {
  it('the current type and the five others; the status with what is not known as null', async () => {
    const b = await fx.borrower();
    const type = await post(routes.viewDeviceLockType.path, { msisdn: `0${b.msisdn.slice(3)}` }, token.viewer);
    expect(type.status).toBe(200);
    expect(deviceLockType.parse(type.body)).toEqual({
      imei: b.imei,
      lock_solution_type: 'dial_code',
      available_lock_solution_types: ['trustonic', 'oguard', 'rguard', 'zte', 'vivo'],
    });
    const status = await post(routes.lockSolutionStatus.path, { msisdn: b.msisdn }, token.viewer);
    expect(status.status).toBe(200);
    expect(lockSolutionStatus.parse(status.body)).toEqual({
      imei: b.imei,
      lock_solution_type: 'dial_code',
      lock_status: 'active',
      activation_status: 'activated',
      is_locked: false,
      last_check_in: null,
      enrolled_at: expect.any(String),
    });
  });
});

describe('changing the lock', () => {
  it("start answers the new type's instructions; confirm applies it with its audit row and enrols after the commit", async () => {
    const b = await fx.borrower();
    const started = await post(routes.changeLockSolution.path, { msisdn: b.msisdn, lock_solution_type: 'oguard' });
    expect(started.status).toBe(200);
    const s = lockChangeStarted.parse(started.body);
    expect(s).toMatchObject({
      imei: b.imei,
      from_lock_solution_type: 'dial_code',
      lock_solution_type: 'oguard',
      dial_code: null,
      vivo_code_required: false,
    });
    expect(JSON.parse(s.qr_payload!)['android.app.extra.PROVISIONING_ADMIN_EXTRAS_BUNDLE'].imei).toBe(b.imei);
    expect((await deviceRow(b.deviceId)).lock_solution_type).toBe('dial_code');

    // A new start replaces the first: the dial-code lock answers its code.
    const again = await post(routes.changeLockSolution.path, { msisdn: b.msisdn, lock_solution_type: 'zte' });
    expect(lockChangeStarted.parse(again.body)).toMatchObject({ lock_solution_type: 'zte', dial_code: null, qr_payload: null });

    const confirmed = await post(routes.confirmLockSolutionChange.path, confirmBody(b.msisdn));
    expect(confirmed.status).toBe(200);
    expect(lockChanged.parse(confirmed.body)).toEqual({
      imei: b.imei,
      from_lock_solution_type: 'dial_code',
      lock_solution_type: 'zte',
      activation_status: 'activated',
      enrolment: 'enrolled',
      changed_at: expect.any(String),
    });
    expect(await deviceRow(b.deviceId)).toMatchObject({
      lock_solution_type: 'zte',
      activation_status: 'activated',
      lock_status: 'active',
      enrolled_at: expect.anything(),
    });
    const changes = await api.db.query<any>(
      'SELECT to_type, replaced_at, applied_at, enrolment_id FROM lock_solution_changes WHERE device_id = $1 ORDER BY id',
      [b.deviceId],
    );
    expect(changes).toEqual([
      { to_type: 'oguard', replaced_at: expect.anything(), applied_at: null, enrolment_id: null },
      { to_type: 'zte', replaced_at: null, applied_at: expect.anything(), enrolment_id: `ZTE-${b.imei}` },
    ]);
    const audit = (await api.auditRows('device.lock_solution_changed')).filter((r: any) => r.entity_id === String(b.deviceId));
    expect(audit).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ lock_solution_type: 'dial_code' }),
        after: expect.objectContaining({ lock_solution_type: 'zte', activation_status: 'activated' }),
      }),
    ]);
    expect((await api.auditRows('device.lock_enrolled')).some((r: any) => r.entity_id === String(b.deviceId))).toBe(true);

    // The same confirmation again (a retried call) answers the same change and changes nothing more.
    const retried = await post(routes.confirmLockSolutionChange.path, confirmBody(b.msisdn));
    expect(retried.body).toEqual(confirmed.body);
    expect((await api.auditRows('device.lock_solution_changed')).filter((r: any) => r.entity_id === String(b.deviceId))).toHaveLength(1);

    const type = await post(routes.viewDeviceLockType.path, { msisdn: b.msisdn });
    expect(type.body).toMatchObject({
      lock_solution_type: 'zte',
      available_lock_solution_types: ['trustonic', 'oguard', 'rguard', 'vivo', 'dial_code'],
    });
  });

  it('refuses the same type, and a confirmation with no change started', async () => {
    const b = await fx.borrower();
    expect(await post(routes.changeLockSolution.path, { msisdn: b.msisdn, lock_solution_type: 'dial_code' })).toMatchObject({
      status: 409,
      body: { reason: 'same_lock_type' },
    });
    expect(await post(routes.confirmLockSolutionChange.path, confirmBody(b.msisdn))).toMatchObject({
      status: 409,
      body: { reason: 'no_change_started' },
    });
    expect((await deviceRow(b.deviceId)).lock_solution_type).toBe('dial_code');
  });

  it('a stolen device cannot change its lock, neither started nor confirmed (409 device_stolen)', async () => {
    const b = await fx.borrower();
    expect((await post(routes.changeLockSolution.path, { msisdn: b.msisdn, lock_solution_type: 'trustonic' })).status).toBe(200);
    const stolen = await post(routes.reportStolen.path, { imei: b.imei, occurred_on: '2026-11-01' });
    expect(stolen.status).toBe(200);
    expect(await post(routes.confirmLockSolutionChange.path, confirmBody(b.msisdn))).toMatchObject({
      status: 409,
      body: { reason: 'device_stolen' },
    });
    expect(await post(routes.changeLockSolution.path, { msisdn: b.msisdn, lock_solution_type: 'zte' })).toMatchObject({
      status: 409,
      body: { reason: 'device_stolen' },
    });
    expect((await deviceRow(b.deviceId)).lock_solution_type).toBe('dial_code');
  });

  it('a device locked for arrears is locked again by its new provider (a lock command for the worker)', async () => {
    const b = await fx.borrower({ daysDefaulted: 10 });
    await post(routes.changeLockSolution.path, { msisdn: b.msisdn, lock_solution_type: 'trustonic' });
    expect((await post(routes.confirmLockSolutionChange.path, confirmBody(b.msisdn))).status).toBe(200);
    const commands = await api.db.query<any>('SELECT command, reason, status FROM device_lock_commands WHERE device_id = $1', [b.deviceId]);
    expect(commands).toEqual([{ command: 'lock', reason: 'arrears', status: 'pending' }]);
  });

  it('to vivo: the code must be sent for the change and verified after the start before the change applies', async () => {
    const b = await fx.borrower();
    // No change to vivo started: no code.
    expect(await post(routes.sendLockChangeVivoCode.path, { imei: b.imei })).toMatchObject({
      status: 409,
      body: { reason: 'no_change_started' },
    });
    const started = await post(routes.changeLockSolution.path, { msisdn: b.msisdn, lock_solution_type: 'vivo' });
    expect(lockChangeStarted.parse(started.body)).toMatchObject({
      lock_solution_type: 'vivo',
      vivo_code_required: true,
      dial_code: null,
      qr_payload: null,
    });
    expect(await post(routes.confirmLockSolutionChange.path, confirmBody(b.msisdn))).toMatchObject({
      status: 409,
      body: { reason: 'vivo_not_verified' },
    });

    // The wizard's route still refuses a handset whose lock is not vivo yet.
    expect((await post(routes.sendVivoAuthCode.path, { imei: b.imei })).body.reason).toBe('not_vivo');
    const sent = await post(routes.sendLockChangeVivoCode.path, { imei: b.imei });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ sent_at: expect.any(String), expires_at: expect.any(String) });
    const code = await vivoCode(b.imei);
    const wrong = await post(routes.verifyVivoAuthCode.path, { imei: b.imei, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.body.reason).toBe('auth_code_wrong');
    expect(await post(routes.confirmLockSolutionChange.path, confirmBody(b.msisdn))).toMatchObject({
      status: 409,
      body: { reason: 'vivo_not_verified' },
    });
    expect(await post(routes.verifyVivoAuthCode.path, { imei: b.imei, code })).toMatchObject({ status: 200, body: { verified: true } });

    const confirmed = await post(routes.confirmLockSolutionChange.path, confirmBody(b.msisdn));
    expect(confirmed).toMatchObject({ status: 200, body: { lock_solution_type: 'vivo', enrolment: 'enrolled' } });
    expect((await deviceRow(b.deviceId)).lock_solution_type).toBe('vivo');

    // A code verified for an earlier change does not count for the next one.
    await post(routes.changeLockSolution.path, { msisdn: b.msisdn, lock_solution_type: 'zte' });
    expect((await post(routes.confirmLockSolutionChange.path, confirmBody(b.msisdn))).status).toBe(200);
    api.clock.advance(1000);
    await post(routes.changeLockSolution.path, { msisdn: b.msisdn, lock_solution_type: 'vivo' });
    expect(await post(routes.confirmLockSolutionChange.path, confirmBody(b.msisdn))).toMatchObject({
      status: 409,
      body: { reason: 'vivo_not_verified' },
    });
  });

  it('a provider that does not answer leaves the change applied and the enrolment pending; confirming again enrols', async () => {
    const b = await fx.borrower();
    const [agent] = await api.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'agent'");
    const caller = { adminId: agent!.id } as Caller;
    const provider = lockProviderSimulator({ send: async () => undefined } as never);
    let down = true;
    const deps = {
      db: api.db,
      clock: api.clock,
      adapters: {
        lockProvider: {
          ...provider,
          enrol: (d: Parameters<typeof provider.enrol>[0]) => (down ? Promise.reject(new Error('unreachable')) : provider.enrol(d)),
        },
      },
    } as unknown as Deps;
    await startLockChange(deps, caller, { msisdn: b.msisdn, lock_solution_type: 'rguard' });
    const first = await confirmLockChange(deps, caller, { msisdn: b.msisdn, lock_installed: true, app_installed: true });
    expect(first).toMatchObject({ lock_solution_type: 'rguard', enrolment: 'pending' });
    expect(await deviceRow(b.deviceId)).toMatchObject({ lock_solution_type: 'rguard', activation_status: 'activated', enrolled_at: null });
    down = false;
    const again = await confirmLockChange(deps, caller, { msisdn: b.msisdn, lock_installed: true, app_installed: true });
    expect(again).toEqual({ ...first, enrolment: 'enrolled' });
    expect((await deviceRow(b.deviceId)).enrolled_at).not.toBeNull();
    expect((await api.auditRows('device.lock_solution_changed')).filter((r: any) => r.entity_id === String(b.deviceId))).toHaveLength(1);
  });
});
