import { z } from 'zod';
import { parseImei } from '../lib/imei';
import { listOf, text } from './common';

/**
 * Stores, people and inventory (issue 12, decision 013): regions and their leads, phone stores, agents and their
 * categories, and the serialized stock (one row per handset by IMEI) with transfers between stores and stock counts.
 * Every list is paged, searched and filtered on the server; the server narrows every answer to the caller's scope
 * (a shop owner's stores, a region lead's region, everything for head-office staff).
 */

export const STORE_LIMITS = { page: 200, search: 100, name: 120, batch: 200 } as const;

/**
 * Tanzania's bounding box (mainland, Zanzibar and Mafia included): a store or an agent placed outside it is a
 * typing error (a swapped sign, latitude and longitude exchanged).
 */
export const TANZANIA = { minLat: -11.75, maxLat: -0.95, minLng: 29.3, maxLng: 40.6 } as const;

export const STORE_TYPES = ['dealer_shop', 'main_shop'] as const;
export const TILL_OR_PAYBILL = ['till', 'paybill'] as const;
export const BILLER_TYPES = ['mpesa', 'tigo_pesa', 'airtel_money', 'halopesa'] as const;
/** What a handset in stock can be (decision 013 has the moves between them). */
export const INVENTORY_STATUSES = [
  'in_stock',
  'reserved',
  'in_transit',
  'sold',
  'returned',
  'repossessed',
  'in_repair',
  'damaged',
  'written_off',
  'lost',
  'returned_to_supplier',
] as const;
export type InventoryStatus = (typeof INVENTORY_STATUSES)[number];
/**
 * The status changes made by hand (decision 019), from each status: a handset on the shelf, in repair or damaged
 * may be marked damaged, in repair, lost, returned to the supplier or written off, and put back in stock; a lost
 * one found again goes back in stock. Reserved, in transit and sold move only through the wizard and transfers;
 * written off and returned to the supplier are final.
 */
export const MANUAL_STATUS_MOVES: Readonly<Partial<Record<InventoryStatus, readonly InventoryStatus[]>>> = {
  in_stock: ['damaged', 'in_repair', 'lost', 'returned_to_supplier', 'written_off'],
  returned: ['in_stock', 'damaged', 'in_repair', 'lost', 'returned_to_supplier', 'written_off'],
  repossessed: ['in_stock', 'damaged', 'in_repair', 'lost', 'returned_to_supplier', 'written_off'],
  in_repair: ['in_stock', 'damaged', 'lost', 'returned_to_supplier', 'written_off'],
  damaged: ['in_stock', 'in_repair', 'lost', 'returned_to_supplier', 'written_off'],
  lost: ['in_stock', 'written_off'],
};
export const movesFrom = (status: InventoryStatus): readonly InventoryStatus[] => MANUAL_STATUS_MOVES[status] ?? [];
/** A handset may leave its store in a transfer only from these statuses (a sold or reserved one may not). */
export const TRANSFERABLE_STATUSES: readonly InventoryStatus[] = ['in_stock', 'returned', 'repossessed'];
/** A handset is on the shelf (a stock count expects to find it) in these statuses. */
export const ON_SHELF_STATUSES: readonly InventoryStatus[] = ['in_stock', 'returned', 'repossessed'];

const id = (what: string) =>
  z
    .number({ error: `valid ${what} required` })
    .int(`valid ${what} required`)
    .positive(`valid ${what} required`);
const page = {
  limit: z
    .number({ error: 'valid limit required' })
    .int('valid limit required')
    .min(1, 'valid limit required')
    .max(STORE_LIMITS.page, `must be at most ${STORE_LIMITS.page}`)
    .default(25),
  skip: z
    .number({ error: 'valid skip required' })
    .int('valid skip required')
    .min(0, 'valid skip required')
    .max(1_000_000, 'must be at most 1000000')
    .default(0),
};
const search = text({ error: 'valid search required' })
  .trim()
  .max(STORE_LIMITS.search, `must be at most ${STORE_LIMITS.search} characters`)
  .optional();
const name = (what: string) =>
  text({ error: `valid ${what} required` })
    .trim()
    .min(2, `valid ${what} required`)
    .max(STORE_LIMITS.name, `must be at most ${STORE_LIMITS.name} characters`);

export const latitude = z
  .number({ error: 'valid latitude required' })
  .min(TANZANIA.minLat, 'must be inside Tanzania')
  .max(TANZANIA.maxLat, 'must be inside Tanzania');
