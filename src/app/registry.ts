import type { ComponentType } from 'react';
import { eagerChunk, lazyChunk, type LazyChunk } from './chunk-load';
import { nextTask } from './boot';
import HomeScreen from '../screens/home/home-screen';
import type { Access, Role } from '../contract/roles';
import type { LiveLogic } from '../screens/common/live-logic';
import type { ProcessId } from './processes/machines';

/**
 * The portal's one registry: an entry per screen of the signed-in portal and an entry per process. The routes
 * (routes.ts), the side navigation and the home page's shortcuts (nav-table.ts), the process explorer's catalogue
 * (processes/catalogue.ts) and the live logic the screens run (live-logic.tsx) are all derived from it. Adding a
 * screen is one entry here plus its own files.
 *
 * It loads with the dashboard's layout, so it holds no machine, service or route contract itself: a screen and
 * each process's live logic are loaders, fetched when a screen opens (docs/decisions/034). The home page alone comes
 * with it, drawn in the layout's first commit (plain elements, 2 kB, docs/decisions/050). The machines and what
 * their actors call are in processes/, which only the explorer and `npm run statecharts` load, by the same ids.
 * The pages before login and the public pages (login, OTP, terms, e-contract, BI) are routed in app.tsx.
 */

type LazyScreen = LazyChunk<ComponentType<any>>;
type LiveName = keyof LiveLogic;

/** The side navigation's groups, each with who may open it (spec section 2); a group shows where its first entry is. */
export const NAV_GROUPS = {
  'nav.reports': anyOf(
    'VIEW_MY_DEFAULTERS_LIST_REPORT',
    'VIEW_NPL_DEFAULTERS_LIST_REPORT',
    'VIEW_DEFAULTERS_REASONS_REPORT',
    'VIEW_ALL_DEFAULTERS_LIST_REPORT',
  ),
  'nav.phoneStore': anyOf('VIEW_STORES', 'VIEW_REGIONS'),
  'nav.approvals': anyOf('VIEW_APPROVALS'),
  'nav.categories': anyOf('VIEW_AGENT_CATEGORIES'),
  'nav.finance': anyOf('VIEW_SUSPENSE_TRANSACTIONS', 'UPLOAD_RECONCILIATION_DOCUMENT', 'ADD_CAPITAL_INJECTION', 'DEDUCT_CAPITAL_INJECTION'),
} as const satisfies Record<string, Access>;
export type NavGroupLabel = keyof typeof NAV_GROUPS;

export interface ScreenEntry {
  readonly kind: 'screen';
  /** Where it opens: under /dashboard, or a page of its own that app.tsx routes (then it has no `screen`). */
  readonly path: string;
  /** i18n key of its name in the side navigation. */
  readonly label: string;
  /** Who sees it in the side navigation. Without it the screen is not in the nav: it is reached by links. */
  readonly access?: Access;
  readonly group?: NavGroupLabel;
  /** The screen, loaded when first opened, and the props it is drawn with. */
  readonly screen?: LazyScreen;
  readonly props?: Readonly<Record<string, unknown>>;
  /**
   * The live logic it runs, fetched beside its chunk when it opens (a test checks every name its files ask for is
   * here). A name missing here would still load, when asked, one round trip later.
   */
  readonly live?: readonly LiveName[];
  /** The route itself exists only for users `access` allows (the spec gates only security this way). */
  readonly gated?: true;
  /**
   * The translation namespaces its first paint needs beyond the default one, fetched beside its chunk when the
   * dashboard opens on it (decision 038). One left out still loads, when the screen asks, one round trip later.
   */
  readonly strings?: readonly string[];
  /**
   * Drawn without Chakra: plain elements styled by its own stylesheet, so its route needs no Chakra provider and the
   * page loads no Chakra while it is shown (docs/decisions/049). A test checks such a screen imports no Chakra. A
   * plain screen that draws some parts with Chakra draws them under the layout's `chakra` prop (decision 051).
   */
  readonly plain?: true;
  /**
   * Its live logic is asked for by the screen once its first view is painted, not beside its chunk: a screen that
   * draws what it can without it (the deposit wizard's frame and search form, docs/decisions/051 addendum) would else
   * share the network with that code (the machine, the HTTP client, the contracts) and wait while it is evaluated.
   */
  readonly logicAfterDraw?: true;
}

