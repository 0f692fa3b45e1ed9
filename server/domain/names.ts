import type { Queryable } from '../db/port';
import { deviceName } from './devices';

/**
 * The names of the portal's small tables (regions, stores, agents, staff, phone models and their prices), kept per
 * copy of the server (issue 16, decision 057). A list page reads the ids of its rows' store, agent or collector with
 * one more column, NAMES_VERSION: the version of migration 038, which every statement that may change a kept name
 * moves on in its own transaction. The page's names come from `namesAt` that version: the kept ones when they are at
 * least as new as what the page's snapshot saw, else read again (one statement, one snapshot) before the page is
 * answered. So a renamed store shows its new name on the first page read after the rename commits, on every copy.
 *
 * Reading a name per row cost an index lookup each (three to four buffers): 200 of the 775 buffers of the first page
 * of every defaulter at a million customers, and a third of PostgreSQL's time on the loans list.
 */
export const NAMES_VERSION = '(SELECT nv.version FROM names_version nv) AS names_version';

export interface Named {
  id: number;
  name: string;
}

export class Names {
  private readonly stores = new Map<number, { name: string; region: number }>();
  private readonly regions = new Map<number, string>();
  private readonly agents = new Map<number, string>();
  private readonly admins = new Map<number, { username: string; name: string }>();
  private readonly models = new Map<number, { brand: string; name: string }>();
  private readonly prices = new Map<number, number>();

  constructor(
    readonly version: number,
    rows: NamesRow,
  ) {
    for (const [id, name, region] of rows.stores ?? []) this.stores.set(id, { name, region });
    for (const [id, name] of rows.regions ?? []) this.regions.set(id, name);
    for (const [id, name] of rows.agents ?? []) this.agents.set(id, name);
    for (const [id, username, name] of rows.admins ?? []) this.admins.set(id, { username, name });
    for (const [id, brand, name] of rows.models ?? []) this.models.set(id, { brand, name });
    for (const [id, model] of rows.prices ?? []) this.prices.set(id, model);
  }

  store(id: number): Named {
    return { id, name: known(this.stores.get(id), 'store', id).name };
  }

  /** The region a store is in. */
  regionOfStore(storeId: number): Named {
    const region = known(this.stores.get(storeId), 'store', storeId).region;
    return { id: region, name: known(this.regions.get(region), 'region', region) };
  }

  /** An agent, or null when there is none: a row's `agent_id` as it comes (ids are numbers, server/db/port.ts). */
  agent(id: number | null | undefined): Named | null {
    return id === null || id === undefined ? null : { id, name: known(this.agents.get(id), 'agent', id) };
  }

  /** A member of staff (a portal user): their username and full name. */
  admin(id: number): { id: number; username: string; name: string } {
    const admin = known(this.admins.get(id), 'admin', id);
    return { id, username: admin.username, name: admin.name };
  }

  /** A phone model: its brand and name. */
  model(id: number): { brand: string; name: string } {
    return known(this.models.get(id), 'phone model', id);
  }

  /** A phone model as the screens name a device ("itel A70"). */
  phone(modelId: number): string {
    const model = this.model(modelId);
    return deviceName(model.brand, model.name);
  }

  /** The phone a price is for, named as `phone` does. */
  phoneOfPrice(priceId: number): string {
    return this.phone(known(this.prices.get(priceId), 'phone price', priceId));
  }
}

/** A name the kept ones lack is a broken promise of the version (its triggers), never a user's error. */
function known<T>(value: T | undefined, what: string, id: number): T {
  if (value === undefined) throw new Error(`no kept name for ${what} ${id} (names version)`);
  return value;
}

interface NamesRow {
  version: number | string;
  stores: Array<[number, string, number]> | null;
  regions: Array<[number, string]> | null;
  agents: Array<[number, string]> | null;
  admins: Array<[number, string, string]> | null;
  models: Array<[number, string, string]> | null;
  prices: Array<[number, number]> | null;
}

/** Every kept name and their version, in one statement: one snapshot. */
const READ_NAMES = `SELECT (SELECT version FROM names_version) AS version,
  (SELECT json_agg(json_build_array(id, name, region_id)) FROM stores) AS stores,
  (SELECT json_agg(json_build_array(id, name)) FROM regions) AS regions,
  (SELECT json_agg(json_build_array(id, full_name)) FROM agents) AS agents,
  (SELECT json_agg(json_build_array(id, username, full_name)) FROM admins) AS admins,
  (SELECT json_agg(json_build_array(id, brand, name)) FROM phone_models) AS models,
  (SELECT json_agg(json_build_array(id, phone_model_id)) FROM phone_prices) AS prices`;

interface Kept {
  names: Names | null;
  reading: Promise<Names> | null;
}

/**
 * Per Db, and per transaction: a transaction's statements see its own uncommitted renames, and the version it moved,
 * so what it reads is kept for it alone. A WeakMap lets each go with its owner.
 */
const kept = new WeakMap<object, Kept>();

/**
 * The names as new as `version` or newer, for a page whose statement carried NAMES_VERSION. Callers asking while the
 * names are being read share that read; a failed read is not kept. In a transaction, its Db's kept names serve when
 * they are new enough (a version the transaction moved itself is never one they have: it holds that row's lock).
 */
export async function namesAt(db: Queryable, version: number | string): Promise<Names> {
  const wanted = Number(version);
  const outer = db.outer && kept.get(db.outer)?.names;
  if (outer && outer.version >= wanted) return outer;
  let entry = kept.get(db);
  if (!entry) kept.set(db, (entry = { names: null, reading: null }));
  if (entry.names && entry.names.version >= wanted) return entry.names;
  if (entry.reading) {
    const names = await entry.reading;
    if (names.version >= wanted) return names;
  }
  const reading = readNames(db);
  entry.reading = reading;
  try {
    const names = await reading;
    if (!entry.names || names.version > entry.names.version) entry.names = names;
    return names;
  } finally {
    if (entry.reading === reading) entry.reading = null;
  }
}

/** The names for the rows of a statement that carried NAMES_VERSION (none are read for no rows). */
export function namesFor(db: Queryable, rows: ReadonlyArray<{ names_version?: unknown }>): Promise<Names> | Names {
  const version = rows[0]?.names_version;
  if (version === undefined || version === null) return EMPTY;
  return namesAt(db, version as number);
}

const EMPTY = new Names(0, { version: 0, stores: null, regions: null, agents: null, admins: null, models: null, prices: null });

async function readNames(db: Queryable): Promise<Names> {
  const [row] = await db.query<NamesRow>(READ_NAMES);
  return new Names(Number(row!.version), row!);
}
