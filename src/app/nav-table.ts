import { allows, type Access, type Role } from '../contract/roles';

export interface NavLink {
  readonly kind: 'link';
  /** i18n key of the label. */
  readonly label: string;
  readonly path: string;
  readonly access: Access;
}

export interface NavGroup {
  readonly kind: 'group';
  readonly label: string;
  readonly access: Access;
  readonly children: readonly NavLink[];
}

export type NavEntry = NavLink | NavGroup;

const anyOf = (...roles: Role[]): Access => ({ anyOf: roles });
const everyone: Access = { public: true };
const link = (label: string, path: string, access: Access): NavLink => ({ kind: 'link', label, path, access });
const group = (label: string, access: Access, children: NavLink[]): NavGroup => ({ kind: 'group', label, access, children });

const DEFAULTERS_LIST = anyOf('VIEW_MY_DEFAULTERS_LIST_REPORT', 'VIEW_NPL_DEFAULTERS_LIST_REPORT', 'VIEW_ALL_DEFAULTERS_LIST_REPORT');

/** The side navigation, exactly as the spec's table (section 2): label, path, who sees it. */
export const NAV_TABLE: readonly NavEntry[] = [
  link('nav.dashboard', '/dashboard', everyone),
  link('nav.users', '/dashboard/users', anyOf('VIEW_USERS')),
  group('nav.reports', anyOf('VIEW_MY_DEFAULTERS_LIST_REPORT', 'VIEW_NPL_DEFAULTERS_LIST_REPORT', 'VIEW_DEFAULTERS_REASONS_REPORT', 'VIEW_ALL_DEFAULTERS_LIST_REPORT'), [
    link('nav.defaultersList', '/dashboard/defaulters_list', DEFAULTERS_LIST),
    link('nav.defaultersReasons', '/dashboard/defaulters_reasons_report', anyOf('VIEW_DEFAULTERS_REASONS_REPORT')),
  ]),
  link('nav.findCustomers', '/dashboard/customers/find', anyOf('FIND_CUSTOMER')),
  link('nav.addLoan', '/dashboard/customers/add-loan', anyOf('ADD_LOAN')),
  link('nav.findTransaction', '/dashboard/transactions/find', anyOf('FIND_TRANSACTION')),
  group('nav.phoneStore', anyOf('VIEW_STORES', 'VIEW_REGIONS'), [
    link('nav.stores', '/dashboard/stores', anyOf('VIEW_STORES')),
    link('nav.regions', '/dashboard/regions', anyOf('VIEW_REGIONS')),
  ]),
  link('nav.inventory', '/dashboard/inventory', anyOf('VIEW_INVENTORY')),
  link('nav.bi', '/bi', { codeContains: 'ANALYTICS' }),
  // Issue 6: the process explorer, for analysts (VIEW_ANALYTICS or any ANALYTICS role).
  link('nav.processes', '/dashboard/processes', { codeContains: 'ANALYTICS' }),
  link('nav.reportStolen', '/dashboard/stolen-phone', anyOf('REPORT_STOLEN_PHONE')),
  link('nav.recordRecovered', '/dashboard/recovered-phone', anyOf('ADD_RECOVERED_PHONE')),
  // The device lists: VIEW_CUSTOMER_PHONE, the role that shows a customer's device (decision 008).
  link('nav.damagedDevices', '/dashboard/damaged-devices', anyOf('VIEW_CUSTOMER_PHONE')),
  link('nav.lostDevices', '/dashboard/lost-devices', anyOf('VIEW_CUSTOMER_PHONE')),
  link('nav.suspendedImeis', '/dashboard/suspended-imeis', anyOf('VIEW_CUSTOMER_PHONE')),
  group('nav.approvals', anyOf('VIEW_APPROVALS'), [
    link('nav.deregistrations', '/dashboard/deregistrations', anyOf('VIEW_DEREGISTRATIONS')),
    link('nav.imeiChanges', '/dashboard/imei_changes', anyOf('VIEW_IMEI_CHANGE_REQUESTS')),
    link('nav.loanExtensions', '/dashboard/loan_extensions', anyOf('VIEW_LOAN_EXTENSION_REQUESTS')),
    // Issue 5: the maker-checker inboxes, worked by whoever works the approvals.
    link('nav.makerChecker', '/dashboard/maker-checker', anyOf('VIEW_APPROVALS')),
    link('nav.portalApprovals', '/dashboard/maker-checker/portal', anyOf('VIEW_APPROVALS')),
  ]),
  group('nav.categories', anyOf('VIEW_AGENT_CATEGORIES'), [
    link('nav.agentCategories', '/dashboard/agents_categories', anyOf('VIEW_AGENT_CATEGORIES')),
  ]),
  group('nav.finance', anyOf('VIEW_SUSPENSE_TRANSACTIONS', 'UPLOAD_RECONCILIATION_DOCUMENT', 'ADD_CAPITAL_INJECTION', 'DEDUCT_CAPITAL_INJECTION'), [
    // The spec names no role for these two; each takes the role of the group that matches it.
    link('nav.suspenseTransactions', '/dashboard/suspense-transactions', anyOf('VIEW_SUSPENSE_TRANSACTIONS')),
    link('nav.reconciliation', '/dashboard/reconciliation', anyOf('UPLOAD_RECONCILIATION_DOCUMENT')),
    link('nav.capitalAccounting', '/dashboard/capital-accounting', anyOf('ADD_CAPITAL_INJECTION', 'DEDUCT_CAPITAL')),
  ]),
  link('nav.security', '/dashboard/security', anyOf('VIEW_SECURITY')),
  // Issue 5: the audit trail of requests, for admins (the server asks VIEW_SECURITY).
  link('nav.requestsAudit', '/dashboard/requests-audit', anyOf('VIEW_SECURITY')),
];

/**
 * What a user with these roles sees: links they may open, and groups they may open that hold at least one
 * such link (a group with nothing inside would be a dead end).
 */
export function visibleNav(roles: readonly string[], table: readonly NavEntry[] = NAV_TABLE): NavEntry[] {
  const visible: NavEntry[] = [];
  for (const entry of table) {
    if (!allows(entry.access, roles)) continue;
    if (entry.kind === 'link') {
      visible.push(entry);
      continue;
    }
    const children = entry.children.filter((child) => allows(child.access, roles));
    if (children.length) visible.push({ ...entry, children });
  }
  return visible;
}

/** Every link a user sees, groups flattened: the dashboard's shortcuts and the tests' expectation. */
export function visibleLinks(roles: readonly string[]): NavLink[] {
  return visibleNav(roles).flatMap((entry) => (entry.kind === 'link' ? [entry] : entry.children));
}

/** The group holding a path, which starts open. */
export function groupOf(path: string): string | undefined {
  return NAV_TABLE.find((e): e is NavGroup => e.kind === 'group' && e.children.some((c) => path === c.path || path.startsWith(`${c.path}/`)))?.label;
}