/** Loaders of live logic by name: each brings its machine and services when a screen first needs them. */
export type LiveLoaders = { readonly [K in LiveName]?: () => Promise<LiveLogic[K]> };

export interface ProcessEntry {
  readonly kind: 'process';
  /** Its machine's id: processes/machines.ts has the machine, processes/actor-calls.ts what its actors call. */
  readonly id: ProcessId;
  /** i18n key of a one-line description, for the explorer. */
  readonly about: string;
  /** Which screen shows a state: the first rule whose prefix the state's path starts with ('' for every state). */
  readonly shownOn: ReadonlyArray<{ prefix: string; screen: string }>;
  /**
   * The live logic the screens run, by the name they ask for (useLiveLogic). A child process is provided inside
   * its parent's logic; the session and the theme are provided at the root (root.tsx), before this registry loads.
   */
  readonly live?: LiveLoaders;
}

export type RegistryEntry = ScreenEntry | ProcessEntry;

function anyOf(...roles: Role[]): Access {
  return { anyOf: roles };
}
const everyone: Access = { public: true };

/** These names from one module of src/app/live, each fetched when first asked for. */
function liveFrom<K extends LiveName>(
  load: () => Promise<Pick<LiveLogic, K>>,
  ...names: K[]
): { readonly [N in K]: () => Promise<LiveLogic[N]> } {
  return Object.fromEntries(names.map((name) => [name, () => load().then((module) => module[name])])) as {
    readonly [N in K]: () => Promise<LiveLogic[N]>;
  };
}
/**
 * Zod's module code, the largest a live module brings (25 ms in Chromium on this machine, at full speed), runs in a
 * task of its own, before the first live module's: in one task with it, the home page's first live logic blocked a
 * phone for 180 ms (docs/decisions/065). A failed load is tried again by the next ask.
 */
let schemasLoaded: Promise<void> | undefined;
function schemasFirst(): Promise<void> {
  schemasLoaded ??= import('../contract/common').then(nextTask, (error: unknown) => {
    schemasLoaded = undefined;
    throw error;
  });
  return schemasLoaded;
}
/** A live module's load, after zod's. */
const afterSchemas =
  <T>(load: () => Promise<T>) =>
  () =>
    schemasFirst().then(load);
const home = afterSchemas(() => import('./live/home'));
const settings = afterSchemas(() => import('./live/settings'));
const admin = afterSchemas(() => import('./live/admin'));
const customers = afterSchemas(() => import('./live/customers'));
const collections = afterSchemas(() => import('./live/collections'));
const stores = afterSchemas(() => import('./live/stores'));
const finance = afterSchemas(() => import('./live/finance'));
// The wizard's shared schemas (the `contract` chunk, 21 ms at full speed) run in a task of their own too, before the
// wizard's machine and routes.
const firstDeposit = afterSchemas(() => import('../contract/requests').then(nextTask).then(() => import('./live/first-deposit')));

const QueueScreen = lazyChunk(() => import('../screens/approvals/queue-screen'));
const DeviceStatusScreen = lazyChunk(() => import('../screens/devices/device-status-screen'));
const StatementScreen = lazyChunk(() => import('../screens/finance/statement-screen'));

const screen = (entry: Omit<ScreenEntry, 'kind'>): ScreenEntry => ({ kind: 'screen', ...entry });
const queue = (name: string, entry: Omit<ScreenEntry, 'kind' | 'screen' | 'props' | 'live'>): ScreenEntry =>
  screen({ ...entry, screen: QueueScreen, props: { queue: name }, live: ['approvalQueue', 'approvalRequest'] });
