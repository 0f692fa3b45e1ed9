import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { resourceListMachine, type ListFilter } from '../../machines/resource-list.machine';
import { toaster } from '../../app/toaster';

type Logic = typeof resourceListMachine;
type Actors = Parameters<Logic['provide']>[0]['actors'];

/** One running resource-list actor with its calls, its notices, and narrow reads of its state. */
export function useResourceList<T>(actors: Actors, input: { limit?: number; filter?: ListFilter } = {}) {
  const { t } = useTranslation();
  const list = useActorRef(
    resourceListMachine.provide({
      actors,
      actions: {
        notifySaved: () => toaster.create({ type: 'success', title: t('common.addedSuccessfully') }),
        notifyRemoved: () => toaster.create({ type: 'success', title: t('common.removedSuccessfully') }),
      },
    }),
    { input },
  );
  return {
    list,
    items: useSelector(list, (s) => s.context.items) as T[],
    total: useSelector(list, (s) => s.context.total),
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
