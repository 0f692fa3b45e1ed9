import { useSyncExternalStore } from 'react';
import type { AnyActorRef } from 'xstate';

/**
 * The current user's own long-lived actors (the session, an open deposit wizard), by machine id, so the process
 * explorer can show where each one is now. An actor registers while its screen is mounted.
 */
const actors = new Map<string, AnyActorRef>();
const listeners = new Set<() => void>();
let version = 0;

export function registerLiveActor(machineId: string, actor: AnyActorRef): () => void {
  actors.set(machineId, actor);
  version += 1;
  listeners.forEach((l) => l());
  return () => {
    if (actors.get(machineId) === actor) actors.delete(machineId);
    version += 1;
    listeners.forEach((l) => l());
  };
}

export function useLiveActor(machineId: string | null): AnyActorRef | undefined {
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
  );
  return machineId ? actors.get(machineId) : undefined;
}
