import { useActorRef, useSelector } from '@xstate/react';
import type { resourceListMachine, ListFilter } from '../../machines/resource-list.machine';

/**
 * One running resource-list actor over live logic the app provides (its calls and its notices, see
 * useLiveLogic('resourceLists')), and narrow reads of its state.
 */
export function useResourceList<T>(logic: typeof resourceListMachine, input: { limit?: number; filter?: ListFilter } = {}) {
  const list = useActorRef(logic, { input });
  return {
    list,
    items: useSelector(list, (s) => s.context.items) as T[],
    total: useSelector(list, (s) => s.context.total),
    totalEstimated: useSelector(list, (s) => s.context.totalEstimated),
    skip: useSelector(list, (s) => s.context.skip),
    limit: useSelector(list, (s) => s.context.limit),
    loading: useSelector(list, (s) => s.matches('loading')),
    loadFailure: useSelector(list, (s) => (s.matches('failed') ? s.context.failure : null)),
    formOpen: useSelector(list, (s) => s.matches({ ready: 'editing' }) || s.matches({ ready: 'creating' })),
    saving: useSelector(list, (s) => s.matches({ ready: 'creating' })),
    saveFailure: useSelector(list, (s) => (s.matches({ ready: 'editing' }) ? s.context.failure : null)),
    actionFailure: useSelector(list, (s) => (s.matches({ ready: 'idle' }) ? s.context.failure : null)),
    pendingRemoval: useSelector(list, (s) => s.context.pendingRemoval),
    removing: useSelector(list, (s) => s.matches({ ready: 'removing' })),
    canOpenForm: useSelector(list, (s) => s.can({ type: 'form.opened' })),
  };
}
export type ResourceList<T> = ReturnType<typeof useResourceList<T>>;
