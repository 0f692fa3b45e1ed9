import { fromPromise } from 'xstate';
import { analyticsRoutes } from '../contract/analytics-routes';
import type { AnalysisQuery, ReportName } from '../contract/analytics';
import { call } from './http';

/** The analytics calls (issue 15), as load-machine actors. */

const reportRoutes = Object.values(analyticsRoutes).filter((r) => r.response === analyticsRoutes.biDashboard.response);

export const loadBiAuth = fromPromise<unknown, { params: unknown }>(() => call(analyticsRoutes.biAuth));

/** params: { report, query }: the analysis by its spec name and the filters of the URL. */
export const loadAnalysis = fromPromise<unknown, { params: unknown }>(({ input }) => {
  const { report, query } = input.params as { report: ReportName; query: AnalysisQuery };
  const route = reportRoutes.find((r) => r.path === `/api/v1/${report}`);
  if (!route) return Promise.reject({ status: 404, message: `No analysis ${report}` });
  return call(route, { query: query as Record<string, string | number | undefined> });
});
