import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyChunk } from './chunk-load';
import type { AnyStateMachine } from 'xstate';
import type { Access, Role } from '../contract/roles';
import { routes, type RouteContract } from '../contract/routes';
import type { LiveLogic } from '../screens/common/live-logic';
import { sessionMachine } from '../machines/session.machine';
import { themeMachine } from '../machines/theme.machine';
import { resourceListMachine } from '../machines/resource-list.machine';
import { loadMachine } from '../machines/load.machine';
import { processExplorerMachine } from '../machines/process-explorer.machine';
import { approvalRequestMachine } from '../machines/approval-request.machine';
import { approvalQueueMachine } from '../machines/approval-queue.machine';
import { customerLookupMachine } from '../machines/customer-lookup.machine';
import { customerRequestMachine } from '../machines/customer-request.machine';
import { customerActionMachine } from '../machines/customer-action.machine';
import { deviceStatusMachine } from '../machines/device-status.machine';
import { scannerCaptureMachine } from '../machines/scanner-capture.machine';
import { vivoAuthCodeMachine } from '../machines/vivo-auth-code.machine';
import { firstDepositMachine } from '../machines/first-deposit.machine';
import { depositPaymentMachine } from '../machines/deposit-payment.machine';
import { identityCheckMachine } from '../machines/identity-check.machine';
import { lockChangeMachine } from '../machines/lock-change.machine';
import { lockInstallMachine } from '../machines/lock-install.machine';
import {
  addGroupRole,
  createGroup,
  createUser,
  fetchGroupRoles,
  fetchGroups,
  fetchRoles,
  fetchUsers,
  loadSettings,
  removeGroupRole,
} from '../services/portal-api';
import { exportRequestAudit, fetchRequestAudit, queueMachine, requestMachine } from '../services/approvals';
import { liveCustomerLookup, liveCustomerRequest } from '../services/customers';
import { liveCustomerAction, liveCustomerList, liveDeviceStatus } from '../services/customer-actions';
import { loadHomeFigures } from '../services/analytics';
import { fetchDeviceList } from '../services/device-lists';
import { fetchCollectionList, liveCollectionAction, liveCollectionLoad } from '../services/collections';
import * as finance from '../services/finance';
import * as reconciliation from '../services/reconciliation';
import { reconciliationMachine } from '../machines/reconciliation.machine';
import { liveLockChange } from '../services/lock-change';
import { STORE_ACTION_CALLS, liveStoreAction, liveStoreLists, liveStoreLoads } from '../services/stores';
import { liveFirstDeposit, newWizardInput, wizardStore } from '../services/first-deposit';
import { liveScannerCapture } from '../services/device-bridge';
import { liveProcessExplorer } from '../services/process-explorer';
import { notice } from './notices';

/**
 * The portal's one registry: an entry per screen of the signed-in portal and an entry per process. The routes
 * (routes.ts), the side navigation and the home page's shortcuts (nav-table.ts), the process explorer's catalogue
 * (processes/catalogue.ts) and its actor descriptions (processes/actor-calls.ts), and the live logic the screens
 * run (live-logic.tsx) are all derived from it. Adding a screen is one entry here plus its own files.
 *
 * The pages before login and the public pages (login, OTP, terms, e-contract, BI) are routed in app.tsx: they
 * load before this registry, which brings every machine and service with the dashboard (docs/decisions/003).
 */

type LazyScreen = LazyExoticComponent<ComponentType<any>>;

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
  /** The route itself exists only for users `access` allows (the spec gates only security this way). */
  readonly gated?: true;
}

export interface ProcessEntry {
  readonly kind: 'process';
  readonly machine: AnyStateMachine;
  /** i18n key of a one-line description, for the explorer. */
  readonly about: string;
  /** Which screen shows a state: the first rule whose prefix the state's path starts with ('' for every state). */
  readonly shownOn: ReadonlyArray<{ prefix: string; screen: string }>;
  /** What each invoked actor does outside the machine: the /portal_api call it makes, or the browser effect. */
  readonly calls: Readonly<Record<string, string>>;
  /**
   * The live logic the screens run, by the name they ask for (useLiveLogic). A child process is provided inside
   * its parent's logic; the session and the theme are provided at the root (root.tsx), before this registry loads.
   */
  readonly live?: Partial<LiveLogic>;
}