export const longitude = z
  .number({ error: 'valid longitude required' })
  .min(TANZANIA.minLng, 'must be inside Tanzania')
  .max(TANZANIA.maxLng, 'must be inside Tanzania');

/** An IMEI as staff type it (spaces and dashes ignored), Luhn-checked. */
export const imei = text({ error: 'valid IMEI required' }).transform((value, ctx) => {
  const parsed = parseImei(value);
  if (!parsed) {
    ctx.addIssue({ code: 'custom', message: 'valid IMEI required (15 digits, check digit)' });
    return z.NEVER;
  }
  return parsed;
});

// ---------------------------------------------------------------------------------------------------------------
// Regions

export const regionListRequest = z.object({ search, ...page });
export const region = z.object({
  id: z.number().int(),
  name: z.string(),
  territory: z.string(),
  lead: z.object({ admin_id: z.number().int(), name: z.string(), username: z.string(), since: z.string() }).nullable(),
  stores: z.number().int(),
  created_at: z.string(),
});
export type Region = z.infer<typeof region>;
export const regionList = z.object({ total: z.number().int(), limit: z.number().int(), skip: z.number().int(), regions: z.array(region) });

export const createRegionRequest = z.object({ name: name('region name'), territory: name('territory') });
export const addRegionLeadRequest = z.object({
  region_id: id('region'),
  username: text({ error: 'valid username required' }).trim().min(1, 'valid username required').max(64, 'must be at most 64 characters'),
});
export const regionLeadHistoryRequest = z.object({ region_id: id('region') });
export const regionLead = z.object({
  id: z.number().int(),
  admin_id: z.number().int(),
  name: z.string(),
  username: z.string(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  assigned_by: z.string().nullable(),
});
export const regionLeadHistory = z.object({ data: z.array(regionLead) });

// ---------------------------------------------------------------------------------------------------------------
// Stores

const yesNo = z.boolean({ error: 'must be true or false' });

export const storeListRequest = z.object({
  /** Part of the store's name, location or till/paybill number. */
  search,
  region_id: id('region').optional(),
  store_type: z.enum(STORE_TYPES, { error: 'valid store type required' }).optional(),
  has_owner: yesNo.optional(),
  is_mapped: yesNo.optional(),
  ...page,
});
export const store = z.object({
  id: z.number().int(),
  name: z.string(),
  region: z.object({ id: z.number().int(), name: z.string() }),
  store_type: z.enum(STORE_TYPES),
  owner: z.object({ id: z.number().int(), name: z.string(), msisdn: z.string() }).nullable(),
  has_owner: z.boolean(),
  location: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  is_mapped: z.boolean(),
  till_or_paybill: z.enum(TILL_OR_PAYBILL),
  biller_type: z.enum(BILLER_TYPES),
  biller_number: z.string(),
  agents: z.number().int(),
  in_stock: z.number().int(),
  created_at: z.string(),
});
export type Store = z.infer<typeof store>;
export const storeList = z.object({ total: z.number().int(), limit: z.number().int(), skip: z.number().int(), stores: z.array(store) });

export const createStoreRequest = z
  .object({
    name: name('store name'),
    region_id: id('region'),
    store_type: z.enum(STORE_TYPES, { error: 'valid store type required' }),
    location: name('location'),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    till_or_paybill: z.enum(TILL_OR_PAYBILL, { error: 'valid till or paybill required' }),
    biller_type: z.enum(BILLER_TYPES, { error: 'valid biller type required' }),
    biller_number: text({ error: 'valid biller number required' })
      .trim()
      .regex(/^\d{5,12}$/, 'valid biller number required (5 to 12 digits)'),
    shop_owner_id: id('shop owner').optional(),
  })
  .refine((s) => (s.latitude === undefined) === (s.longitude === undefined), {
    path: ['longitude'],
    message: 'give both latitude and longitude, or neither',
  })
  .refine((s) => s.store_type === 'dealer_shop' || s.shop_owner_id === undefined, {
    path: ['shop_owner_id'],
    message: 'a main shop has no owner',
  });
export type CreateStoreRequest = z.input<typeof createStoreRequest>;

export const storeRequest = z.object({ store_id: id('store') });
export const storeLocationRequest = z.object({
  store_id: id('store'),
  latitude,
  longitude,
  location: name('location').optional(),
});

/** The store profile: the store, its stock by model and status, its sales and arrears at a glance. */
export const storeProfile = z.object({
  store,
  stock: z.array(
    z.object({ phone_model_id: z.number().int(), model: z.string(), status: z.enum(INVENTORY_STATUSES), count: z.number().int() }),
  ),
  sales: z.object({
    active_loans: z.number().int(),
    sold_last_30_days: z.number().int(),
    in_arrears: z.number().int(),
    arrears_amount: z.number().int(),
  }),
});
export type StoreProfile = z.infer<typeof storeProfile>;

// ---------------------------------------------------------------------------------------------------------------
// Agents and categories

export const categoryListRequest = z.object({
  search,
  status: z.enum(['active', 'inactive'], { error: 'valid status required' }).optional(),
  ...page,
});
export const category = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(['active', 'inactive']),
  date_created: z.string(),
  agents: z.number().int(),
});
export type Category = z.infer<typeof category>;
export const categoryList = listOf(category);
export const createCategoryRequest = z.object({ name: name('category name') });
export const updateCategoryRequest = z
  .object({
    category_id: id('category'),
    name: name('category name').optional(),
    status: z.enum(['active', 'inactive'], { error: 'valid status required' }).optional(),
  })
  .refine((c) => c.name !== undefined || c.status !== undefined, { path: ['name'], message: 'give a new name or a status' });

