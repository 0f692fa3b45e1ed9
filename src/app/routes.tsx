import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Role } from '../contract/roles';

const ComingSoon = lazy(() => import('../screens/common/coming-soon'));
const QueueScreen = lazy(() => import('../screens/approvals/queue-screen'));
const DeviceStatusScreen = lazy(() => import('../screens/devices/device-status-screen'));

export interface DashboardRoute {
  /** Relative to /dashboard; '' is the home page. */
  readonly path: string;
  readonly label: string;
  readonly screen: LazyExoticComponent<ComponentType<any>>;
  readonly props?: Record<string, unknown>;
  /** Registered only for a user holding this role (the spec gates only security this way). */
  readonly onlyWith?: Role;
}

const soon = (path: string, label: string): DashboardRoute => ({ path, label, screen: ComingSoon, props: { label } });
const queue = (path: string, label: string, name: string): DashboardRoute => ({ path, label, screen: QueueScreen, props: { queue: name } });

/** Every sub-path of /dashboard the spec lists (section 2); later issues swap the placeholders for screens. */
export const DASHBOARD_ROUTES: readonly DashboardRoute[] = [
  { path: '', label: 'nav.dashboard', screen: lazy(() => import('../screens/home/home-screen')) },
  { path: 'users', label: 'nav.users', screen: lazy(() => import('../screens/users/users-screen')) },
  soon('stores', 'nav.stores'),
  soon('stores/:id', 'nav.storeProfile'),
  soon('regions', 'nav.regions'),
  soon('inventory', 'nav.inventory'),
  queue('deregistrations', 'nav.deregistrations', 'loan_deactivation'),
  soon('defaulters_list', 'nav.defaultersList'),
  soon('defaulters_reasons_report', 'nav.defaultersReasons'),
  { path: 'customers/find', label: 'nav.findCustomers', screen: lazy(() => import('../screens/customers/find-customer-screen')) },
  { path: 'customers/view', label: 'nav.customerView', screen: lazy(() => import('../screens/customers/customer-view-screen')) },
  { path: 'customers/add-loan', label: 'nav.addLoan', screen: lazy(() => import('../screens/first-deposit/first-deposit-screen')) },
  soon('transactions/find', 'nav.findTransaction'),
  { path: 'security', label: 'nav.security', screen: lazy(() => import('../screens/security/security-screen')), onlyWith: 'VIEW_SECURITY' },
  queue('imei_changes', 'nav.imeiChanges', 'imei_change'),
  queue('loan_extensions', 'nav.loanExtensions', 'loan_extension'),
  queue('maker-checker', 'nav.makerChecker', 'maker_checker'),
  queue('maker-checker/portal', 'nav.portalApprovals', 'maker_checker_portal'),
  soon('suspense-transactions', 'nav.suspenseTransactions'),
  soon('reconciliation', 'nav.reconciliation'),
  soon('capital-accounting', 'nav.capitalAccounting'),
  soon('agents', 'nav.agents'),
  soon('agents_categories', 'nav.agentCategories'),
  { path: 'stolen-phone', label: 'nav.reportStolen', screen: DeviceStatusScreen, props: { action: 'stolen' } },
  { path: 'recovered-phone', label: 'nav.recordRecovered', screen: DeviceStatusScreen, props: { action: 'recovered' } },
  { path: 'damaged-devices', label: 'nav.damagedDevices', screen: lazy(() => import('../screens/devices/damaged-devices-screen')) },
  { path: 'lost-devices', label: 'nav.lostDevices', screen: lazy(() => import('../screens/devices/lost-devices-screen')) },
  { path: 'suspended-imeis', label: 'nav.suspendedImeis', screen: lazy(() => import('../screens/devices/suspended-imeis-screen')) },
  { path: 'requests-audit', label: 'nav.requestsAudit', screen: lazy(() => import('../screens/approvals/audit-screen')) },
  { path: 'processes', label: 'nav.processes', screen: lazy(() => import('../screens/processes/processes-screen')) },
];

export const registeredRoutes = (roles: readonly string[]) =>
  DASHBOARD_ROUTES.filter((route) => !route.onlyWith || roles.includes(route.onlyWith));