export type RegistryEntry = ScreenEntry | ProcessEntry;

function anyOf(...roles: Role[]): Access {
  return { anyOf: roles };
}
const everyone: Access = { public: true };
const api = (route: RouteContract) => `${route.method} /portal_api${route.path}`;
const apis = (...list: RouteContract[]) => list.map(api).join(', ');

const QueueScreen = lazyChunk(() => import('../screens/approvals/queue-screen'));
const DeviceStatusScreen = lazyChunk(() => import('../screens/devices/device-status-screen'));
const StatementScreen = lazyChunk(() => import('../screens/finance/statement-screen'));

const screen = (entry: Omit<ScreenEntry, 'kind'>): ScreenEntry => ({ kind: 'screen', ...entry });
const queue = (name: string, entry: Omit<ScreenEntry, 'kind' | 'screen' | 'props'>): ScreenEntry =>
  screen({ ...entry, screen: QueueScreen, props: { queue: name } });
const process = (entry: Omit<ProcessEntry, 'kind'>): ProcessEntry => ({ kind: 'process', ...entry });

/** The load machine over one call. */
const loading = (load: NonNullable<Parameters<typeof loadMachine.provide>[0]['actors']>['load']) =>
  loadMachine.provide({ actors: { load } });
/** The resource-list machine over its calls, with the app's notices. */
const listing = (actors: Parameters<typeof resourceListMachine.provide>[0]['actors']) =>
  resourceListMachine.provide({
    actors,
    actions: { notifySaved: notice('success', 'common.addedSuccessfully'), notifyRemoved: notice('success', 'common.removedSuccessfully') },
  });
/** The admin changes wait for a second admin (issue 11): saving one says it was sent for approval, not done. */
const adminChanges = (actors: Parameters<typeof resourceListMachine.provide>[0]['actors']) =>
  resourceListMachine.provide({
    actors,
    actions: {
      notifySaved: notice('success', 'security.sentForApproval'),
      notifyRemoved: notice('success', 'security.removalSentForApproval'),
    },
  });

/** Finance changes wait for a second person in the business inbox (issue 13). */
const financeChanges = (actors: Parameters<typeof resourceListMachine.provide>[0]['actors']) =>
  resourceListMachine.provide({
    actors,
    actions: { notifySaved: notice('success', 'finance:sentForApproval'), notifyRemoved: notice('success', 'common.removedSuccessfully') },
  });

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
const STORE_SCREENS =
  '/dashboard/stores, /dashboard/regions, /dashboard/agents, /dashboard/agents_categories, /dashboard/inventory, /dashboard/phone-prices, /dashboard/shop-owners';
const STORE_ACTION_APIS = apis(...Object.values(STORE_ACTION_CALLS));

