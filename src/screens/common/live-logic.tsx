import { createContext, use, useContext, type ReactNode } from 'react';
import type { Snapshot } from 'xstate';
import type { RequestQueue } from '../../contract/requests';
import type { loadMachine } from '../../machines/load.machine';
import type { resourceListMachine } from '../../machines/resource-list.machine';
import type { approvalQueueMachine } from '../../machines/approval-queue.machine';
import type { approvalRequestMachine } from '../../machines/approval-request.machine';
import type { customerLookupMachine } from '../../machines/customer-lookup.machine';
import type { customerRequestMachine } from '../../machines/customer-request.machine';
import type { customerActionMachine } from '../../machines/customer-action.machine';
import type { deviceStatusMachine } from '../../machines/device-status.machine';
import type { lockChangeMachine } from '../../machines/lock-change.machine';
import type { firstDepositMachine, FirstDepositInput } from '../../machines/first-deposit.machine';
import type { scannerCaptureMachine } from '../../machines/scanner-capture.machine';
import type { processExplorerMachine } from '../../machines/process-explorer.machine';
import type { reconciliationMachine } from '../../machines/reconciliation.machine';
import type { ProcessCard } from '../processes/process-card';

type LoadLogic = typeof loadMachine;
type ResourceListLogic = typeof resourceListMachine;

/** The lists a screen pages through with the resource-list machine. */
export type ResourceSource = 'users' | 'groups' | 'groupRoles' | 'requestAudit';
export type DeviceListKind = 'damaged' | 'lost' | 'suspended';
export type CustomerListKind = 'sms' | 'ratings' | 'payments' | 'statements' | 'requests' | 'qualified';
export type CustomerRequestKind = 'extension' | 'deregistration' | 'imei';
/** The finance lists (issue 13). */
export type FinanceList = 'transactions' | 'suspense' | 'journal' | 'accounts' | 'reconciliationRuns';
export type FinanceLoad =
  | 'suspenseSummary'
  | 'wrongAccount'
  | 'balanceSheet'
  | 'profitAndLoss'
  | 'cashflow'
  | 'accounts'
  | 'reconciliationMappings'
  | 'saveMapping'
  | 'closedPeriods'
  | 'closeMonth'
  | 'statementDocument'
  | 'pdf';
export type CustomerActionKind = 'offlinePin' | 'rateCall' | 'resetPin' | 'forgotPassword' | 'awardData' | 'smsLanguage';
/** Loans, defaulters and debt collection (issue 14): its lists, its one-off loads and exports, and its actions. */
export type CollectionListKind = 'mine' | 'npl' | 'all' | 'loans' | 'deposits' | 'ratings' | 'conversion' | 'claimed';
export type CollectionLoadKind =
  'calls' | 'collectors' | 'reasons' | 'collected' | 'due' | 'dueExport' | 'conversionTotals' | 'export' | 'saveCsv';
export type CollectionActionKind = 'logCall' | 'comment' | 'rate' | 'assign' | 'unlock';
/** The stores area (issue 12): its lists, what it loads once, and its actions (src/services/stores.ts). */
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
  'regionOptions' | 'storeOptions' | 'categoryOptions' | 'phoneModels' | 'storeProfile' | 'leadHistory' | 'priceHistory' | 'export';
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

/** The deposit wizard's snapshot, kept under the agent's name so a reload resumes it. */
export interface WizardStore {
  load(username: string): Snapshot<unknown> | undefined;
  save(username: string, snapshot: unknown): void;
  clear(username: string): void;
}

/**
 * What the screens run, by name: each process's machine with its live implementations, and the registry's
 * tables a screen draws. The app fills it from its registry (src/app/live-logic.tsx); a screen never imports
 * src/app or src/services, and never provides implementations itself. Tests render the app, so they get the
 * same logic over their mocked HTTP client.
 */
