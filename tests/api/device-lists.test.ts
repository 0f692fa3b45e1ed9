import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import { damagedDevices, lostDevices, suspendedImeis } from '../../src/contract/device-lists';
import { testApi, TEST_NOW, type TestApi } from '../support/api';
import { businessFixtures, type Borrower, type BusinessFixtures } from '../support/business-fixtures';
import { STATUS_INCIDENT_DRIFT } from '../support/kept-rows';

let api: TestApi;
let fx: BusinessFixtures;
const token: Record<string, string> = {};
let damaged: Borrower;
let damagedEarlier: Borrower;
let lost: Borrower;
let stolen: Borrower;
let recovered: Borrower;
let healthy: Borrower;

const post = (path: string, body: unknown, by: string | null = token.callcentre!) =>
  api.call('POST', path, { token: by ?? undefined, body });
const LISTS = [routes.damagedDevices, routes.lostDevices, routes.suspendedImeis];

async function markDamaged(b: Borrower, day: string, serviceCentre: string, reason: string) {
  // As every writer of a status does: the day it entered the state with it (migration 027).
  await api.db.query("UPDATE devices SET status = 'damaged', status_since = $2 WHERE id = $1", [b.deviceId, day]);
  await api.db.query(
    "INSERT INTO device_incidents (device_id, kind, occurred_on, service_centre, repair_reason, created_at) VALUES ($1, 'damaged', $2, $3, $4, $5)",
    [b.deviceId, day, serviceCentre, reason, TEST_NOW],
  );
}

beforeAll(async () => {
  api = await testApi();
  fx = await businessFixtures(api.db);
  for (const u of ['callcentre', 'agent', 'finance']) token[u] = await api.tokenFor(u);
  damaged = await fx.borrower();
  damagedEarlier = await fx.borrower();
  lost = await fx.borrower();
  stolen = await fx.borrower();
  recovered = await fx.borrower();
  healthy = await fx.borrower();
  await markDamaged(damaged, '2026-10-30', 'Kariakoo Service Centre', 'Cracked screen (50%_off)');
  await markDamaged(damagedEarlier, '2026-10-01', 'Mwanza Repair Hub', 'Battery swollen');
  await api.db.query("UPDATE devices SET status = 'lost', status_since = '2026-10-20', is_locked = true WHERE id = $1", [lost.deviceId]);
  await api.db.query(
    "INSERT INTO device_incidents (device_id, kind, occurred_on, notes, created_at) VALUES ($1, 'lost', '2026-10-20', 'Lost on the ferry', $2)",
    [lost.deviceId, TEST_NOW],
  );
  // Stolen through the portal, so the row names who reported it; one more stolen and since recovered.
  expect(
    (await post(routes.reportStolen.path, { imei: stolen.imei, occurred_on: '2026-11-01', notes: 'Snatched at the bus stand' })).status,
  ).toBe(200);
  expect((await post(routes.reportStolen.path, { imei: recovered.imei, occurred_on: '2026-10-25' })).status).toBe(200);
  expect((await post(routes.recordRecovered.path, { imei: recovered.imei, occurred_on: '2026-10-28' })).status).toBe(200);
});
afterAll(() => api.close());

describe('every list: 401, 403, 400', () => {
  it('401 without a token', async () => {
    for (const route of LISTS) expect((await post(route.path, {}, null)).status, route.path).toBe(401);
  });

  it('403 naming VIEW_CUSTOMER_PHONE for a user without it', async () => {
    for (const route of LISTS) {
      const res = await post(route.path, {}, token.finance);
      expect(res.status, route.path).toBe(403);
      expect(res.body.role, route.path).toBe('VIEW_CUSTOMER_PHONE');
    }
  });

  it('400 naming the field', async () => {
    for (const route of LISTS) {
      for (const [body, field] of [
        [{ limit: 0 }, 'limit'],
        [{ limit: 201 }, 'limit'],
        [{ skip: -1 }, 'skip'],
        [{ search: 'x'.repeat(101) }, 'search'],
        [{ search: 42 }, 'search'],
      ] as const) {
        const res = await post(route.path, body);
        expect(res.status, `${route.path} ${JSON.stringify(body)}`).toBe(400);
        expect(Object.keys(res.body.fields)).toContain(field);
      }
    }
  });
});

