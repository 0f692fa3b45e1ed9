import { createContext, useContext, type ReactNode } from 'react';
import type { Snapshot } from 'xstate';
import type { z } from 'zod';
import type { settingsResponse } from '../../contract/settings';
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

/** The deposit wizard's snapshot, kept under the agent's name so a reload resumes it. */
export interface WizardStore {
  load(username: string): Snapshot<unknown> | undefined;
  /** The top-level state the saved wizard stands at, or null when none is saved. */
  step(username: string): string | null;
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
  /**
   * The settings this session kept (the login leaves them, docs/decisions/050), read at once with no code to load:
   * the home page's welcome draws from them before the settings' own logic and HTTP client have arrived.
   */
  keptSettings: () => z.output<typeof settingsResponse> | null;
  /**
   * The deposit wizard this agent left saved, read at once with no code to load: the wizard draws its frame at the
   * saved step, and step 1's search form, before its machine, the HTTP client and the settings have arrived
   * (docs/decisions/051, addendum). The same store as `firstDeposit.store`.
   */
  savedWizard: WizardStore;
}

/** How the app hands over a live logic: a loader, called when a screen first asks for it (or when its route preloads it). */
export type LiveLogicLoaders = { readonly [K in keyof LiveLogic]: () => Promise<LiveLogic[K]> };

/** Where a name's logic is: on its way, arrived, or failed to arrive. */
type Entry = { state: 'loading'; promise: Promise<unknown> } | { state: 'ready'; value: unknown } | { state: 'failed'; error: unknown };

/**
 * The app's live logic, loaded one name at a time: each process's machine and services arrive with the screen that
 * runs them, not with the dashboard's layout (docs/decisions/034). A name is loaded once; until it has arrived,
 * `useLiveLogic` suspends the screen that asked (the route's Suspense shows its spinner).
 *
 * A render reads a name with `read`, which suspends by throwing the name's promise, not with React's `use()`. React
 * replays a first render suspended by `use()` once the promise settles, and a `use()` called only while loading was
 * then skipped: React failed the render ("Update hook called on initial render", error 467, seen in the deposit
 * journey). Calling `use()` on every render instead marks every render inside a test's `act` as one that suspended.
 * A thrown promise is not replayed: the boundary's fallback shows, and the screen renders afresh once it has settled.
 */
export class LoadedLiveLogic {
  readonly #loaders: LiveLogicLoaders;
  readonly #entries = new Map<keyof LiveLogic, Entry>();
  /** `ready`: what needs no loading (the registry's own tables). */
  constructor(loaders: LiveLogicLoaders, ready: Partial<LiveLogic> = {}) {
    this.#loaders = loaders;
    for (const [name, value] of Object.entries(ready)) this.#entries.set(name as keyof LiveLogic, { state: 'ready', value });
  }
  /** Starts loading these names (a route does, beside its screen's own chunk), and resolves when all have arrived. */
  preload(names: ReadonlyArray<keyof LiveLogic>): Promise<void> {
    return Promise.all(names.map((name) => this.get(name))).then(() => undefined);
  }
  /**
   * Starts loading the names not yet asked for, and answers nothing: a render that will read several names one
   * after the other asks for all of them first, so they load side by side. A failed name is left for `read` to
   * report.
   */
  start(names: ReadonlyArray<keyof LiveLogic>) {
    for (const name of names) if (!this.#entries.has(name)) void this.get(name).catch(() => undefined);
  }
  /** The logic of this name once it has arrived: loaded on the first ask, and asked again after a failure. */
  get<K extends keyof LiveLogic>(name: K): Promise<LiveLogic[K]> {
    const entry = this.#entries.get(name);
    if (entry?.state === 'ready') return Promise.resolve(entry.value as LiveLogic[K]);
    if (entry?.state === 'loading') return entry.promise as Promise<LiveLogic[K]>;
    const promise = this.#loaders[name]().then(
      (value) => {
        this.#entries.set(name, { state: 'ready', value });
        return value;
      },
      (error: unknown) => {
        this.#entries.set(name, { state: 'failed', error });
        throw error;
      },
    );
    // The failure reaches whoever waits (a render, through its boundary); a preload nobody waits for is not unhandled.
    promise.catch(() => undefined);
    this.#entries.set(name, { state: 'loading', promise });
    return promise;
  }
  /**
   * What a render reads: the logic if it has arrived; while it loads, its promise thrown for the Suspense boundary;
   * a failure thrown once for the chunk boundary (which offers a reload), the next ask loading it again.
   */
  read<K extends keyof LiveLogic>(name: K): LiveLogic[K] {
    const entry = this.#entries.get(name);
    if (entry?.state === 'ready') return entry.value as LiveLogic[K];
    if (entry?.state === 'failed') {
      this.#entries.delete(name);
      throw entry.error;
    }
    throw entry?.promise ?? this.get(name);
  }
}

const LiveLogicContext = createContext<LiveLogic | LoadedLiveLogic | null>(null);

/** Tests that draw one screen hand it ready logic (fakes included); the app hands its loaders. */
export function LiveLogicProvider({ logic, children }: { logic: LiveLogic | LoadedLiveLogic; children: ReactNode }) {
  return <LiveLogicContext.Provider value={logic}>{children}</LiveLogicContext.Provider>;
}

/**
 * Asks for these names now, without waiting for them: a component that reads one name, and another only once the
 * first has done its work (the wizard's settings, then its machine), has both loaded side by side.
 */
export function useLiveLogicAhead(names: ReadonlyArray<keyof LiveLogic>) {
  const logic = useContext(LiveLogicContext);
  if (logic instanceof LoadedLiveLogic) logic.start(names);
}

export function useLiveLogic<K extends keyof LiveLogic>(name: K): LiveLogic[K] {
  const logic = useContext(LiveLogicContext);
  if (!logic) throw new Error(`No live logic for ${name}: render the screen inside the app's LiveLogicProvider`);
  if (!(logic instanceof LoadedLiveLogic)) return logic[name];
  return logic.read(name);
}
