import { resourceListMachine } from '../../machines/resource-list.machine';
import { notice } from '../notices';

export { loading } from './loading';

type ListActors = Parameters<typeof resourceListMachine.provide>[0]['actors'];

/** The resource-list machine over its calls, with the app's notices. */
export const listing = (actors: ListActors) =>
  resourceListMachine.provide({
    actors,
    actions: { notifySaved: notice('success', 'common.addedSuccessfully'), notifyRemoved: notice('success', 'common.removedSuccessfully') },
  });

/** The admin changes wait for a second admin (issue 11): saving one says it was sent for approval, not done. */
export const adminChanges = (actors: ListActors) =>
  resourceListMachine.provide({
    actors,
    actions: {
      notifySaved: notice('success', 'security.sentForApproval'),
      notifyRemoved: notice('success', 'security.removalSentForApproval'),
    },
  });

/** Finance changes wait for a second person in the business inbox (issue 13). */
export const financeChanges = (actors: ListActors) =>
  resourceListMachine.provide({
    actors,
    actions: { notifySaved: notice('success', 'finance:sentForApproval'), notifyRemoved: notice('success', 'common.removedSuccessfully') },
  });