describe('damaged devices', () => {
  it('lists the devices marked damaged, newest first, with service centre and repair reason', async () => {
    const res = await post(routes.damagedDevices.path, {}, token.agent);
    expect(res.status).toBe(200);
    const page = damagedDevices.parse(res.body);
    expect(page).toMatchObject({ total: 2, limit: 25, skip: 0 });
    expect(page.data.map((d) => d.imei)).toEqual([damaged.imei, damagedEarlier.imei]);
    expect(page.data[0]).toEqual({
      id: damaged.deviceId,
      imei: damaged.imei,
      device_name: 'itel Test A1 (64 GB)',
      is_locked: false,
      customer: { id: damaged.customerId, msisdn: damaged.msisdn, name: damaged.name },
      loan_number: damaged.loanNumber,
      reported_by: null,
      notes: null,
      damaged_on: '2026-10-30',
      service_centre: 'Kariakoo Service Centre',
      repair_reason: 'Cracked screen (50%_off)',
    });
  });

  it('searches by phone in any form, IMEI, name, service centre and reason; % and _ are plain text', async () => {
    const only = async (search: string) =>
      (await post(routes.damagedDevices.path, { search })).body.data.map((d: { imei: string }) => d.imei);
    expect(await only(`0${damaged.msisdn.slice(3)}`)).toEqual([damaged.imei]);
    expect(await only(`+${damaged.msisdn}`)).toEqual([damaged.imei]);
    expect(await only(damagedEarlier.imei.slice(-7))).toEqual([damagedEarlier.imei]);
    expect(await only(damagedEarlier.name.toUpperCase())).toEqual([damagedEarlier.imei]);
    expect(await only('mwanza repair')).toEqual([damagedEarlier.imei]);
    expect(await only('swollen')).toEqual([damagedEarlier.imei]);
    expect(await only('50%_')).toEqual([damaged.imei]);
    expect(await only('%')).toEqual([damaged.imei]);
    expect(await only(`0${healthy.msisdn.slice(3)}`)).toEqual([]);
  });

  it('pages: the total counts every match, the page holds limit rows from skip', async () => {
    const second = damagedDevices.parse((await post(routes.damagedDevices.path, { limit: 1, skip: 1 })).body);
    expect(second).toMatchObject({ total: 2, limit: 1, skip: 1 });
    expect(second.data.map((d) => d.imei)).toEqual([damagedEarlier.imei]);
    const beyond = damagedDevices.parse((await post(routes.damagedDevices.path, { limit: 1, skip: 5 })).body);
    expect(beyond).toMatchObject({ total: 2, data: [] });
  });
});

describe('lost devices', () => {
  it('lists the devices reported lost with the date lost', async () => {
    const page = lostDevices.parse((await post(routes.lostDevices.path, {})).body);
    expect(page.total).toBe(1);
    expect(page.data).toEqual([
      expect.objectContaining({ id: lost.deviceId, imei: lost.imei, is_locked: true, date_lost: '2026-10-20', notes: 'Lost on the ferry' }),
    ]);
    expect((await post(routes.lostDevices.path, { search: damaged.imei })).body).toMatchObject({ total: 0, data: [] });
  });
});

describe('suspended IMEIs', () => {
  it('lists the stolen and lost devices not recovered, with why and since when', async () => {
    const page = suspendedImeis.parse((await post(routes.suspendedImeis.path, {})).body);
    expect(page.total).toBe(2);
    expect(page.data).toEqual([
      expect.objectContaining({
        imei: stolen.imei,
        reason: 'stolen',
        since: '2026-11-01',
        is_locked: true,
        reported_by: 'Grace Mollel',
        notes: 'Snatched at the bus stand',
      }),
      expect.objectContaining({ imei: lost.imei, reason: 'lost', since: '2026-10-20', is_locked: true }),
    ]);
    expect(page.data.map((d) => d.imei)).not.toContain(recovered.imei);
    expect(page.data.map((d) => d.imei)).not.toContain(damaged.imei);
  });

  it('drops an IMEI once its device is recorded recovered', async () => {
    expect((await post(routes.recordRecovered.path, { imei: stolen.imei, occurred_on: '2026-11-02' })).status).toBe(200);
    const page = suspendedImeis.parse((await post(routes.suspendedImeis.path, { search: stolen.loanNumber })).body);
    expect(page).toMatchObject({ total: 0, data: [] });
  });
});

