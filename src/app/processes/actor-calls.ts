import { routes, type RouteContract } from '../../contract/routes';
import { STORE_ACTION_CALLS } from '../../services/stores';
import type { ProcessId } from './machines';

const api = (route: RouteContract) => `${route.method} /portal_api${route.path}`;
const apis = (...list: RouteContract[]) => list.map(api).join(', ');
const STORE_ACTION_APIS = apis(...Object.values(STORE_ACTION_CALLS));

/**
 * What each machine's actors do outside the machine, by machine id then actor: the /portal_api call it makes, or
 * the browser effect. A test checks every invoked actor of every machine is described and that these are the
 * registry's processes; `npm run statecharts` writes them into docs/statecharts, the explorer shows them.
 */
const CALLS = {
  session: {
    restoreSession: 'reads the user and roles from local storage',
    authenticate: api(routes.login),
    verifyOtp: api(routes.verifyOtp),
    resendOtp: api(routes.resendOtp),
    changePassword: api(routes.changePassword),
    loadRoles: `${api(routes.listGroupRoles)}?$limit=1000&group_id=<group>`,
    revokeSession: api(routes.logout),
    watchUnauthorized: 'listens for any 401 answer of the HTTP client',
  },
  theme: {},
  resourceList: {
    fetchPage: `${api(routes.listGroups)}, ${api(routes.listGroupRoles)} or ${api(routes.listUsers)}; the collection lists: ${apis(routes.myDefaulters, routes.nplDefaulters, routes.allDefaulters, routes.lipaPolePoleLoans, routes.firstDeposits, routes.allCallRatings, routes.customerConversion, routes.claimedCustomers)}; in the stores area ${apis(routes.stores, routes.regions, routes.agentsPerStore, routes.categories, routes.inventory, routes.transfers, routes.stockCounts, routes.phonePrices, routes.imeiExceptions, routes.shopOwners)}`,
    createItem: `${api(routes.createGroup)}, ${api(routes.addGroupRole)} or ${api(routes.createUser)} (each answers 202: a request for a second admin); in the stores area ${apis(routes.createStore, routes.createRegion, routes.createCategory, routes.addInventoryItem, routes.createShopOwner)}`,
    removeItem: `${api(routes.removeGroupRole)} (answers 202: a request for a second admin)`,
  },
  load: {
    load: `${api(routes.settings)}; in collections ${apis(routes.debtCollectionCalls, routes.debtCollectors, routes.defaultersReasons, routes.collectionsMade, routes.collectionsDue)} or a CSV or PDF export; in the stores area ${apis(routes.regions, routes.stores, routes.categories, routes.phoneModels, routes.storeProfile, routes.regionLeadHistory, routes.phonePriceHistory)} or a CSV export paged through its list`,
  },
  approvalQueue: {
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
  approvalRequest: { decide: 'the decide call of its queue, with one id' },
  customerLookup: { findCustomer: api(routes.findCustomer) },
  customerRequest: { submitRequest: apis(routes.requestLoanExtension, routes.requestLoanDeactivation, routes.requestImeiChange) },
  customerAction: {
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
  deviceStatus: { findDevice: api(routes.deviceStatus), changeStatus: `${api(routes.reportStolen)} or ${api(routes.recordRecovered)}` },
  lockChange: {
    loadLock: `${api(routes.viewDeviceLockType)} and ${api(routes.lockSolutionStatus)}`,
    lockInstall: 'the lock-install machine (its own statechart)',
    confirmChange: `${api(routes.confirmLockSolutionChange)} (trying a pending enrolment again)`,
  },
  reconciliation: {
    uploadStatement: api(routes.uploadStatement),
    loadRun: api(routes.reconciliationRun),
    resolveLine: api(routes.resolveReconciliationLine),
    signOff: api(routes.signOffReconciliation),
  },
  firstDeposit: {
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
  depositPayment: { pushDeposit: api(routes.depositPush), confirmDeposit: api(routes.depositConfirm) },
  identityCheck: {
    scannerCapture: 'the scanner-capture machine (its own statechart)',
    verifyFingerprint: api(routes.verifyFingerprint),
    verifySecurityAnswer: api(routes.verifySecurityAnswer),
  },
  processExplorer: { layoutProcess: 'lays the chart out with ELK (elkjs), in the browser' },
  scannerCapture: {
    capture: 'POST {device_bridge_url}/SGIFPCapture (the local biometric device service, form Timeout, Quality, templateFormat)',
    convert: 'POST {device_bridge_url}/convert (the fingerprint image converter: BMP and template to the ISO 19794-2 template NIDA reads)',
  },
  lockInstall: {
    prepare: `${api(routes.wizardStatus)} (in the deposit wizard) or ${api(routes.changeLockSolution)} (in a lock solution change)`,
    vivoAuthCode: 'the vivo-auth-code machine (its own statechart)',
    confirm: `${api(routes.confirmLockActivation)} (in the deposit wizard) or ${api(routes.confirmLockSolutionChange)} (in a lock solution change)`,
  },
  vivoAuthCode: {
    sendCode: `${api(routes.sendVivoAuthCode)} (in the deposit wizard) or ${api(routes.sendLockChangeVivoCode)} (in a lock solution change)`,
    verifyCode: api(routes.verifyVivoAuthCode),
  },
} satisfies Record<ProcessId, Record<string, string>>;

export const ACTOR_CALLS: Readonly<Record<string, Readonly<Record<string, string>>>> = CALLS;

/** What a registered process's actors call. */
export const callsOf = (id: ProcessId): Readonly<Record<string, string>> => CALLS[id];