export const REGISTRY: readonly RegistryEntry[] = [
  // Screens, in the side navigation's order (spec section 2).
  screen({ path: '/dashboard', label: 'nav.dashboard', access: everyone, screen: lazyChunk(() => import('../screens/home/home-screen')) }),
  screen({
    path: '/dashboard/users',
    label: 'nav.users',
    access: anyOf('VIEW_USERS'),
    screen: lazyChunk(() => import('../screens/users/users-screen')),
  }),
  screen({
    path: '/dashboard/defaulters_list',
    label: 'nav.defaultersList',
    access: DEFAULTERS_LIST,
    group: 'nav.reports',
    screen: lazyChunk(() => import('../screens/collections/defaulters-list-screen')),
  }),
  screen({
    path: '/dashboard/defaulters_reasons_report',
    label: 'nav.defaultersReasons',
    access: anyOf('VIEW_DEFAULTERS_REASONS_REPORT'),
    group: 'nav.reports',
    screen: lazyChunk(() => import('../screens/collections/reasons-report-screen')),
  }),
  // Issue 14: a defaulter's collection worklist, opened from the defaulters list.
  screen({
    path: '/dashboard/collection-worklist',
    label: 'nav.collectionWorklist',
    screen: lazyChunk(() => import('../screens/collections/worklist-screen')),
  }),
  screen({
    path: '/dashboard/collections',
    label: 'nav.collections',
    access: anyOf('VIEW_MY_DEFAULTERS_LIST_REPORT', 'VIEW_ALL_DEFAULTERS_LIST_REPORT'),
    group: 'nav.reports',
    screen: lazyChunk(() => import('../screens/collections/collections-screen')),
  }),
  screen({
    path: '/dashboard/call-ratings',
    label: 'nav.callRatings',
    access: anyOf('RATE_CALL'),
    group: 'nav.reports',
    screen: lazyChunk(() => import('../screens/collections/call-ratings-screen')),
  }),
  screen({
    path: '/dashboard/deposits',
    label: 'nav.deposits',
    access: anyOf('VIEW_CUSTOMER_LOANS'),
    screen: lazyChunk(() => import('../screens/collections/deposits-screen')),
  }),
  screen({
    path: '/dashboard/loans',
    label: 'nav.loans',
    access: anyOf('VIEW_CUSTOMER_LOANS'),
    screen: lazyChunk(() => import('../screens/collections/loans-screen')),
  }),
  screen({
    path: '/dashboard/customers/conversion',
    label: 'nav.customerConversion',
    access: anyOf('VIEW_CUSTOMER_LOANS'),
    group: 'nav.reports',
    screen: lazyChunk(() => import('../screens/collections/conversion-screen')),
  }),
  screen({
    path: '/dashboard/customers/claimed',
    label: 'nav.claimedCustomers',
    access: anyOf('VIEW_CUSTOMER_LOANS'),
    group: 'nav.reports',
    screen: lazyChunk(() => import('../screens/collections/claimed-screen')),
  }),
  screen({
    path: '/dashboard/customers/find',
    label: 'nav.findCustomers',
    access: anyOf('FIND_CUSTOMER'),
    screen: lazyChunk(() => import('../screens/customers/find-customer-screen')),
  }),
  screen({ path: CUSTOMER_VIEW, label: 'nav.customerView', screen: lazyChunk(() => import('../screens/customers/customer-view-screen')) }),
  screen({
    path: ADD_LOAN_SCREEN,
    label: 'nav.addLoan',
    access: anyOf('ADD_LOAN'),
    screen: lazyChunk(() => import('../screens/first-deposit/first-deposit-screen')),
  }),
  screen({
    path: '/dashboard/transactions/find',
    label: 'nav.findTransaction',
    access: anyOf('FIND_TRANSACTION'),
    screen: lazyChunk(() => import('../screens/finance/find-transaction-screen')),
  }),
  screen({
    path: '/dashboard/stores',
    label: 'nav.stores',
    access: anyOf('VIEW_STORES'),
    group: 'nav.phoneStore',
    screen: lazyChunk(() => import('../screens/stores/stores-screen')),
  }),
  screen({
    path: '/dashboard/stores/:id',
    label: 'nav.storeProfile',
    screen: lazyChunk(() => import('../screens/stores/store-profile-screen')),
  }),
  screen({
    path: '/dashboard/regions',
    label: 'nav.regions',
    access: anyOf('VIEW_REGIONS'),
    group: 'nav.phoneStore',
    screen: lazyChunk(() => import('../screens/stores/regions-screen')),
  }),
  screen({
    path: '/dashboard/inventory',
    label: 'nav.inventory',
    access: anyOf('VIEW_INVENTORY'),
    screen: lazyChunk(() => import('../screens/stores/inventory-screen')),
  }),
  screen({
    path: '/dashboard/phone-prices',
    label: 'nav.phonePrices',
    access: anyOf('VIEW_INVENTORY'),
    screen: lazyChunk(() => import('../screens/stores/prices-screen')),
  }),
  screen({
    path: '/dashboard/shop-owners',
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
    label: 'nav.processes',
    access: { codeContains: 'ANALYTICS' },
    screen: lazyChunk(() => import('../screens/processes/processes-screen')),
  }),
  screen({
    path: '/dashboard/stolen-phone',
    label: 'nav.reportStolen',
    access: anyOf('REPORT_STOLEN_PHONE'),
    screen: DeviceStatusScreen,
    props: { action: 'stolen' },
  }),
  screen({
    path: '/dashboard/recovered-phone',
    label: 'nav.recordRecovered',
    access: anyOf('ADD_RECOVERED_PHONE'),
    screen: DeviceStatusScreen,
    props: { action: 'recovered' },
  }),
  // The device lists: VIEW_CUSTOMER_PHONE, the role that shows a customer's device (decision 008).
  screen({
    path: '/dashboard/damaged-devices',
    label: 'nav.damagedDevices',
    access: anyOf('VIEW_CUSTOMER_PHONE'),
    screen: lazyChunk(() => import('../screens/devices/damaged-devices-screen')),
  }),
  screen({
    path: '/dashboard/lost-devices',
    label: 'nav.lostDevices',
    access: anyOf('VIEW_CUSTOMER_PHONE'),
    screen: lazyChunk(() => import('../screens/devices/lost-devices-screen')),
  }),
  screen({
    path: '/dashboard/suspended-imeis',
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
  screen({ path: '/dashboard/agents', label: 'nav.agents', screen: lazyChunk(() => import('../screens/stores/agents-screen')) }),
  screen({
    path: '/dashboard/agents_categories',
    label: 'nav.agentCategories',
    access: anyOf('VIEW_AGENT_CATEGORIES'),
    group: 'nav.categories',
    screen: lazyChunk(() => import('../screens/stores/categories-screen')),
  }),
  // The spec names no role for these two; each takes the role of the group that matches it.
  screen({
    path: '/dashboard/suspense-transactions',
    label: 'nav.suspenseTransactions',
    access: anyOf('VIEW_SUSPENSE_TRANSACTIONS'),
    group: 'nav.finance',
    screen: lazyChunk(() => import('../screens/finance/suspense-screen')),
  }),
  screen({
    path: '/dashboard/reconciliation',
    label: 'nav.reconciliation',
    access: anyOf('UPLOAD_RECONCILIATION_DOCUMENT'),
    group: 'nav.finance',
    screen: lazyChunk(() => import('../screens/finance/reconciliation-screen')),
  }),
  screen({
    path: '/dashboard/capital-accounting',
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
      screen: StatementScreen,
      props: { statement },
    }),
  ),
  screen({
    path: '/dashboard/security',
    label: 'nav.security',
    access: anyOf('VIEW_SECURITY'),
    gated: true,
    screen: lazyChunk(() => import('../screens/security/security-screen')),
  }),
  // Issue 5: the audit trail of requests, for admins (the server asks VIEW_SECURITY).
  screen({
    path: '/dashboard/requests-audit',
    label: 'nav.requestsAudit',
    access: anyOf('VIEW_SECURITY'),
    screen: lazyChunk(() => import('../screens/approvals/audit-screen')),
  }),

  // Processes, in the explorer's order.
  process({
    machine: sessionMachine,
    about: 'processes:about.session',
    shownOn: [
      { prefix: 'restoring', screen: 'processes:screen.spinner' },
      { prefix: 'loggedOut', screen: '/' },
      { prefix: 'authenticated.otp', screen: '/otp' },
      { prefix: 'authenticated.password', screen: '/password' },
      { prefix: 'authenticated', screen: '/dashboard' },
      { prefix: 'loggingOut', screen: 'processes:screen.spinner' },
    ],
    calls: {
      restoreSession: 'reads the user and roles from local storage',
      authenticate: api(routes.login),
      verifyOtp: api(routes.verifyOtp),
      resendOtp: api(routes.resendOtp),
      changePassword: api(routes.changePassword),
      loadRoles: `${api(routes.listGroupRoles)}?$limit=1000&group_id=<group>`,
      revokeSession: api(routes.logout),
      watchUnauthorized: 'listens for any 401 answer of the HTTP client',
    },
  }),
  process({
    machine: themeMachine,
    about: 'processes:about.theme',
    shownOn: [{ prefix: '', screen: 'processes:screen.topBar' }],
    calls: {},
  }),
  process({
    machine: resourceListMachine,
    about: 'processes:about.resourceList',
    shownOn: [{ prefix: '', screen: `/dashboard/security, /dashboard/users, ${STORE_SCREENS}` }],
    calls: {
      fetchPage: `${api(routes.listGroups)}, ${api(routes.listGroupRoles)} or ${api(routes.listUsers)}; the collection lists: ${apis(routes.myDefaulters, routes.nplDefaulters, routes.allDefaulters, routes.lipaPolePoleLoans, routes.firstDeposits, routes.allCallRatings, routes.customerConversion, routes.claimedCustomers)}; in the stores area ${apis(routes.stores, routes.regions, routes.agentsPerStore, routes.categories, routes.inventory, routes.transfers, routes.stockCounts, routes.phonePrices, routes.imeiExceptions, routes.shopOwners)}`,
      createItem: `${api(routes.createGroup)}, ${api(routes.addGroupRole)} or ${api(routes.createUser)} (each answers 202: a request for a second admin); in the stores area ${apis(routes.createStore, routes.createRegion, routes.createCategory, routes.addInventoryItem, routes.createShopOwner)}`,
      removeItem: `${api(routes.removeGroupRole)} (answers 202: a request for a second admin)`,
    },
    live: {
      resourceLists: {
        users: adminChanges({ fetchPage: fetchUsers, createItem: createUser }),
        groups: adminChanges({ fetchPage: fetchGroups, createItem: createGroup }),
        groupRoles: adminChanges({ fetchPage: fetchGroupRoles, createItem: addGroupRole, removeItem: removeGroupRole }),
        requestAudit: listing({ fetchPage: fetchRequestAudit }),
      },
      deviceLists: {
        damaged: listing({ fetchPage: fetchDeviceList('damaged') }),
        lost: listing({ fetchPage: fetchDeviceList('lost') }),
        suspended: listing({ fetchPage: fetchDeviceList('suspended') }),
      },
      collectionLists: {
        mine: listing({ fetchPage: fetchCollectionList('mine') }),
        npl: listing({ fetchPage: fetchCollectionList('npl') }),
        all: listing({ fetchPage: fetchCollectionList('all') }),
        loans: listing({ fetchPage: fetchCollectionList('loans') }),
        deposits: listing({ fetchPage: fetchCollectionList('deposits') }),
        ratings: listing({ fetchPage: fetchCollectionList('ratings') }),
        conversion: listing({ fetchPage: fetchCollectionList('conversion') }),
        claimed: listing({ fetchPage: fetchCollectionList('claimed') }),
      },
      storeLists: liveStoreLists(notice('success', 'common.addedSuccessfully')),
      financeLists: {
        transactions: listing({ fetchPage: finance.fetchTransactions }),
        suspense: financeChanges({ fetchPage: finance.fetchSuspense, createItem: finance.allocateSuspense }),
        journal: listing({ fetchPage: finance.fetchJournal }),
        accounts: financeChanges({ fetchPage: finance.fetchAccounts, createItem: finance.changeCapital }),
        reconciliationRuns: listing({ fetchPage: reconciliation.fetchRuns }),
      },
    },
  }),
  process({
    machine: loadMachine,
    about: 'processes:about.load',
    shownOn: [{ prefix: '', screen: '/dashboard' }],
    calls: {
      load: `${api(routes.settings)}; in collections ${apis(routes.debtCollectionCalls, routes.debtCollectors, routes.defaultersReasons, routes.collectionsMade, routes.collectionsDue)} or a CSV or PDF export; in the stores area ${apis(routes.regions, routes.stores, routes.categories, routes.phoneModels, routes.storeProfile, routes.regionLeadHistory, routes.phonePriceHistory)} or a CSV export paged through its list`,
    },
    live: {
      settings: loading(loadSettings),
      roleCatalogue: loading(fetchRoles),
      requestAuditExport: loading(exportRequestAudit),
      homeFigures: loading(loadHomeFigures),
      customerList: liveCustomerList,
      collectionLoad: liveCollectionLoad,
      storeLoads: liveStoreLoads,
      financeLoad: {
        suspenseSummary: loading(finance.loadSuspenseSummary),
        wrongAccount: loading(finance.loadWrongAccount),
        balanceSheet: loading(finance.loadBalanceSheet),
        profitAndLoss: loading(finance.loadProfitAndLoss),
        cashflow: loading(finance.loadCashflow),
        accounts: loading(finance.loadAccounts),
        reconciliationMappings: loading(reconciliation.loadMappings),
        saveMapping: loading(reconciliation.saveMapping),
        closedPeriods: loading(reconciliation.loadClosedPeriods),
        closeMonth: loading(reconciliation.closeMonth),
        statementDocument: loading(reconciliation.downloadDocument),
        pdf: loading(reconciliation.exportPdf),
      },
    },
  }),
  process({
    machine: approvalQueueMachine,
    about: 'processes:about.approvalQueue',
    shownOn: [{ prefix: '', screen: '/dashboard/deregistrations, /dashboard/imei_changes, /dashboard/loan_extensions' }],
    calls: {
      fetchQueue: apis(
        routes.pendingLoanExtensions,
        routes.pendingLoanDeactivations,
        routes.pendingImeiChanges,
        routes.pendingMakerChecker,
        routes.pendingMakerCheckerPortal,
      ),
      decideMany: apis(
        routes.decideLoanExtensions,
        routes.decideLoanDeactivations,
        routes.decideImeiChanges,
        routes.decideMakerChecker,
        routes.decideMakerCheckerPortal,
      ),
    },
    live: { approvalQueue: queueMachine },
  }),
  process({
    machine: approvalRequestMachine,
    about: 'processes:about.approvalRequest',
    shownOn: [{ prefix: '', screen: '/dashboard/deregistrations, /dashboard/imei_changes, /dashboard/loan_extensions' }],
    calls: { decide: 'the decide call of its queue, with one id' },
    live: { approvalRequest: requestMachine },
  }),
  process({
    machine: customerLookupMachine,
    about: 'processes:about.customerLookup',
    shownOn: [{ prefix: '', screen: `/dashboard/customers/find, ${CUSTOMER_VIEW}` }],
    calls: { findCustomer: api(routes.findCustomer) },
    live: { customerLookup: liveCustomerLookup },
  }),
  process({
    machine: customerRequestMachine,
    about: 'processes:about.customerRequest',
    shownOn: [{ prefix: '', screen: CUSTOMER_VIEW }],
    calls: { submitRequest: apis(routes.requestLoanExtension, routes.requestLoanDeactivation, routes.requestImeiChange) },
    live: { customerRequest: liveCustomerRequest },
  }),
  process({
    machine: customerActionMachine,
    about: 'processes:about.customerAction',
    shownOn: [{ prefix: '', screen: `${CUSTOMER_VIEW}, ${STORE_SCREENS}` }],
    calls: {
      submitAction: `${apis(
        routes.offlinePin,
        routes.rateCall,
        routes.resetPin,
        routes.forgotPassword,
        routes.awardData,
        routes.logDebtCall,
        routes.debtCallComment,
        routes.debtCallRating,
        routes.assignDefaulters,
        routes.promiseUnlock,
        routes.setCustomerLanguage,
      )}; in the stores area ${STORE_ACTION_APIS}`,
    },
    live: { customerAction: liveCustomerAction, collectionAction: liveCollectionAction, storeAction: liveStoreAction },
  }),
  process({
    machine: deviceStatusMachine,
    about: 'processes:about.deviceStatus',
    shownOn: [{ prefix: '', screen: '/dashboard/stolen-phone, /dashboard/recovered-phone' }],
    calls: { findDevice: api(routes.deviceStatus), changeStatus: `${api(routes.reportStolen)} or ${api(routes.recordRecovered)}` },
    live: { deviceStatus: liveDeviceStatus },
  }),
  process({
    machine: lockChangeMachine,
    about: 'processes:about.lockChange',
    shownOn: [{ prefix: '', screen: CUSTOMER_VIEW }],
    calls: {
      loadLock: `${api(routes.viewDeviceLockType)} and ${api(routes.lockSolutionStatus)}`,
      lockInstall: 'the lock-install machine (its own statechart)',
      confirmChange: `${api(routes.confirmLockSolutionChange)} (trying a pending enrolment again)`,
    },
    live: { lockChange: liveLockChange },
  }),
  process({
    machine: reconciliationMachine,
    about: 'finance:reconcile.about',
    shownOn: [{ prefix: '', screen: '/dashboard/reconciliation' }],
    calls: {
      uploadStatement: api(routes.uploadStatement),
      loadRun: api(routes.reconciliationRun),
      resolveLine: api(routes.resolveReconciliationLine),
      signOff: api(routes.signOffReconciliation),
    },
    live: { reconciliation: reconciliation.liveReconciliation },
  }),
  process({
    machine: firstDepositMachine,
    about: 'processes:about.firstDeposit',
    shownOn: [{ prefix: '', screen: ADD_LOAN_SCREEN }],
    calls: {
      findPhones: api(routes.qualifiedPhones),
      depositPayment: 'the deposit-payment machine (its own statechart)',
      sendOtps: `${api(routes.agentOtp)}, then ${api(routes.customerOtp)}`,
      verifyOtps: api(routes.verifyOtps),
      identityCheck: 'the identity-check machine (its own statechart)',
      fetchContract: api(routes.contractDetails),
      signContract: api(routes.signContract),
      lockInstall: 'the lock-install machine (its own statechart)',
      fetchWizard: api(routes.wizardStatus),
    },
    live: { firstDeposit: { logic: liveFirstDeposit, newInput: (bridgeUrl) => newWizardInput(bridgeUrl), store: wizardStore } },
  }),
  // The wizard's children, shown inside its screen.
  process({
    machine: depositPaymentMachine,
    about: 'processes:about.depositPayment',
    shownOn: [{ prefix: '', screen: ADD_LOAN_SCREEN }],
    calls: { pushDeposit: api(routes.depositPush), confirmDeposit: api(routes.depositConfirm) },
  }),
  process({
    machine: identityCheckMachine,
    about: 'processes:about.identityCheck',
    shownOn: [{ prefix: '', screen: ADD_LOAN_SCREEN }],
    calls: {
      scannerCapture: 'the scanner-capture machine (its own statechart)',
      verifyFingerprint: api(routes.verifyFingerprint),
      verifySecurityAnswer: api(routes.verifySecurityAnswer),
    },
  }),
  process({
    machine: processExplorerMachine,
    about: 'processes:about.processExplorer',
    shownOn: [{ prefix: '', screen: '/dashboard/processes' }],
    calls: { layoutProcess: 'lays the chart out with ELK (elkjs), in the browser' },
    live: { processExplorer: liveProcessExplorer(machineById, notice('error', 'processes:exportFailed')) },
  }),
  process({
    machine: scannerCaptureMachine,
    about: 'processes:about.scannerCapture',
    shownOn: [{ prefix: '', screen: 'processes:screen.scannerCheck' }],
    calls: {
      capture: 'POST {device_bridge_url}/SGIFPCapture (the local biometric device service, form Timeout, Quality, templateFormat)',
      convert:
        'POST {device_bridge_url}/convert (the fingerprint image converter: BMP and template to the ISO 19794-2 template NIDA reads)',
    },
    live: { scannerCapture: liveScannerCapture },
  }),
  // The wizard's lock step and the lock solution change.
  process({
    machine: lockInstallMachine,
    about: 'processes:about.lockInstall',
    shownOn: [{ prefix: '', screen: `${ADD_LOAN_SCREEN}, ${CUSTOMER_VIEW}` }],
    calls: {
      prepare: `${api(routes.wizardStatus)} (in the deposit wizard) or ${api(routes.changeLockSolution)} (in a lock solution change)`,
      vivoAuthCode: 'the vivo-auth-code machine (its own statechart)',
      confirm: `${api(routes.confirmLockActivation)} (in the deposit wizard) or ${api(routes.confirmLockSolutionChange)} (in a lock solution change)`,
    },
  }),
  // ... and, for a vivo lock, its code.
  process({
    machine: vivoAuthCodeMachine,
    about: 'processes:about.vivoAuthCode',
    shownOn: [{ prefix: '', screen: `${ADD_LOAN_SCREEN}, ${CUSTOMER_VIEW}` }],
    calls: {
      sendCode: `${api(routes.sendVivoAuthCode)} (in the deposit wizard) or ${api(routes.sendLockChangeVivoCode)} (in a lock solution change)`,
      verifyCode: api(routes.verifyVivoAuthCode),
    },
  }),
];

/** A registered process's machine by its id (the explorer draws and exports only these). */
function machineById(id: string): AnyStateMachine | undefined {
  return REGISTRY.find((entry): entry is ProcessEntry => entry.kind === 'process' && entry.machine.id === id)?.machine;
}
