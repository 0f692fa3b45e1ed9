/**
 * The storage keys that may outlive a session on a shared shop computer: preferences that name no one. Logout and
 * session expiry remove every other key the portal keeps in local and session storage (issue 11).
 */
export const PREFERENCE_KEYS = {
  /** The chosen language (spec section 9: local and session storage). */
  language: 'i18nextLng',
  /** Light or dark. */
  theme: 'theme',
} as const;
