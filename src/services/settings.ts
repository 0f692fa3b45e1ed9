import { fromPromise } from 'xstate';
import { settingsRoute } from '../contract/settings';
import { call } from './http';
import { sessionStore } from './session-store';

// The settings' own contract: the dashboard's first load builds no session, admin or request schema (issue 16).

/**
 * The settings, read from the server and kept for the session's next page: the home page draws its welcome from the
 * kept ones while these are on their way (docs/decisions/050). The wizard and the scanner check take only these.
 */
export const loadSettings = fromPromise<unknown, { params: unknown }>(async () => {
  const settings = await call(settingsRoute);
  sessionStore.keepSettings(settings);
  return settings;
});
