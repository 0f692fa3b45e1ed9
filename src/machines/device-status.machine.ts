import { assign, fromPromise, setup } from 'xstate';
import type { DeviceStatus } from '../contract/customer-actions';
import { toCallFailure, type CallFailure } from '../lib/call-failure';

export type DeviceStatusAction = 'stolen' | 'recovered';
export interface DeviceStatusChangeValues {
  occurred_on: string;
  notes?: string;
}

/**
 * Reporting a phone stolen, or recording it recovered: find the device (by IMEI or the customer's phone), fill in
 * when it happened, confirm (the report locks the phone at once), and see the device's new status. The server
 * decides whether the change applies; `canChange` only keeps the button off for a device already in the state asked.
 */
export const deviceStatusMachine = setup({
  types: {
    context: {} as {
      action: DeviceStatusAction;
      search: string | null;
      device: DeviceStatus | null;
      change: DeviceStatusChangeValues | null;
      failure: CallFailure | null;
    },
    events: {} as
      | { type: 'device.searched'; search: string }
      | { type: 'search.retry' }
      | { type: 'change.requested'; values: DeviceStatusChangeValues }
      | { type: 'change.confirmed' }
      | { type: 'change.cancelled' },
    input: {} as { action: DeviceStatusAction },
  },
  actors: {
    findDevice: fromPromise<DeviceStatus, { search: string }>(async () => {
      throw new Error('findDevice is provided by src/services');
    }),
    changeStatus: fromPromise<DeviceStatus, { action: DeviceStatusAction; imei: string; values: DeviceStatusChangeValues }>(async () => {
      throw new Error('changeStatus is provided by src/services');
    }),
  },
  guards: {
    notFound: (_, params: { error: unknown }) => toCallFailure(params.error).status === 404,
    canChange: ({ context }) => {
      const gone = context.device?.status === 'stolen' || context.device?.status === 'lost';
      return context.action === 'stolen' ? !gone : gone;
    },
  },
  actions: {
    rememberSearch: assign({ search: (_, params: { search: string }) => params.search, device: null, failure: null }),
  },
}).createMachine({
  id: 'deviceStatus',
  context: ({ input }) => ({ action: input.action, search: null, device: null, change: null, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'device.searched': { target: 'searching', actions: { type: 'rememberSearch', params: ({ event }) => ({ search: event.search }) } },
      },
    },
    searching: {
      tags: ['busy'],
      invoke: {
        id: 'findDevice',
        src: 'findDevice',
        input: ({ context }) => ({ search: context.search! }),
        onDone: { target: 'found', actions: assign({ device: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
            actions: assign({ failure: ({ event }) => toCallFailure(event.error) }),
          },
          { target: 'failed', actions: assign({ failure: ({ event }) => toCallFailure(event.error) }) },
        ],
      },
    },
    notFound: {
      on: {
        'device.searched': { target: 'searching', actions: { type: 'rememberSearch', params: ({ event }) => ({ search: event.search }) } },
      },
    },
    failed: {
      on: {
        'search.retry': { target: 'searching', actions: assign({ failure: null }) },
        'device.searched': { target: 'searching', actions: { type: 'rememberSearch', params: ({ event }) => ({ search: event.search }) } },
      },
    },
    found: {
      on: {
        'change.requested': {
          guard: 'canChange',
          target: 'confirming',
          actions: assign({ change: ({ event }) => event.values, failure: null }),
        },
        'device.searched': { target: 'searching', actions: { type: 'rememberSearch', params: ({ event }) => ({ search: event.search }) } },
      },
    },
    confirming: {
      on: {
        'change.confirmed': 'submitting',
        'change.cancelled': 'found',
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'changeStatus',
        src: 'changeStatus',
        input: ({ context }) => ({ action: context.action, imei: context.device!.imei, values: context.change! }),
        onDone: { target: 'done', actions: assign({ device: ({ event }) => event.output }) },
        onError: { target: 'found', actions: assign({ failure: ({ event }) => toCallFailure(event.error) }) },
      },
    },
    done: {
      on: {
        'device.searched': { target: 'searching', actions: { type: 'rememberSearch', params: ({ event }) => ({ search: event.search }) } },
      },
    },
  },
});
