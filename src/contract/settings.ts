import { z } from 'zod';
import { define } from './route';

/**
 * The portal's settings and their call, apart from the session's and the admin's contracts (session-routes.ts lists
 * the call too): the dashboard's first load asks for them and then builds only this schema, not the login's, the
 * users' or the requests' (issue 16).
 */
export const settingsResponse = z.object({
  company: z.string(),
  /** The local biometric device service the browser calls for fingerprint captures. */
  device_bridge_url: z.string(),
  /** Demo mode: simulators answer, and the logo opens the scanner check. */
  demo: z.boolean(),
});

export const settingsRoute = define({
  method: 'GET',
  path: '/settings',
  auth: 'session',
  summary: 'Portal settings (company name)',
  response: settingsResponse,
});
