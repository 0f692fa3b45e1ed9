import { describe, expect, vi } from 'vitest';
import { testModel } from './model';
import { testOracle } from './oracle';
import { sessionOracle } from './session.oracle';
import { NOW, offline, sessionModel } from './session.model';

const persistSession = vi.fn();
const clearSession = vi.fn();

describe('session machine (model-based)', () => {
  testModel({
    ...sessionModel,
    actions: { persistSession, clearSession },
    // The token's own expiry, measured from the clock reading the actor reported.
    delays: { untilExpiry: (s) => s.context.user!.exp - NOW },
    states: {
      restoring: (s) => expect(s.context.user).toBeNull(),
      'loggedOut.notified': (s) => expect(s.context.user).toBeNull(),
      'loggedOut.idle': (s) => {
        expect(s.context.user).toBeNull();
        expect(s.context.roles).toEqual([]);
      },
      'loggedOut.authenticating': (s) => expect(s.hasTag('busy')).toBe(true),
      'authenticated.otp': (s) => expect(s.context.user?.otp_pending).toBe(true),
      'authenticated.password': (s) => {
        expect(s.context.user?.must_change_password).toBe(true);
        expect(s.context.roles).toEqual([]);
      },
      'authenticated.ready': (s) => {
        expect(s.context.user).not.toBeNull();
        expect(s.context.roles.length).toBeGreaterThan(0);
        expect(s.context.expiresInMs).toBe(3_600_000);
      },
      'authenticated.rolesFailed': (s) => expect(s.context.failure).toEqual(offline),
    },
  });
});

describe('session machine (oracle)', () => {
  testOracle(sessionOracle);
});
