import { define, type RouteContract } from './route';
import * as a from './analytics';
import { homeFiguresRoute } from './home-routes';

const ANALYTICS_ONLY = 'Needs a role whose code contains ANALYTICS (VIEW_ANALYTICS)';
const FIGURES =
  'measures as defined in decision 017, within the caller’s scope (shop owner: their stores, region lead: their region, agent: their own loans)';

const analysisRoute = (name: a.ReportName, summary: string) =>
  define({
    method: 'GET',
    path: `/api/v1/${name}`,
    auth: 'session',
    summary: `${summary}: ${FIGURES}`,
    query: a.analysisQuery,
    response: a.analysis,
    refusals: { 403: ANALYTICS_ONLY },
  });

/** The spec's BI calls (issue 15). Any role whose code contains ANALYTICS may call them: checked by the server. */
export const analyticsRoutes = {
  biAuth: define({
    method: 'GET',
    path: '/api/v1/bi_auth',
    auth: 'session',
    summary: 'What the caller may see in analytics: their scope, the analyses and the filter values within the scope',
    response: a.biAuth,
    refusals: { 403: ANALYTICS_ONLY },
  }),
  biDashboard: analysisRoute('bi_dashboard', 'The portfolio at a glance: today and the trend'),
  biAnalysis: analysisRoute('bi_analysis', 'The portfolio by region, phone model and lock type, with vintage curves'),
  shopAnalysis: analysisRoute('shop_analysis', 'By store'),
  shopOwnersAnalysis: analysisRoute('shop_owners_analysis', 'By shop owner'),
  allUnbrandedAnalysis: analysisRoute('all_unbranded_analysis', 'Dealer (unbranded) shops, by store'),
  agentAnalysis: analysisRoute('agent_analysis', 'By agent'),
  biRegion: analysisRoute('bi_region', 'By region'),
  biStore: analysisRoute('bi_store', 'By store'),
  biShopOwner: analysisRoute('bi_shop_owner', 'By shop owner'),
  biAgent: analysisRoute('bi_agent', 'By agent'),
  biPhoneModel: analysisRoute('bi_phone_model', 'By phone model'),
  biLockType: analysisRoute('bi_lock_type', 'By lock type'),
  ageingMigration: analysisRoute(
    'ageing_migration',
    'Ageing migration: balances moving between the ageing categories from one month-end to the next (the last 12 months; the period does not apply)',
  ),
  homeFigures: homeFiguresRoute,
} satisfies Record<string, RouteContract>;
