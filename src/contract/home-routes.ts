import { homeFigures } from './home-figures';
import { define } from './route';

/**
 * The home page's call, apart from the analyses' routes (analytics-routes.ts lists it too): the dashboard's first load
 * then builds the home figures' schema and no analysis's (issue 16).
 */
export const homeFiguresRoute = define({
  method: 'GET',
  path: '/api/v1/home_figures',
  auth: 'session',
  summary:
    "The caller's home dashboard: portfolio measures (with an ANALYTICS role), the agent's own sales and arrears (a portal user linked to an agent), approval queues (VIEW_APPROVALS)",
  response: homeFigures,
});
