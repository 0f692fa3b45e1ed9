import { fromPromise } from 'xstate';
import { routes } from '../contract/routes';
import type { ListFilter, Page } from '../machines/resource-list.machine';
import { call } from './http';

/** The fetchPage actors of the device lists (damaged, lost, suspended IMEIs), for the resource-list machine. */

const listCalls = {
  damaged: routes.damagedDevices,
  lost: routes.lostDevices,
  suspended: routes.suspendedImeis,
} as const;
export type DeviceListKind = keyof typeof listCalls;

export function fetchDeviceList(kind: DeviceListKind) {
  return fromPromise<Page<any>, { limit: number; skip: number; filter: ListFilter }>(({ input }) =>
    call(listCalls[kind], {
      body: { limit: input.limit, skip: input.skip, ...(input.filter.search ? { search: String(input.filter.search) } : {}) },
    }),
  );
}