export interface LiveLogic {
  /** The portal settings (company, the scanner's address, demo mode), with the load machine. */
  settings: LoadLogic;
  /** Every role code, for the security screen's catalogue. */
  roleCatalogue: LoadLogic;
  /** The home page's figures for the caller's roles (issue 15), with the load machine. */
  homeFigures: LoadLogic;
  /** The request audit as a CSV file: one load per export. */
  requestAuditExport: LoadLogic;
  customerList: (kind: CustomerListKind) => LoadLogic;
  resourceLists: Readonly<Record<ResourceSource, ResourceListLogic>>;
  deviceLists: Readonly<Record<DeviceListKind, ResourceListLogic>>;
  collectionLists: Readonly<Record<CollectionListKind, ResourceListLogic>>;
  collectionLoad: (kind: CollectionLoadKind) => LoadLogic;
  collectionAction: (kind: CollectionActionKind) => typeof customerActionMachine;
  financeLists: Readonly<Record<FinanceList, ResourceListLogic>>;
  financeLoad: Readonly<Record<FinanceLoad, LoadLogic>>;
  /** Reconciling a provider statement (issue 13, decision 018). */
  reconciliation: typeof reconciliationMachine;
  approvalQueue: (queue: RequestQueue) => typeof approvalQueueMachine;
  approvalRequest: (queue: RequestQueue) => typeof approvalRequestMachine;
  customerLookup: typeof customerLookupMachine;
  customerRequest: (kind: CustomerRequestKind) => typeof customerRequestMachine;
  customerAction: (kind: CustomerActionKind) => typeof customerActionMachine;
  storeLists: Readonly<Record<StoreListKind, ResourceListLogic>>;
  storeLoads: Readonly<Record<StoreLoadKind, LoadLogic>>;
  storeAction: (kind: StoreActionKind) => typeof customerActionMachine;
  deviceStatus: typeof deviceStatusMachine;
  lockChange: typeof lockChangeMachine;
  firstDeposit: { logic: typeof firstDepositMachine; newInput: (bridgeUrl: string) => FirstDepositInput; store: WizardStore };
  scannerCapture: typeof scannerCaptureMachine;
  processExplorer: typeof processExplorerMachine;
  /** Every process, for the explorer. */
  processes: readonly ProcessCard[];
  /** The side navigation's links a user with these roles sees, groups flattened (the home page's shortcuts). */
  navLinks: (roles: readonly string[]) => ReadonlyArray<{ label: string; path: string }>;
}

/** How the app hands over a live logic: a loader, called when a screen first asks for it (or when its route preloads it). */
export type LiveLogicLoaders = { readonly [K in keyof LiveLogic]: () => Promise<LiveLogic[K]> };

/** A promise React's `use()` reads at once: it carries its value the way React marks the promises it has seen. */
type Thenable<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T };

const fulfilled = <T,>(value: T): Thenable<T> => Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value });

/**
 * The app's live logic, loaded one name at a time: each process's machine and services arrive with the screen that
 * runs them, not with the dashboard's layout (docs/decisions/034). A name is loaded once; until it has arrived,
 * `useLiveLogic` suspends the screen that asked (the route's Suspense shows its spinner).
 *
 * A name always answers with the same promise, marked fulfilled once it has arrived, so `useLiveLogic` calls `use()`
 * on every render: calling it only while loading would let React replay a suspended first render without `use()`,
 * under the update dispatcher, and fail with "Update hook called on initial render" (React error 467).
 */
export class LoadedLiveLogic {
  readonly #loaders: LiveLogicLoaders;
  readonly #thenables = new Map<keyof LiveLogic, Thenable<unknown>>();
  /** `ready`: what needs no loading (the registry's own tables). */
  constructor(loaders: LiveLogicLoaders, ready: Partial<LiveLogic> = {}) {
    this.#loaders = loaders;
    for (const [name, logic] of Object.entries(ready)) this.#thenables.set(name as keyof LiveLogic, fulfilled(logic));
  }
  /** Starts loading these names (a route does, beside its screen's own chunk), and resolves when all have arrived. */
  preload(names: ReadonlyArray<keyof LiveLogic>): Promise<void> {
    return Promise.all(names.map((name) => this.get(name))).then(() => undefined);
  }
  /** The one promise of this name's logic: fulfilled (and marked so) once it has arrived. */
  get<K extends keyof LiveLogic>(name: K): Promise<LiveLogic[K]> {
    let thenable = this.#thenables.get(name) as Thenable<LiveLogic[K]> | undefined;
    if (!thenable) {
      const loading: Thenable<LiveLogic[K]> = this.#loaders[name]().then((logic) => {
        Object.assign(loading, { status: 'fulfilled', value: logic });
        return logic;
      });
      // A failed chunk is tried again on the next ask (the chunk boundary offers a reload).
      loading.catch(() => this.#thenables.delete(name));
      thenable = loading;
      this.#thenables.set(name, thenable);
    }
    return thenable;
  }
}

const LiveLogicContext = createContext<LiveLogic | LoadedLiveLogic | null>(null);

/** Tests that draw one screen hand it ready logic (fakes included); the app hands its loaders. */
export function LiveLogicProvider({ logic, children }: { logic: LiveLogic | LoadedLiveLogic; children: ReactNode }) {
  return <LiveLogicContext.Provider value={logic}>{children}</LiveLogicContext.Provider>;
}

export function useLiveLogic<K extends keyof LiveLogic>(name: K): LiveLogic[K] {
  const logic = useContext(LiveLogicContext);
  if (!logic) throw new Error(`No live logic for ${name}: render the screen inside the app's LiveLogicProvider`);
  if (!(logic instanceof LoadedLiveLogic)) return logic[name];
  return use(logic.get(name));
}
