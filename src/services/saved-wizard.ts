import type { Snapshot } from 'xstate';

/**
 * The deposit wizard's persisted snapshot, saved after every step in local storage under the agent's name, so a
 * reload or a return to the wizard resumes where it was. A snapshot that does not restore is dropped, not fatal. The
 * key names the snapshot's shape: v2 has the lock step in the lock-install child; an older one is dropped (the
 * server's first_deposit/status still knows where that wizard stood).
 *
 * A module of its own, with no machine or HTTP client: the wizard's screen reads which step a saved wizard stands at
 * to draw its frame before the machine has arrived (docs/decisions/051, addendum).
 */
export const wizardStore = {
  key: (username: string) => `simu.firstDeposit.v2.${username}`,
  load(username: string): Snapshot<unknown> | undefined {
    try {
      localStorage.removeItem(`simu.firstDeposit.${username}`);
      const raw = localStorage.getItem(this.key(username));
      return raw ? (JSON.parse(raw) as Snapshot<unknown>) : undefined;
    } catch {
      return undefined;
    }
  },
  /** The top-level state the saved wizard stands at ('deposit', 'otp', ...), or null when none is saved. */
  step(username: string): string | null {
    const value = (this.load(username) as { value?: unknown } | undefined)?.value;
    if (typeof value === 'string') return value;
    return value && typeof value === 'object' ? (Object.keys(value)[0] ?? null) : null;
  },
  save(username: string, snapshot: unknown) {
    try {
      localStorage.setItem(this.key(username), JSON.stringify(snapshot));
    } catch {
      // Storage full or blocked: the wizard goes on, it only cannot be resumed after a reload.
    }
  },
  clear(username: string) {
    try {
      localStorage.removeItem(this.key(username));
    } catch {
      // nothing to clear
    }
  },
};
