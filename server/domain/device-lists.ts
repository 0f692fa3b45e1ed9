import type { z } from 'zod';
import type { DamagedDevice, LostDevice, SuspendedImei, deviceListRequest } from '../../src/contract/device-lists';
import { parseMsisdn } from '../../src/lib/msisdn';
import type { Deps } from '../deps';
import { countedTotal, keptTotal, pageBounds, totalColumn, totalOf } from '../db/page';
import { NAMES_VERSION, namesFor, type Names } from './names';
import { isoDay, type Row } from './shared';

/**
 * The device lists of the side menu: damaged devices, lost devices, suspended IMEIs (decision 008). Each row is a
 * device in that state with the incident that put it there (its newest incident of that kind); a device's status
 * is the truth, the incident is its story. Read-only, so no transaction and no audit row.
 */

type Page<T> = { total: number; limit: number; skip: number; data: T[] };
type Request = z.output<typeof deviceListRequest>;

interface ListSpec {
  /** Which device statuses the list holds. */
  statuses: readonly string[];
  /** Extra text columns the search box also matches. */
  searchAlso: readonly string[];
}

const DAMAGED: ListSpec = { statuses: ['damaged'], searchAlso: ['i.service_centre', 'i.repair_reason'] };
const LOST: ListSpec = { statuses: ['lost'], searchAlso: [] };
const SUSPENDED: ListSpec = { statuses: ['stolen', 'lost'], searchAlso: [] };

/** The user's text inside a LIKE pattern, its own % and _ taken literally. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

async function list(deps: Deps, spec: ListSpec, body: Request): Promise<{ total: number; rows: Row[]; names: Names }> {
  const params: unknown[] = [];
  // The statuses are the list's own constants, written into the statement so that every plan of it, generic ones
  // too, can use the partial indexes of listed devices (WHERE status IN ('stolen', 'lost', 'damaged')).
  const statuses = spec.statuses.map((status) => `'${status}'`).join(', ');
  let where = `d.status IN (${statuses})`;
  const search = body.search?.trim();
  if (search) {
    // A phone number in any form finds its customer exactly; anything else is a part of a listed text.
    const msisdn = parseMsisdn(search);
    params.push(msisdn ?? `%${likeEscaped(search)}%`);
    where += msisdn
      ? ` AND c.msisdn = $1`
      : ` AND (${['d.imei', 'c.msisdn', "c.first_name || ' ' || c.other_names", 'l.loan_number', ...spec.searchAlso]
          .map((column) => `${column} ILIKE $1`)
          .join(' OR ')})`;
  }
  // The incident that put the device in its state, the newest of the kind its status names: the device keeps its id
  // (migration 048), so it is read by primary key rather than looked up among the device's incidents and sorted.
  const incident = `LEFT JOIN device_incidents i ON i.id = d.status_incident_id`;
  // Its loan, the active one, else the newest: the first entry of loans_device_latest_idx (migration 048).
  const loan = `LEFT JOIN LATERAL (SELECT x.loan_number FROM loans x WHERE x.device_id = d.id
                        ORDER BY (x.status = 'active') DESC, x.started_at DESC, x.id DESC LIMIT 1) l ON true`;
  // Without a search the page walks the listed devices' index (status, status_since, id): the day a device
  // entered its state is kept on it (migration 027), so a page stops after its rows instead of joining every listed
  // device to its incident and sorting them all. Its total is the count kept per status (list_totals, migration 032). With a
  // search, the page and its count read the columns it matches.
  const from = search
    ? `FROM devices d JOIN customers c ON c.id = d.customer_id ${incident} ${loan} WHERE ${where}`
    : `FROM devices d WHERE ${where}`;
  const total = search ? `SELECT count(*)::int ${from}` : keptTotal(...spec.statuses.map((status) => `devices:${status}`));
  const counted = countedTotal(deps.db, { total, params });
  // The page first, then the incident, customer and loan of its rows only, and the total with them (one round trip,
  // server/db/page.ts). The statement's order is the page's own columns, so its rows are not sorted again (decision
  // 092). The phone model's and the reporter's names are the copy's kept ones (decision 057).
  // The page carries the device's own columns, read from its row as the page is cut: reading the page's ids alone
  // from the index and then each device again by key made a page 359 us from a client at a million customers, 290 us
  // this way (147 against 158 us on the demo data, in process).
  const rows = await deps.db.query<Row>(
    `WITH page AS (
       SELECT d.id, d.status_since, d.imei, d.status, d.is_locked, d.phone_model_id, d.customer_id, d.status_incident_id ${from}
        ORDER BY d.status_since DESC NULLS LAST, d.id DESC
        ${pageBounds(body.limit, body.skip)})
     SELECT ${totalColumn(counted)}, d.id, d.imei, d.status, d.is_locked, d.phone_model_id, c.id AS customer_id, c.msisdn,
            c.first_name || ' ' || c.other_names AS customer_name, l.loan_number, ${isoDay('i.occurred_on')} AS occurred_on,
            i.service_centre, i.repair_reason, i.notes, i.reported_by, ${NAMES_VERSION}
       FROM page d
       JOIN customers c ON c.id = d.customer_id
       ${incident}
       ${loan}
      ORDER BY d.status_since DESC NULLS LAST, d.id DESC`,
    params,
  );
  return { total: await totalOf(deps.db, rows, counted), rows, names: await namesFor(deps.db, rows) };
}

/**
 * What every device list shows. Each list adds its own fields with `Object.assign`, not by spreading this into a new
 * literal: the spread cost Node 0.09 ms of a page's 0.29 (decision 040 found the same in the request queues).
 */
const listed = (r: Row, names: Names) => ({
  id: Number(r.id),
  imei: String(r.imei),
  device_name: names.phone(Number(r.phone_model_id)),
  is_locked: Boolean(r.is_locked),
  customer: { id: Number(r.customer_id), msisdn: String(r.msisdn), name: String(r.customer_name) },
  loan_number: r.loan_number ?? null,
  reported_by: r.reported_by === null ? null : names.admin(Number(r.reported_by)).name,
  notes: r.notes ?? null,
});

export async function damagedDevices(deps: Deps, body: Request): Promise<Page<DamagedDevice>> {
  const { total, rows, names } = await list(deps, DAMAGED, body);
  return {
    total,
    limit: body.limit,
    skip: body.skip,
    data: rows.map((r) =>
      Object.assign(listed(r, names), {
        damaged_on: r.occurred_on ?? null,
        service_centre: r.service_centre ?? null,
        repair_reason: r.repair_reason ?? null,
      }),
    ),
  };
}

export async function lostDevices(deps: Deps, body: Request): Promise<Page<LostDevice>> {
  const { total, rows, names } = await list(deps, LOST, body);
  return {
    total,
    limit: body.limit,
    skip: body.skip,
    data: rows.map((r) => Object.assign(listed(r, names), { date_lost: r.occurred_on ?? null })),
  };
}

export async function suspendedImeis(deps: Deps, body: Request): Promise<Page<SuspendedImei>> {
  const { total, rows, names } = await list(deps, SUSPENDED, body);
  return {
    total,
    limit: body.limit,
    skip: body.skip,
    data: rows.map((r) => Object.assign(listed(r, names), { reason: r.status as 'stolen' | 'lost', since: r.occurred_on ?? null })),
  };
}