const process = (entry: Omit<ProcessEntry, 'kind'>): ProcessEntry => ({ kind: 'process', ...entry });

const FINANCE_ACCESS = anyOf(
  'VIEW_SUSPENSE_TRANSACTIONS',
  'UPLOAD_RECONCILIATION_DOCUMENT',
  'ADD_CAPITAL_INJECTION',
  'DEDUCT_CAPITAL_INJECTION',
  'DEDUCT_CAPITAL',
);
const DEFAULTERS_LIST = anyOf('VIEW_MY_DEFAULTERS_LIST_REPORT', 'VIEW_NPL_DEFAULTERS_LIST_REPORT', 'VIEW_ALL_DEFAULTERS_LIST_REPORT');
const ADD_LOAN_SCREEN = '/dashboard/customers/add-loan';
const CUSTOMER_VIEW = '/dashboard/customers/view';
export const STORE_SCREENS =
  '/dashboard/stores, /dashboard/regions, /dashboard/agents, /dashboard/agents_categories, /dashboard/inventory, /dashboard/phone-prices, /dashboard/shop-owners';
const COLLECTIONS: readonly LiveName[] = ['collectionLists', 'collectionLoad', 'collectionAction'];
const STORES: readonly LiveName[] = ['storeLists', 'storeLoads', 'storeAction'];
const FINANCE: readonly LiveName[] = ['financeLists', 'financeLoad'];

