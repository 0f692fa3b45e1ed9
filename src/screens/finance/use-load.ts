import { useActorRef, useSelector } from '@xstate/react';
import type { loadMachine } from '../../machines/load.machine';

/** One running load actor over live logic (its call given by the app), and narrow reads of its state. */
export function useLoad<T>(logic: typeof loadMachine, params: unknown) {
  const actor = useActorRef(logic, { input: { params } });
  return {
    actor,
    data: useSelector(actor, (s) => (s.matches('loaded') ? (s.context.data as T) : null)),
    loading: useSelector(actor, (s) => s.matches('loading')),
    failure: useSelector(actor, (s) => (s.matches('failed') ? s.context.failure : null)),
    retry: () => actor.send({ type: 'load.retry' }),
  };
}