export const agentListRequest = z.object({
  /** Part of the agent's name or phone number. */
  search,
  store_id: id('store').optional(),
  category_id: id('category').optional(),
  /** Only agents with no category ("Unassigned"). */
  unassigned: yesNo.optional(),
  ...page,
});
export const agent = z.object({
  id: z.number().int(),
  full_name: z.string(),
  msisdn: z.string(),
  status: z.enum(['active', 'inactive']),
  store: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The spec's is_category: 1 when the agent has a category, else 0 (shown as "Unassigned"). */
  is_category: z.union([z.literal(0), z.literal(1)]),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  location_updated_at: z.string().nullable(),
});
export type Agent = z.infer<typeof agent>;
export const agentList = listOf(agent);

/** Classify one agent: give them a category, or none (null: "Unassigned"). */
export const classifyAgentRequest = z.object({ agent_id: id('agent'), category_id: id('category').nullable() });
/** Allocate one category to several agents at once. */
export const allocateCategoryRequest = z.object({
  category_id: id('category'),
  agent_ids: z.array(id('agent'), { error: 'valid agents required' }).min(1, 'choose at least one agent').max(STORE_LIMITS.page),
});
export const allocated = z.object({ updated: z.number().int(), agents: z.array(agent) });
export const agentLocationRequest = z.object({ agent_id: id('agent'), latitude, longitude });

// ---------------------------------------------------------------------------------------------------------------
// Inventory

export const phoneModelList = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), brand: z.string(), sku: z.string() })),
});

export const inventoryListRequest = z.object({
  /** The start of an IMEI, or part of a model's name or SKU. */
  search,
  store_id: id('store').optional(),
  status: z.enum(INVENTORY_STATUSES, { error: 'valid status required' }).optional(),
  phone_model_id: id('phone model').optional(),
  ...page,
});
export const inventoryItem = z.object({
  id: z.number().int(),
  imei: z.string(),
  model: z.object({ id: z.number().int(), name: z.string(), brand: z.string() }),
  store: z.object({ id: z.number().int(), name: z.string() }),
  status: z.enum(INVENTORY_STATUSES),
  received_at: z.string(),
  sold_at: z.string().nullable(),
  /** The transfer the handset is travelling in, while in transit. */
  transfer: z.object({ id: z.number().int(), to_store: z.string() }).nullable(),
});
export type InventoryItem = z.infer<typeof inventoryItem>;
export const inventoryList = listOf(inventoryItem);

export const addInventoryItemRequest = z.object({ store_id: id('store'), phone_model_id: id('phone model'), imei });
/** A pasted list: each line is checked on its own, the good ones are added, every line says what happened. */
export const addInventoryBatchRequest = z.object({
  store_id: id('store'),
  phone_model_id: id('phone model'),
  lines: z
    .array(text({ error: 'valid line required' }).max(64, 'must be at most 64 characters'), { error: 'valid lines required' })
    .min(1, 'paste at least one IMEI')
    .max(STORE_LIMITS.batch, `at most ${STORE_LIMITS.batch} lines at once`),
});
export const BATCH_OUTCOMES = ['added', 'invalid', 'duplicate_in_batch', 'already_registered'] as const;
export const inventoryBatchResult = z.object({
  added: z.number().int(),
  results: z.array(
    z.object({ line: z.number().int(), imei: z.string(), outcome: z.enum(BATCH_OUTCOMES), id: z.number().int().nullable() }),
  ),
});
export type InventoryBatchResult = z.infer<typeof inventoryBatchResult>;

