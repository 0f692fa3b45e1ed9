import { fromPromise } from 'xstate';
import { routes, type RouteContract } from '../contract/routes';
import type { ListFilter, Page } from '../machines/resource-list.machine';
import { loadMachine } from '../machines/load.machine';
import { resourceListMachine } from '../machines/resource-list.machine';
import { customerActionMachine } from '../machines/customer-action.machine';
import { call } from './http';
import { toCsv } from '../lib/csv';
import { saveFile } from './download';

/**
 * The live logic of the stores area (issue 12): its server-paged lists (resource-list machine), what its screens
 * load once (load machine) and the actions on one store, agent, category, region or batch (the action machine the
 * customer view also runs: open, fill in, review when it cannot be undone, send, see the result).
 */

export type StoreListKind =
  | 'stores'
  | 'regions'
  | 'agents'
  | 'categories'
  | 'inventory'
  | 'transfers'
  | 'stockCounts'
  | 'phonePrices'
  | 'imeiExceptions'
  | 'shopOwners';
export type StoreLoadKind =
  'regionOptions' | 'categoryOptions' | 'phoneModels' | 'storeProfile' | 'leadHistory' | 'priceHistory' | 'export';
export type StoreActionKind =
  | 'storeLocation'
  | 'agentLocation'
  | 'classifyAgent'
  | 'allocateCategory'
  | 'updateCategory'
  | 'addRegionLead'
  | 'addBatch'
  | 'sendTransfer'
  | 'receiveTransfer'
  | 'stockCount'
  | 'proposePrice'
  | 'inventoryStatus'
  | 'linkShopOwner';

/** Filters that are yes/no on the server travel through the list machine as 'true'/'false'. */
const YES_NO = new Set(['has_owner', 'is_mapped', 'unassigned']);
const bodyOf = (filter: ListFilter) =>
  Object.fromEntries(Object.entries(filter).map(([key, value]) => [key, YES_NO.has(key) ? value === 'true' : value]));

const LISTS: Record<StoreListKind, { route: RouteContract; key: 'data' | 'stores' | 'regions'; create?: RouteContract }> = {
  stores: { route: routes.stores, key: 'stores', create: routes.createStore },
  regions: { route: routes.regions, key: 'regions', create: routes.createRegion },
  agents: { route: routes.agentsPerStore, key: 'data' },
  categories: { route: routes.categories, key: 'data', create: routes.createCategory },
  inventory: { route: routes.inventory, key: 'data', create: routes.addInventoryItem },
  transfers: { route: routes.transfers, key: 'data' },
  stockCounts: { route: routes.stockCounts, key: 'data' },
  phonePrices: { route: routes.phonePrices, key: 'data' },
  imeiExceptions: { route: routes.imeiExceptions, key: 'data' },
  shopOwners: { route: routes.shopOwners, key: 'data', create: routes.createShopOwner },
};

function listLogic(kind: StoreListKind, notifySaved: () => void) {
  const { route, key, create } = LISTS[kind];
  return resourceListMachine.provide({
    actors: {
      fetchPage: fromPromise<Page<any>, { limit: number; skip: number; filter: ListFilter }>(async ({ input }) => {
        const answer = (await call(route, { body: { limit: input.limit, skip: input.skip, ...bodyOf(input.filter) } })) as Record<
          string,
          any
        >;
        return { total: answer.total, totalEstimated: answer.total_estimated === true, data: answer[key] };
      }),
      ...(create
        ? {
            createItem: fromPromise<unknown, { values: Record<string, unknown>; filter: ListFilter }>(({ input }) =>
              call(create, { body: input.values }),
            ),
          }
        : {}),
    },
    actions: { notifySaved },
  });
}

export function liveStoreLists(notifySaved: () => void): Record<StoreListKind, typeof resourceListMachine> {
  return Object.fromEntries((Object.keys(LISTS) as StoreListKind[]).map((kind) => [kind, listLogic(kind, notifySaved)])) as Record<
    StoreListKind,
    typeof resourceListMachine
  >;
}

/** At most this many rows go into one exported file (the screen says so when a list is longer). */
export const STORE_EXPORT_MAX_ROWS = 5000;

/** What an export asks for: the list with its filters, and the file's header and cells in the chosen language. */
export interface StoreExport {
  list: StoreListKind;
  filter: ListFilter;
  filename: string;
  header: string[];
  cells: (row: any) => unknown[];
}

/** Pages through a list on the server (200 a call, up to the cap) and saves its rows as a CSV file. */
async function exportList(p: StoreExport) {
  const { route, key } = LISTS[p.list];
  const page = async (skip: number) => {
    const answer = (await call(route, { body: { limit: 200, skip, ...bodyOf(p.filter) } })) as Record<string, any>;
    return { total: Number(answer.total), data: answer[key] as unknown[] };
  };
  const first = await page(0);
  const rows: unknown[] = [...first.data];
  let total = first.total;
  while (rows.length < Math.min(total, STORE_EXPORT_MAX_ROWS)) {
    const next = await page(rows.length);
    total = next.total;
    if (next.data.length === 0) break;
    rows.push(...next.data);
  }
  const kept = rows.slice(0, STORE_EXPORT_MAX_ROWS);
  saveFile(p.filename, 'text/csv;charset=utf-8', toCsv(p.header, kept.map(p.cells)));
  return { rows: kept.length, total, truncated: total > kept.length };
}

const LOADS: Record<StoreLoadKind, (params: unknown) => Promise<unknown>> = {
  export: (params) => exportList(params as StoreExport),
  regionOptions: () => call(routes.regions, { body: { limit: 200 } }).then((a) => a.regions),
  categoryOptions: () => call(routes.categories, { body: { limit: 200, status: 'active' } }).then((a) => a.data),
  phoneModels: () => call(routes.phoneModels).then((a) => a.data),
  storeProfile: (id) => call(routes.storeProfile, { body: { store_id: Number(id) } }),
  leadHistory: (id) => call(routes.regionLeadHistory, { body: { region_id: Number(id) } }).then((a) => a.data),
  priceHistory: (id) => call(routes.phonePriceHistory, { body: { phone_model_id: Number(id) } }).then((a) => a.data),
};

export const liveStoreLoads = Object.fromEntries(
  (Object.keys(LOADS) as StoreLoadKind[]).map((kind) => [
    kind,
    loadMachine.provide({ actors: { load: fromPromise<unknown, { params: unknown }>(({ input }) => LOADS[kind](input.params)) } }),
  ]),
) as Record<StoreLoadKind, typeof loadMachine>;

export const STORE_ACTION_CALLS: Record<StoreActionKind, RouteContract> = {
  storeLocation: routes.updateStoreLocation,
  agentLocation: routes.updateAgentLocation,
  classifyAgent: routes.classifyAgent,
  allocateCategory: routes.allocateCategory,
  updateCategory: routes.updateCategory,
  addRegionLead: routes.addRegionLead,
  addBatch: routes.addInventoryBatch,
  sendTransfer: routes.sendTransfer,
  receiveTransfer: routes.receiveTransfer,
  stockCount: routes.stockCount,
  proposePrice: routes.proposePhonePrice,
  inventoryStatus: routes.updateInventoryStatus,
  linkShopOwner: routes.linkShopOwner,
};

export function liveStoreAction(kind: StoreActionKind) {
  return customerActionMachine.provide({
    actors: {
      submitAction: fromPromise(({ input }: { input: { values: Record<string, unknown> } }): Promise<unknown> =>
        call(STORE_ACTION_CALLS[kind], { body: input.values }),
      ),
    },
  });
}
