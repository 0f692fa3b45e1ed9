import { fromPromise } from 'xstate';
import { settingsRoute } from '../contract/settings';
import { sendEarly } from './early-calls';
import { call } from './http';
import { sessionStore } from './session-store';

// The settings' own contract: the dashboard's first load builds no session, admin or request schema (issue 16).

/**
 * The settings, asked for by the dashboard as soon as its chunk knows the screen waits on them (the home's welcome,
 * the wizard), while the session may still load the roles: sent as an early call (early-calls.ts, docs/decisions/038
 * and 048), which the screen's load then takes. Not sent again when the app's entry already sent it.
 */
export function askSettingsEarly() {
  const token = sessionStore.token();
  if (token) sendEarly('settings', token);
}
/**
 * The settings, read from the server and kept for the session's next page: the home page draws its welcome from the
 * kept ones while these are on their way (docs/decisions/050). The wizard and the scanner check take only these.
 */
export const loadSettings = fromPromise<unknown, { params: unknown }>(async () => {
  const settings = await call(settingsRoute);
  sessionStore.keepSettings(settings);
  return settings;
});