// ---------------------------------------------------------------------------------------------------------------
// Transfers and counts

export const sendTransferRequest = z
  .object({
    from_store_id: id('store'),
    to_store_id: id('store'),
    imeis: z.array(imei, { error: 'valid IMEIs required' }).min(1, 'choose at least one handset').max(STORE_LIMITS.batch),
    note: text().trim().max(500, 'must be at most 500 characters').optional(),
  })
  .refine((t) => t.from_store_id !== t.to_store_id, { path: ['to_store_id'], message: 'must be another store' });
export const transferRequest = z.object({ transfer_id: id('transfer') });
export const transferListRequest = z.object({
  store_id: id('store').optional(),
  status: z.enum(['in_transit', 'received'], { error: 'valid status required' }).optional(),
  ...page,
});
export const transfer = z.object({
  id: z.number().int(),
  from_store: z.object({ id: z.number().int(), name: z.string() }),
  to_store: z.object({ id: z.number().int(), name: z.string() }),
  status: z.enum(['in_transit', 'received']),
  imeis: z.array(z.string()),
  note: z.string().nullable(),
  sent_by: z.string(),
  sent_at: z.string(),
  received_by: z.string().nullable(),
  received_at: z.string().nullable(),
});
export type Transfer = z.infer<typeof transfer>;
export const transferList = listOf(transfer);

export const stockCountRequest = z.object({
  store_id: id('store'),
  /** What was scanned or typed on the shelf, one IMEI a line. */
  lines: z
    .array(text({ error: 'valid line required' }).max(64, 'must be at most 64 characters'), { error: 'valid lines required' })
    .max(2000, 'at most 2000 lines at once'),
});
export const stockCount = z.object({
  id: z.number().int(),
  store: z.object({ id: z.number().int(), name: z.string() }),
  counted_at: z.string(),
  counted_by: z.string(),
  expected: z.number().int(),
  matched: z.number().int(),
  missing: z.array(z.object({ imei: z.string(), model: z.string() })),
  unexpected: z.array(z.object({ imei: z.string(), known_as: z.string().nullable() })),
  invalid: z.array(z.string()),
});
export type StockCount = z.infer<typeof stockCount>;
export const stockCountList = listOf(stockCount);
export const stockCountListRequest = z.object({ store_id: id('store').optional(), ...page });

/** A handset's status set by hand, with the reason (decision 019). */
export const inventoryStatusRequest = z.object({
  item_id: id('handset'),
  status: z.enum(INVENTORY_STATUSES, { error: 'valid status required' }),
  reason: text({ error: 'valid reason required' })
    .trim()
    .min(3, 'give a reason (at least 3 characters)')
    .max(500, 'must be at most 500 characters'),
});

// ---------------------------------------------------------------------------------------------------------------
// IMEI exceptions (decision 019): what no stock system or lock vendor shows alone.

export const IMEI_EXCEPTION_KINDS = ['sold_not_enrolled', 'enrolled_on_shelf', 'stolen_in_stock', 'returned_not_in_stock'] as const;
export type ImeiExceptionKind = (typeof IMEI_EXCEPTION_KINDS)[number];
export const imeiExceptionsRequest = z.object({
  kind: z.enum(IMEI_EXCEPTION_KINDS, { error: 'valid kind required' }).optional(),
  store_id: id('store').optional(),
  ...page,
});
export const imeiException = z.object({
  /** The row's key: a handset may be in two checks at once (item id x 4 + the check's place in the kinds). */
  id: z.number().int(),
  kind: z.enum(IMEI_EXCEPTION_KINDS),
  imei: z.string(),
  item_id: z.number().int(),
  model: z.string(),
  store: z.object({ id: z.number().int(), name: z.string() }),
  item_status: z.enum(INVENTORY_STATUSES),
  /** The customer's device for that IMEI, when there is one: its status and when it was enrolled with its lock. */
  device: z.object({ id: z.number().int(), status: z.string(), enrolled_at: z.string().nullable() }).nullable(),
});
export type ImeiException = z.infer<typeof imeiException>;
export const imeiExceptionList = listOf(imeiException);
