import type { z } from 'zod';
import type { settingsResponse } from '../contract/settings';
import type { StoredUser } from '../machines/session.machine';
import { PREFERENCE_KEYS } from '../lib/preference-keys';
import { forgetEarlyCalls } from './early-calls';

const USER_KEY = 'user';
const ROLES_KEY = 'roles';
const SETTINGS_KEY = 'settings';

/**
 * The portal's settings as GET /settings gives them, kept for the session's next page. Checked by hand, not with the
 * contract's schema: the session's store loads with the login page, which brings no zod.
 */
export type KeptSettings = z.output<typeof settingsResponse>;

const isSettings = (value: unknown): value is KeptSettings => {
  const v = value as Partial<KeptSettings> | null;
  return typeof v?.company === 'string' && typeof v.device_bridge_url === 'string' && typeof v.demo === 'boolean';
};

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** The logged-in user and their roles, kept in local storage across reloads. */
export const sessionStore = {
  user: () => read<StoredUser>(USER_KEY),
  /** The roles stored for this user's group (never another user's, whatever is left in storage). */
  rolesFor(user: StoredUser | null): string[] | null {
    const stored = read<{ groupId: number; roles: string[] }>(ROLES_KEY);
    return user && stored && stored.groupId === user.group.id && Array.isArray(stored.roles) ? stored.roles : null;
  },
  token: () => read<StoredUser>(USER_KEY)?.token ?? null,
  /**
   * The settings this session last read (the login leaves them, each later read replaces them): the home page's
   * welcome and the wizard draw from them at once and read the server's behind (docs/decisions/050). Whatever is
   * not their shape is not taken. They go with the session at logout, as every key but the preferences does.
   */
  settings: (): KeptSettings | null => {
    const kept = read<unknown>(SETTINGS_KEY);
    return isSettings(kept) ? kept : null;
  },
  keepSettings(settings: KeptSettings) {
    try {
      localStorage.setItem(
        SETTINGS_KEY,
        JSON.stringify({ company: settings.company, device_bridge_url: settings.device_bridge_url, demo: settings.demo }),
      );
    } catch {
      // storage full or blocked: the next page reads the server's, as without kept settings
    }
  },
  save(user: StoredUser | null, roles: string[] | null) {
    if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
    if (roles && user) localStorage.setItem(ROLES_KEY, JSON.stringify({ groupId: user.group.id, roles }));
    else localStorage.removeItem(ROLES_KEY);
  },
  /**
   * Logout and expiry (the session's clearSession): a shop computer is shared, so nothing that names anyone stays
   * behind: every key of local and session storage goes (the session, a saved deposit wizard with the customer's
   * name, phone and national ID, whatever a later screen keeps), except the preferences that name no one. An
   * allow-list, so a key added later is cleared without anyone remembering to add it here.
   */
  clear() {
    // An early answer no screen took was asked for with this session's token: the next user's screens ask afresh.
    forgetEarlyCalls();
    const kept = new Set<string>(Object.values(PREFERENCE_KEYS));
    for (const storage of [localStorage, sessionStorage]) {
      try {
        const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
        for (const key of keys) if (key !== null && !kept.has(key)) storage.removeItem(key);
      } catch {
        // storage blocked (private mode, policy): there is nothing in it to clear
      }
    }
  },
};
