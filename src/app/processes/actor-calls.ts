import { routes, type RouteContract } from '../../contract/routes';

const api = (route: RouteContract) => `${route.method} /portal_api${route.path}`;

/**
 * What each machine's actors do outside the machine, as implemented in src/services: the /portal_api calls they
 * make, or the browser effect. A test checks every invoked actor of every machine is listed here.
 */
export const ACTOR_CALLS: Record<string, Record<string, string>> = {
  session: {
    restoreSession: 'reads the user and roles from local storage',
    authenticate: api(routes.login),
    verifyOtp: api(routes.verifyOtp),
    resendOtp: api(routes.resendOtp),
    loadRoles: `${api(routes.listGroupRoles)}?$limit=1000&group_id=<group>`,
    revokeSession: api(routes.logout),
    watchUnauthorized: 'listens for any 401 answer of the HTTP client',
  },
  resourceList: {
    fetchPage: `${api(routes.listGroups)}, ${api(routes.listGroupRoles)} or ${api(routes.listUsers)}`,
    createItem: `${api(routes.createGroup)}, ${api(routes.addGroupRole)} or ${api(routes.createUser)}`,
    removeItem: api(routes.removeGroupRole),
  },
  load: { load: api(routes.settings) },
  processExplorer: { layoutProcess: 'lays the chart out with ELK (elkjs), in the browser' },
  approvalQueue: {
    fetchQueue: [routes.pendingLoanExtensions, routes.pendingLoanDeactivations, routes.pendingImeiChanges, routes.pendingMakerChecker, routes.pendingMakerCheckerPortal].map(api).join(', '),
    decideMany: [routes.decideLoanExtensions, routes.decideLoanDeactivations, routes.decideImeiChanges, routes.decideMakerChecker, routes.decideMakerCheckerPortal].map(api).join(', '),
  },
  customerLookup: { findCustomer: api(routes.findCustomer) },
  customerRequest: { submitRequest: [routes.requestLoanExtension, routes.requestLoanDeactivation, routes.requestImeiChange].map(api).join(', ') },
  customerAction: { submitAction: [routes.offlinePin, routes.rateCall, routes.resetPin, routes.forgotPassword, routes.awardData].map(api).join(', ') },
  deviceStatus: { findDevice: api(routes.deviceStatus), changeStatus: `${api(routes.reportStolen)} or ${api(routes.recordRecovered)}` },
  approvalRequest: {
    decide: 'the decide call of its queue, with one id',
  },
  scannerCapture: {
    capture: 'POST {device_bridge_url}/SGIFPCapture (the local biometric device service, form Timeout, Quality, templateFormat)',
    convert: 'POST {device_bridge_url}/convert (the fingerprint image converter: BMP and template to the ISO 19794-2 template NIDA reads)',
  },
  firstDeposit: {
    findPhones: api(routes.qualifiedPhones),
    depositPayment: 'the deposit-payment machine (its own statechart)',
    sendOtps: `${api(routes.agentOtp)}, then ${api(routes.customerOtp)}`,
    verifyOtps: api(routes.verifyOtps),
    identityCheck: 'the identity-check machine (its own statechart)',
    fetchContract: api(routes.contractDetails),
    signContract: api(routes.signContract),
    fetchWizard: api(routes.wizardStatus),
    vivoAuthCode: 'the vivo-auth-code machine (its own statechart)',
    confirmLock: api(routes.confirmLockActivation),
  },
  depositPayment: { pushDeposit: api(routes.depositPush), confirmDeposit: api(routes.depositConfirm) },
  identityCheck: {
    scannerCapture: 'the scanner-capture machine (its own statechart)',
    verifyFingerprint: api(routes.verifyFingerprint),
    verifySecurityAnswer: api(routes.verifySecurityAnswer),
  },
  vivoAuthCode: {
    sendCode: `${api(routes.sendVivoAuthCode)} (in the deposit wizard) or ${api(routes.sendLockChangeVivoCode)} (in a lock solution change)`,
    verifyCode: api(routes.verifyVivoAuthCode),
  },
  lockChange: {
    loadLock: `${api(routes.viewDeviceLockType)} and ${api(routes.lockSolutionStatus)}`,
    startChange: api(routes.changeLockSolution),
    vivoAuthCode: 'the vivo-auth-code machine (its own statechart)',
    confirmChange: api(routes.confirmLockSolutionChange),
  },
};
