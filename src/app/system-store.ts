import { useSyncExternalStore } from 'react';
import type { SystemContext } from '@chakra-ui/react';

/** The Chakra system in use: the light one of the first load, then the dashboard's full one. */
export function createSystemStore(initial: SystemContext) {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next: SystemContext) {
      current = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useSystem(store: ReturnType<typeof createSystemStore>): SystemContext {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