export const REGISTRY: readonly RegistryEntry[] = [
  // Screens, in the side navigation's order (spec section 2).
  screen({
    path: '/dashboard',
    live: ['keptSettings', 'settings', 'homeFigures', 'navLinks'],
    strings: ['analytics'],
    plain: true,
    label: 'nav.dashboard',
    access: everyone,
    // Comes with the registry: the dashboard's first screen draws with its layout (docs/decisions/050).
    screen: eagerChunk(HomeScreen),
  }),
  screen({
    path: '/dashboard/users',
    live: ['resourceLists'],
    label: 'nav.users',
    access: anyOf('VIEW_USERS'),
    screen: lazyChunk(() => import('../screens/users/users-screen')),
  }),
  screen({
    path: '/dashboard/defaulters_list',
    live: COLLECTIONS,
    label: 'nav.defaultersList',
    access: DEFAULTERS_LIST,
    group: 'nav.reports',
    screen: lazyChunk(() => import('../screens/collections/defaulters-list-screen')),
  }),
  screen({
    path: '/dashboard/defaulters_reasons_report',
    live: COLLECTIONS,
    label: 'nav.defaultersReasons',
    access: anyOf('VIEW_DEFAULTERS_REASONS_REPORT'),
    group: 'nav.reports',
    screen: lazyChunk(() => import('../screens/collections/reasons-report-screen')),
  }),
  // Issue 14: a defaulter's collection worklist, opened from the defaulters list.
  screen({
    path: '/dashboard/collection-worklist',
    live: COLLECTIONS,
    label: 'nav.collectionWorklist',
    screen: lazyChunk(() => import('../screens/collections/worklist-screen')),
  }),
  screen({
    path: '/dashboard/collections',
    live: COLLECTIONS,
    label: 'nav.collections',
    access: anyOf('VIEW_MY_DEFAULTERS_LIST_REPORT', 'VIEW_ALL_DEFAULTERS_LIST_REPORT'),
    group: 'nav.reports',
    screen: lazyChunk(() => import('../screens/collections/collections-screen')),
  }),
  screen({
    path: '/dashboard/call-ratings',
    live: COLLECTIONS,
    label: 'nav.callRatings',
    access: anyOf('RATE_CALL'),
    group: 'nav.reports',
    screen: lazyChunk(() => import('../screens/collections/call-ratings-screen')),
  }),
  screen({
    path: '/dashboard/deposits',
    live: COLLECTIONS,
    label: 'nav.deposits',
    access: anyOf('VIEW_CUSTOMER_LOANS'),
    screen: lazyChunk(() => import('../screens/collections/deposits-screen')),
  }),
  screen({
    path: '/dashboard/loans',
    live: COLLECTIONS,
    label: 'nav.loans',
    access: anyOf('VIEW_CUSTOMER_LOANS'),
    screen: lazyChunk(() => import('../screens/collections/loans-screen')),
  }),
  screen({
    path: '/dashboard/customers/conversion',
    live: COLLECTIONS,
    label: 'nav.customerConversion',
    access: anyOf('VIEW_CUSTOMER_LOANS'),
    group: 'nav.reports',
    screen: lazyChunk(() => import('../screens/collections/conversion-screen')),
  }),
  screen({
    path: '/dashboard/customers/claimed',
    live: COLLECTIONS,
    label: 'nav.claimedCustomers',
    access: anyOf('VIEW_CUSTOMER_LOANS'),
    group: 'nav.reports',
    screen: lazyChunk(() => import('../screens/collections/claimed-screen')),
  }),
  screen({
    path: '/dashboard/customers/find',
    live: ['customerLookup'],
    label: 'nav.findCustomers',
    access: anyOf('FIND_CUSTOMER'),
    screen: lazyChunk(() => import('../screens/customers/find-customer-screen')),
  }),
  screen({
    path: CUSTOMER_VIEW,
    live: ['customerLookup', 'customerList', 'customerAction', 'customerRequest', 'lockChange'],
    label: 'nav.customerView',
    screen: lazyChunk(() => import('../screens/customers/customer-view-screen')),
  }),
  screen({
    path: ADD_LOAN_SCREEN,
    live: ['savedWizard', 'firstDeposit', 'settings', 'scannerCapture'],
    strings: ['deposit'],
    // The first step draws without Chakra; the later ones under the provider the layout hands it (decision 051). Its
    // frame and search form draw before its live logic, asked for once they are painted (decision 051, addendum).
    plain: true,
    logicAfterDraw: true,
    label: 'nav.addLoan',
    access: anyOf('ADD_LOAN'),
    screen: lazyChunk(() => import('../screens/first-deposit/first-deposit-screen')),
  }),
  screen({
    path: '/dashboard/transactions/find',
    live: ['financeLists'],
    label: 'nav.findTransaction',
    access: anyOf('FIND_TRANSACTION'),
    screen: lazyChunk(() => import('../screens/finance/find-transaction-screen')),
  }),
  screen({
    path: '/dashboard/stores',
    live: STORES,
    label: 'nav.stores',
    access: anyOf('VIEW_STORES'),
    group: 'nav.phoneStore',
    screen: lazyChunk(() => import('../screens/stores/stores-screen')),
  }),
  screen({
    path: '/dashboard/stores/:id',
    live: STORES,
    label: 'nav.storeProfile',
    screen: lazyChunk(() => import('../screens/stores/store-profile-screen')),
  }),
  screen({
    path: '/dashboard/regions',
    live: STORES,
    label: 'nav.regions',
    access: anyOf('VIEW_REGIONS'),
    group: 'nav.phoneStore',
    screen: lazyChunk(() => import('../screens/stores/regions-screen')),
  }),
  screen({
    path: '/dashboard/inventory',
    live: STORES,
    label: 'nav.inventory',
    access: anyOf('VIEW_INVENTORY'),
    screen: lazyChunk(() => import('../screens/stores/inventory-screen')),
  }),
  screen({
    path: '/dashboard/phone-prices',
    live: STORES,
    label: 'nav.phonePrices',
    access: anyOf('VIEW_INVENTORY'),
    screen: lazyChunk(() => import('../screens/stores/prices-screen')),
  }),
  screen({
    path: '/dashboard/shop-owners',
    live: STORES,
    label: 'nav.shopOwners',
    access: anyOf('VIEW_STORES'),
    group: 'nav.phoneStore',
    screen: lazyChunk(() => import('../screens/stores/shop-owners-screen')),
  }),
  // Its own full page (app.tsx), for VIEW_ANALYTICS or any ANALYTICS role.
  screen({ path: '/bi', label: 'nav.bi', access: { codeContains: 'ANALYTICS' } }),
  // Issue 6: the process explorer, for analysts.
  screen({
    path: '/dashboard/processes',
    live: ['processExplorer', 'processes'],
    label: 'nav.processes',
    access: { codeContains: 'ANALYTICS' },
    screen: lazyChunk(() => import('../screens/processes/processes-screen')),
  }),
  screen({
    path: '/dashboard/stolen-phone',
    live: ['deviceStatus'],
    label: 'nav.reportStolen',
    access: anyOf('REPORT_STOLEN_PHONE'),
    screen: DeviceStatusScreen,
    props: { action: 'stolen' },
  }),
  screen({
    path: '/dashboard/recovered-phone',
    live: ['deviceStatus'],
    label: 'nav.recordRecovered',
    access: anyOf('ADD_RECOVERED_PHONE'),
    screen: DeviceStatusScreen,
    props: { action: 'recovered' },
  }),
  // The device lists: VIEW_CUSTOMER_PHONE, the role that shows a customer's device (decision 008).
  screen({
    path: '/dashboard/damaged-devices',
    live: ['deviceLists'],
    label: 'nav.damagedDevices',
    access: anyOf('VIEW_CUSTOMER_PHONE'),
    screen: lazyChunk(() => import('../screens/devices/damaged-devices-screen')),
  }),
  screen({
    path: '/dashboard/lost-devices',
    live: ['deviceLists'],
    label: 'nav.lostDevices',
    access: anyOf('VIEW_CUSTOMER_PHONE'),
    screen: lazyChunk(() => import('../screens/devices/lost-devices-screen')),
  }),
  screen({
    path: '/dashboard/suspended-imeis',
    live: ['deviceLists'],
    label: 'nav.suspendedImeis',
    access: anyOf('VIEW_CUSTOMER_PHONE'),
    screen: lazyChunk(() => import('../screens/devices/suspended-imeis-screen')),
  }),
  queue('loan_deactivation', {
    path: '/dashboard/deregistrations',
    label: 'nav.deregistrations',
    access: anyOf('VIEW_DEREGISTRATIONS'),
    group: 'nav.approvals',
  }),
  queue('imei_change', {
    path: '/dashboard/imei_changes',
    label: 'nav.imeiChanges',
    access: anyOf('VIEW_IMEI_CHANGE_REQUESTS'),
    group: 'nav.approvals',
  }),
  queue('loan_extension', {
    path: '/dashboard/loan_extensions',
    label: 'nav.loanExtensions',
    access: anyOf('VIEW_LOAN_EXTENSION_REQUESTS'),
    group: 'nav.approvals',
  }),
  // Issue 5: the maker-checker inboxes, worked by whoever works the approvals.
  queue('maker_checker', {
    path: '/dashboard/maker-checker',
    label: 'nav.makerChecker',
    access: anyOf('VIEW_APPROVALS'),
    group: 'nav.approvals',
  }),
  queue('maker_checker_portal', {
    path: '/dashboard/maker-checker/portal',
    label: 'nav.portalApprovals',
    access: anyOf('VIEW_APPROVALS'),
    group: 'nav.approvals',
  }),
  screen({
    path: '/dashboard/agents',
    live: STORES,
    label: 'nav.agents',
    screen: lazyChunk(() => import('../screens/stores/agents-screen')),
  }),
  screen({
    path: '/dashboard/agents_categories',
    live: STORES,
    label: 'nav.agentCategories',
    access: anyOf('VIEW_AGENT_CATEGORIES'),
    group: 'nav.categories',
    screen: lazyChunk(() => import('../screens/stores/categories-screen')),
  }),
  // The spec names no role for these two; each takes the role of the group that matches it.
  screen({
    path: '/dashboard/suspense-transactions',
    live: FINANCE,
    label: 'nav.suspenseTransactions',
    access: anyOf('VIEW_SUSPENSE_TRANSACTIONS'),
    group: 'nav.finance',
    screen: lazyChunk(() => import('../screens/finance/suspense-screen')),
  }),
  screen({
    path: '/dashboard/reconciliation',
    live: [...FINANCE, 'reconciliation'],
    label: 'nav.reconciliation',
    access: anyOf('UPLOAD_RECONCILIATION_DOCUMENT'),
    group: 'nav.finance',
    screen: lazyChunk(() => import('../screens/finance/reconciliation-screen')),
  }),
  screen({
    path: '/dashboard/capital-accounting',
    live: FINANCE,
    label: 'nav.capitalAccounting',
    access: anyOf('ADD_CAPITAL_INJECTION', 'DEDUCT_CAPITAL'),
    group: 'nav.finance',
    screen: lazyChunk(() => import('../screens/finance/capital-screen')),
  }),
  ...(['balanceSheet', 'profitAndLoss', 'cashflow'] as const).map((statement) =>
    screen({
      path: `/dashboard/finance/${{ balanceSheet: 'balance-sheet', profitAndLoss: 'profit-and-loss', cashflow: 'cashflow' }[statement]}`,
      label: `nav.${statement}`,
      access: FINANCE_ACCESS,
      group: 'nav.finance',
      live: FINANCE,
      screen: StatementScreen,
      props: { statement },
    }),
  ),
  screen({
    path: '/dashboard/security',
    live: ['resourceLists', 'roleCatalogue'],
    label: 'nav.security',
    access: anyOf('VIEW_SECURITY'),
    gated: true,
    screen: lazyChunk(() => import('../screens/security/security-screen')),
  }),
  // Issue 5: the audit trail of requests, for admins (the server asks VIEW_SECURITY).
  screen({
    path: '/dashboard/requests-audit',
    live: ['resourceLists', 'requestAuditExport'],
    label: 'nav.requestsAudit',
    access: anyOf('VIEW_SECURITY'),
    screen: lazyChunk(() => import('../screens/approvals/audit-screen')),
  }),

  // Processes, in the explorer's order.
  process({
    id: 'session',
    about: 'processes:about.session',
    shownOn: [
      { prefix: 'restoring', screen: 'processes:screen.spinner' },
      { prefix: 'loggedOut', screen: '/' },
      { prefix: 'authenticated.otp', screen: '/otp' },
      { prefix: 'authenticated.password', screen: '/password' },
      { prefix: 'authenticated', screen: '/dashboard' },
      { prefix: 'loggingOut', screen: 'processes:screen.spinner' },
    ],
  }),
  process({ id: 'theme', about: 'processes:about.theme', shownOn: [{ prefix: '', screen: 'processes:screen.topBar' }] }),
  process({
    id: 'resourceList',
    about: 'processes:about.resourceList',
    shownOn: [{ prefix: '', screen: `/dashboard/security, /dashboard/users, ${STORE_SCREENS}` }],
    live: {
      ...liveFrom(admin, 'resourceLists'),
      ...liveFrom(customers, 'deviceLists'),
      ...liveFrom(collections, 'collectionLists'),
      ...liveFrom(stores, 'storeLists'),
      ...liveFrom(finance, 'financeLists'),
    },
  }),
  process({
    id: 'load',
    about: 'processes:about.load',
    shownOn: [{ prefix: '', screen: '/dashboard' }],
    live: {
      ...liveFrom(settings, 'settings'),
      ...liveFrom(home, 'homeFigures'),
      ...liveFrom(admin, 'roleCatalogue', 'requestAuditExport'),
      ...liveFrom(customers, 'customerList'),
      ...liveFrom(collections, 'collectionLoad'),
      ...liveFrom(stores, 'storeLoads'),
      ...liveFrom(finance, 'financeLoad'),
    },
  }),
  process({
    id: 'approvalQueue',
    about: 'processes:about.approvalQueue',
    shownOn: [{ prefix: '', screen: '/dashboard/deregistrations, /dashboard/imei_changes, /dashboard/loan_extensions' }],
    live: liveFrom(admin, 'approvalQueue'),
  }),
  process({
    id: 'approvalRequest',
    about: 'processes:about.approvalRequest',
    shownOn: [{ prefix: '', screen: '/dashboard/deregistrations, /dashboard/imei_changes, /dashboard/loan_extensions' }],
    live: liveFrom(admin, 'approvalRequest'),
  }),
  process({
    id: 'customerLookup',
    about: 'processes:about.customerLookup',
    shownOn: [{ prefix: '', screen: `/dashboard/customers/find, ${CUSTOMER_VIEW}` }],
    live: liveFrom(customers, 'customerLookup'),
  }),
  process({
    id: 'customerRequest',
    about: 'processes:about.customerRequest',
    shownOn: [{ prefix: '', screen: CUSTOMER_VIEW }],
    live: liveFrom(customers, 'customerRequest'),
  }),
  process({
    id: 'customerAction',
    about: 'processes:about.customerAction',
    shownOn: [{ prefix: '', screen: `${CUSTOMER_VIEW}, ${STORE_SCREENS}` }],
    live: { ...liveFrom(customers, 'customerAction'), ...liveFrom(collections, 'collectionAction'), ...liveFrom(stores, 'storeAction') },
  }),
  process({
    id: 'deviceStatus',
    about: 'processes:about.deviceStatus',
    shownOn: [{ prefix: '', screen: '/dashboard/stolen-phone, /dashboard/recovered-phone' }],
    live: liveFrom(customers, 'deviceStatus'),
  }),
  process({
    id: 'lockChange',
    about: 'processes:about.lockChange',
    shownOn: [{ prefix: '', screen: CUSTOMER_VIEW }],
    live: liveFrom(customers, 'lockChange'),
  }),
  process({
    id: 'reconciliation',
    about: 'finance:reconcile.about',
    shownOn: [{ prefix: '', screen: '/dashboard/reconciliation' }],
    live: liveFrom(finance, 'reconciliation'),
  }),
  process({
    id: 'firstDeposit',
    about: 'processes:about.firstDeposit',
    shownOn: [{ prefix: '', screen: ADD_LOAN_SCREEN }],
    live: liveFrom(firstDeposit, 'firstDeposit'),
  }),
  // The wizard's children, shown inside its screen.
  process({ id: 'depositPayment', about: 'processes:about.depositPayment', shownOn: [{ prefix: '', screen: ADD_LOAN_SCREEN }] }),
  process({ id: 'identityCheck', about: 'processes:about.identityCheck', shownOn: [{ prefix: '', screen: ADD_LOAN_SCREEN }] }),
  process({
    id: 'processExplorer',
    about: 'processes:about.processExplorer',
    // Its live logic, over the registry's own machines, is the app's to give (live-logic.tsx), like the catalogue.
    shownOn: [{ prefix: '', screen: '/dashboard/processes' }],
  }),
  process({
    id: 'scannerCapture',
    about: 'processes:about.scannerCapture',
    shownOn: [{ prefix: '', screen: 'processes:screen.scannerCheck' }],
    live: liveFrom(firstDeposit, 'scannerCapture'),
  }),
  // The wizard's lock step and the lock solution change.
  process({
    id: 'lockInstall',
    about: 'processes:about.lockInstall',
    shownOn: [{ prefix: '', screen: `${ADD_LOAN_SCREEN}, ${CUSTOMER_VIEW}` }],
  }),
  // ... and, for a vivo lock, its code.
  process({
    id: 'vivoAuthCode',
    about: 'processes:about.vivoAuthCode',
    shownOn: [{ prefix: '', screen: `${ADD_LOAN_SCREEN}, ${CUSTOMER_VIEW}` }],
  }),
];
