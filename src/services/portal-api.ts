import { fromPromise } from 'xstate';
// The session's and the admin's route contracts only: the settings load with the dashboard's home (decision 034).
import { sessionRoutes as routes } from '../contract/session-routes';
import type { ListFilter, Page } from '../machines/resource-list.machine';
import { call } from './http';
import { sessionStore } from './session-store';

/**
 * Actor implementations over /portal_api, handed to machines with machine.provide({ actors }). Each is typed
 * as the machine's slot declares it (a page of rows, or an outcome the machine does not read).
 */
interface PageInput {
  limit: number;
  skip: number;
  filter: ListFilter;
}
const pageOf = (fetch: (input: PageInput) => Promise<Page<unknown>>) => fromPromise<Page<any>, PageInput>(({ input }) => fetch(input));
const effect = <I>(run: (input: I) => Promise<unknown>) => fromPromise<unknown, I>(({ input }) => run(input));

/**
 * The settings, read from the server and kept for the session's next page: the home page draws its welcome from the
 * kept ones while these are on their way (docs/decisions/050). The wizard and the scanner check take only these.
 */
export const loadSettings = effect(async (_: { params: unknown }) => {
  const settings = await call(routes.settings);
  sessionStore.keepSettings(settings);
  return settings;
});
export const fetchRoles = effect((_: { params: unknown }) => call(routes.listRoles, { query: { $limit: 1000 } }));

export const fetchGroups = pageOf((i) => call(routes.listGroups, { query: { $limit: i.limit, $skip: i.skip } }));
export const createGroup = effect((i: { values: Record<string, unknown>; filter: ListFilter }) =>
  call(routes.createGroup, { body: i.values }),
);

export const fetchGroupRoles = pageOf((i) =>
  call(routes.listGroupRoles, { query: { $limit: i.limit, $skip: i.skip, group_id: i.filter.group_id } }),
);
export const addGroupRole = effect((i: { values: Record<string, unknown>; filter: ListFilter }) =>
  call(routes.addGroupRole, { body: { ...i.values, group_id: i.filter.group_id } }),
);
export const removeGroupRole = effect((i: { id: number }) => call(routes.removeGroupRole, { params: { id: i.id } }));

export const fetchUsers = pageOf((i) => call(routes.listUsers, { query: { $limit: i.limit, $skip: i.skip } }));
export const createUser = effect((i: { values: Record<string, unknown>; filter: ListFilter }) =>
  call(routes.createUser, { body: i.values }),
);