describe('the totals kept per status (migration 032)', () => {
  const counted = async (statuses: string[]) =>
    Number((await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM devices WHERE status = ANY($1::text[])', [statuses]))[0]!.n);
  const totals = async () => ({
    damaged: (await post(routes.damagedDevices.path, {})).body.total,
    lost: (await post(routes.lostDevices.path, {})).body.total,
    suspended: (await post(routes.suspendedImeis.path, {})).body.total,
  });
  const truth = async () => ({
    damaged: await counted(['damaged']),
    lost: await counted(['lost']),
    suspended: await counted(['stolen', 'lost']),
  });

  it('follow a device inserted in a listed status, moved between statuses, and deleted', async () => {
    expect(await totals()).toEqual(await truth());
    const b = await fx.borrower();
    await api.db.query("UPDATE devices SET status = 'damaged', status_since = '2026-11-03' WHERE id = $1", [b.deviceId]);
    expect(await totals()).toEqual(await truth());
    await api.db.query("UPDATE devices SET status = 'lost', is_locked = true WHERE id = $1", [b.deviceId]);
    expect(await totals()).toEqual(await truth());
    // An update that leaves the status alone, and one of a device that is not listed, move nothing.
    await api.db.query('UPDATE devices SET status = status, last_check_in = $2 WHERE id = ANY($1::bigint[])', [
      [b.deviceId, healthy.deviceId],
      TEST_NOW,
    ]);
    expect(await totals()).toEqual(await truth());
    // A copy of the lost device under a new IMEI, inserted lost, then deleted.
    const [copy] = await api.db.query<{ id: number }>(
      `INSERT INTO devices (customer_id, phone_model_id, imei, lock_solution_type, activation_status, is_locked, status, status_since, created_at)
       SELECT customer_id, phone_model_id, '356938035643809', lock_solution_type, activation_status, true, 'lost', '2026-11-04', created_at
         FROM devices WHERE id = $1 RETURNING id`,
      [b.deviceId],
    );
    expect(await totals()).toEqual(await truth());
    await api.db.query('DELETE FROM devices WHERE id = $1', [copy!.id]);
    await api.db.query("UPDATE devices SET status = 'active', status_since = NULL WHERE id = $1", [b.deviceId]);
    expect(await totals()).toEqual(await truth());
  });

  it('a page past the end still says the total', async () => {
    const beyond = lostDevices.parse((await post(routes.lostDevices.path, { skip: 500 })).body);
    expect(beyond).toMatchObject({ total: await counted(['lost']), data: [] });
  });
});

describe('the incident each listed device keeps (migration 048)', () => {
  /** The listed devices whose kept incident is not the newest of the kind their status names, and the others that keep one. */
  const drift = () => api.db.query(STATUS_INCIDENT_DRIFT);
  const incident = (deviceId: number, kind: string, day: string, notes: string) =>
    api.db.query('INSERT INTO device_incidents (device_id, kind, occurred_on, notes, created_at) VALUES ($1, $2, $3, $4, $5)', [
      deviceId,
      kind,
      day,
      notes,
      TEST_NOW,
    ]);
  const lostRow = async (imei: string) =>
    lostDevices.parse((await post(routes.lostDevices.path, { search: imei })).body).data.map((d) => [d.date_lost, d.notes]);

  it('is the newest incident of its status through every change, and none once it leaves the lists', async () => {
    expect(await drift()).toEqual([]);
    const b = await fx.borrower();
    await api.db.query("UPDATE devices SET status = 'damaged', status_since = '2026-10-02' WHERE id = $1", [b.deviceId]);
    await api.db.query(
      "INSERT INTO device_incidents (device_id, kind, occurred_on, service_centre, repair_reason, created_at) VALUES ($1, 'damaged', '2026-10-02', 'Arusha Hub', 'Dead battery', $2)",
      [b.deviceId, TEST_NOW],
    );
    expect((await post(routes.damagedDevices.path, { search: b.imei })).body.data).toEqual([
      expect.objectContaining({ imei: b.imei, damaged_on: '2026-10-02', service_centre: 'Arusha Hub', repair_reason: 'Dead battery' }),
    ]);
    // Lost with no lost incident yet: the damaged one is not its story.
    await api.db.query("UPDATE devices SET status = 'lost', status_since = '2026-10-05', is_locked = true WHERE id = $1", [b.deviceId]);
    expect(await lostRow(b.imei)).toEqual([[null, null]]);
    await incident(b.deviceId, 'lost', '2026-10-05', 'Left in a taxi');
    expect(await lostRow(b.imei)).toEqual([['2026-10-05', 'Left in a taxi']]);
    // A lost incident written later but dated earlier is not the newest.
    await incident(b.deviceId, 'lost', '2026-09-01', 'Lost once before');
    expect(await lostRow(b.imei)).toEqual([['2026-10-05', 'Left in a taxi']]);
    expect(await drift()).toEqual([]);
    // Found, then lost again with no new incident: its newest lost incident is its story again.
    await api.db.query("UPDATE devices SET status = 'active', status_since = NULL WHERE id = $1", [b.deviceId]);
    expect(await drift()).toEqual([]);
    await api.db.query("UPDATE devices SET status = 'lost', status_since = '2026-10-05' WHERE id = $1", [b.deviceId]);
    expect(await lostRow(b.imei)).toEqual([['2026-10-05', 'Left in a taxi']]);
    expect(await drift()).toEqual([]);
  });
});
