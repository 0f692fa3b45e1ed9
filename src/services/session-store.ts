import type { StoredUser } from '../machines/session.machine';

const USER_KEY = 'user';
const ROLES_KEY = 'roles';

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
  save(user: StoredUser | null, roles: string[] | null) {
    if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
    if (roles && user) localStorage.setItem(ROLES_KEY, JSON.stringify({ groupId: user.group.id, roles }));
    else localStorage.removeItem(ROLES_KEY);
  },
  clear() {
    localStorage.removeItem(USER_KEY);
    localStorage.removeItem(ROLES_KEY);
  },
};
