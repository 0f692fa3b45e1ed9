import { describe, expect, it } from 'vitest';
import { NAV_TABLE, groupOf, visibleLinks, visibleNav } from '../../src/app/nav-table';
import { ROLES } from '../../src/contract/roles';
import { DASHBOARD_ROUTES } from '../../src/app/routes';

const labels = (roles: string[]) =>
  visibleNav(roles).map((e) => (e.kind === 'link' ? e.label : `${e.label}[${e.children.map((c) => c.label).join(',')}]`));

describe('the side navigation table (spec section 2)', () => {
  it('shows only the dashboard to a user with no roles', () => {
    expect(labels([])).toEqual(['nav.dashboard']);
  });

  it('shows everything to a user with every role', () => {
    expect(visibleLinks([...ROLES]).map((l) => l.path)).toEqual([
      '/dashboard',
      '/dashboard/users',
      '/dashboard/defaulters_list',
      '/dashboard/defaulters_reasons_report',
      '/dashboard/collections',
      '/dashboard/call-ratings',
      '/dashboard/customers/conversion',
      '/dashboard/customers/claimed',
      '/dashboard/deposits',
      '/dashboard/loans',
      '/dashboard/customers/find',
      '/dashboard/customers/add-loan',
      '/dashboard/transactions/find',
      '/dashboard/stores',
      '/dashboard/regions',
      '/dashboard/shop-owners',
      '/dashboard/inventory',
      '/dashboard/phone-prices',
      '/bi',
      '/dashboard/processes',
      '/dashboard/stolen-phone',
      '/dashboard/recovered-phone',
      '/dashboard/damaged-devices',
      '/dashboard/lost-devices',
      '/dashboard/suspended-imeis',
      '/dashboard/deregistrations',
      '/dashboard/imei_changes',
      '/dashboard/loan_extensions',
      '/dashboard/maker-checker',
      '/dashboard/maker-checker/portal',
      '/dashboard/agents_categories',
      '/dashboard/suspense-transactions',
      '/dashboard/reconciliation',
      '/dashboard/capital-accounting',
      '/dashboard/finance/balance-sheet',
      '/dashboard/finance/profit-and-loss',
      '/dashboard/finance/cashflow',
      '/dashboard/security',
      '/dashboard/requests-audit',
    ]);
  });

  it('shows the BI link for any role code containing ANALYTICS, even one the catalogue does not know', () => {
    expect(labels(['VIEW_ANALYTICS'])).toContain('nav.bi');
    expect(labels(['VIEW_ANALYTICS'])).toContain('nav.processes');
    expect(labels(['SHOP_ANALYTICS_VIEWER'])).toContain('nav.bi');
    expect(labels(['VIEW_USERS'])).not.toContain('nav.bi');
  });

  it('opens the Reports group with any defaulters role and shows only the entries each role allows', () => {
    expect(labels(['VIEW_NPL_DEFAULTERS_LIST_REPORT'])).toContain('nav.reports[nav.defaultersList]');
    expect(labels(['VIEW_DEFAULTERS_REASONS_REPORT'])).toContain('nav.reports[nav.defaultersReasons]');
  });

  it('needs VIEW_APPROVALS for the Approvals group, then each queue its own role', () => {
    expect(labels(['VIEW_DEREGISTRATIONS'])).toEqual(['nav.dashboard']);
    expect(labels(['VIEW_APPROVALS'])).toContain('nav.approvals[nav.makerChecker,nav.portalApprovals]');
    expect(labels(['VIEW_APPROVALS', 'VIEW_IMEI_CHANGE_REQUESTS'])).toContain(
      'nav.approvals[nav.imeiChanges,nav.makerChecker,nav.portalApprovals]',
    );
  });

  it('shows the Phone store group with VIEW_REGIONS alone, holding Regions only', () => {
    expect(labels(['VIEW_REGIONS'])).toContain('nav.phoneStore[nav.regions]');
  });

  it('hides a group whose entries the user may not open (no dead ends)', () => {
    // DEDUCT_CAPITAL_INJECTION opens the Finance group for the statements (issue 13), not capital accounting.
    expect(labels(['DEDUCT_CAPITAL_INJECTION'])).toEqual(['nav.dashboard', 'nav.finance[nav.balanceSheet,nav.profitAndLoss,nav.cashflow]']);
    expect(labels(['DEDUCT_CAPITAL_INJECTION', 'DEDUCT_CAPITAL'])).toContain(
      'nav.finance[nav.capitalAccounting,nav.balanceSheet,nav.profitAndLoss,nav.cashflow]',
    );
  });

  it('knows which group holds a path, so that group starts open', () => {
    expect(groupOf('/dashboard/imei_changes')).toBe('nav.approvals');
    expect(groupOf('/dashboard/users')).toBeUndefined();
  });

  it('points every dashboard link at a registered route', () => {
    const registered = new Set(DASHBOARD_ROUTES.map((r) => `/dashboard${r.path ? `/${r.path}` : ''}`));
    const links = NAV_TABLE.flatMap((e) => (e.kind === 'link' ? [e] : e.children)).filter((l) => l.path.startsWith('/dashboard'));
    expect(links.filter((l) => !registered.has(l.path))).toEqual([]);
  });
});
