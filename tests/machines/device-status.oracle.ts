import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Oracle, OracleScenario } from './oracle';
import { activeDevice, alreadyStolen, deviceStatusModel, notFound, offline, stolenDevice } from './device-status.model';

/**
 * Issue 4 and decision 008: report a phone stolen (REPORT_STOLEN_PHONE) or record it recovered
 * (ADD_RECOVERED_PHONE) with one machine, its input naming the action. Find the device (by IMEI or the customer's
 * phone; a 404 says no such device, other failures are retried with the same search), say when it happened,
 * confirm, and see the device's new status. The change is offered only for a device not already in the state
 * asked: stolen for a device that is not stolen or lost (a damaged one may be stolen), recovered only for a stolen or
 * lost one. The server decides; a refusal keeps the device with the reason. Nothing is sent twice.
 */
const lostDevice = { ...stolenDevice, status: 'lost' as const };
const damagedDevice = { ...activeDevice, status: 'damaged' as const };
const recoveredDevice = {
  ...activeDevice,
  last_incident: { ...stolenDevice.last_incident, kind: 'recovered' as const, occurred_on: '2026-11-02' },
};

const searched = { type: 'device.searched', search: '0754000123' };
const searchedImei = { type: 'device.searched', search: '356938035643809' };
const retry = { type: 'search.retry' };
const when = { occurred_on: '2026-11-01', notes: 'Snatched' };
const requested = { type: 'change.requested', values: when };
const confirmed = { type: 'change.confirmed' };
const cancelled = { type: 'change.cancelled' };
const foundAs = (device: unknown) => ({ type: 'xstate.done.actor.findDevice', output: device });
const missing = { type: 'xstate.error.actor.findDevice', error: notFound };
const unreachable = { type: 'xstate.error.actor.findDevice', error: offline };
const forbidden = {
  type: 'xstate.error.actor.findDevice',
  error: { status: 403, message: 'REPORT_STOLEN_PHONE required', reason: 'forbidden' },
};
const methodRefused = { type: 'xstate.error.actor.findDevice', error: { status: 405, message: 'Method not allowed' } };
const findThrown = { type: 'xstate.error.actor.findDevice', error: new TypeError('Failed to fetch') };
const changed = (device: unknown) => ({ type: 'xstate.done.actor.changeStatus', output: device });
const changeRefused = { type: 'xstate.error.actor.changeStatus', error: alreadyStolen };
const changeThrown = { type: 'xstate.error.actor.changeStatus', error: new TypeError('Failed to fetch') };

const offered = (yes: boolean) => (s: AnyMachineSnapshot) => {
  expect(s.can({ type: 'change.requested', values: { occurred_on: '2026-11-01' } }), 'the change is offered').toBe(yes);
  expect(s.machine.id, 'the id the statechart exports are named by').toBe('deviceStatus');
};

const EMPTY = { search: null, device: null, change: null, failure: null };

/** The scenarios both actions share: searching, its outcomes, a new search from each state. */
function searching(action: 'stolen' | 'recovered', changeable: unknown): OracleScenario[] {
  const toFound = [
    {
      event: searched,
      state: 'searching',
      tags: { busy: true },
      context: { action, search: '0754000123', device: null, failure: null },
      invoked: { findDevice: { search: '0754000123' } },
    },
    {
      event: foundAs(changeable),
      state: 'found',
      tags: { busy: false },
      context: { action, search: '0754000123', device: changeable, failure: null },
      check: offered(true),
    },
  ];
  const againFrom = (name: string, steps: OracleScenario['steps']): OracleScenario[] =>
    [searchedImei, searched].map((event) => ({
      name: `a new search (${event.search}) from ${name}`,
      steps: [
        ...steps,
        {
          event,
          state: 'searching',
          tags: { busy: true },
          context: { search: event.search, device: null, failure: null },
          invoked: { findDevice: { search: event.search } },
        },
      ],
    }));
  return [
    { name: 'found', steps: toFound },
    {
      name: 'no such device (404)',
      steps: [
        toFound[0]!,
        { event: missing, state: 'notFound', tags: { busy: false }, context: { device: null, failure: notFound }, check: offered(false) },
      ],
    },
    {
      name: 'unreachable, retried with the same search, found',
      steps: [
        toFound[0]!,
        { event: unreachable, state: 'failed', tags: { busy: false }, context: { device: null, failure: offline, search: '0754000123' } },
        {
          event: retry,
          state: 'searching',
          tags: { busy: true },
          context: { failure: null, search: '0754000123' },
          invoked: { findDevice: { search: '0754000123' } },
        },
        toFound[1]!,
      ],
    },
    {
      name: 'only a 404 is "no such device": 403 and 405 are failures',
      steps: [
        toFound[0]!,
        { event: forbidden, state: 'failed', context: { failure: forbidden.error } },
        { event: retry, state: 'searching' },
        { event: methodRefused, state: 'failed', context: { failure: methodRefused.error } },
        { event: retry, state: 'searching' },
        { event: findThrown, state: 'failed', context: { failure: { status: null, message: 'Failed to fetch' } } },
      ],
    },
    ...againFrom('not found', [toFound[0]!, { event: missing, state: 'notFound' }]),
    ...againFrom('a failure', [toFound[0]!, { event: unreachable, state: 'failed' }]),
    ...againFrom('a device found', toFound),
  ];
}

function changing(action: 'stolen' | 'recovered', changeable: unknown, after: unknown): OracleScenario[] {
  const toFound = [
    { event: searched, state: 'searching' },
    { event: foundAs(changeable), state: 'found', check: offered(true) },
  ];
  const toConfirming = [
    ...toFound,
    {
      event: requested,
      state: 'confirming',
      tags: { busy: false },
      context: { action, device: changeable, change: when, failure: null },
      invoked: {},
    },
  ];
  const toSubmitting = [
    ...toConfirming,
    {
      event: confirmed,
      state: 'submitting',
      tags: { busy: true },
      context: { change: when },
      invoked: { changeStatus: { action, imei: '356938035643809', values: when } },
    },
  ];
  return [
    {
      name: `${action}: confirmed, the device's new status shown`,
      steps: [
        ...toSubmitting,
        { event: changed(after), state: 'done', tags: { busy: false }, context: { action, device: after, change: when, failure: null } },
      ],
    },
    {
      name: `${action}: cancelled at the question, nothing sent`,
      steps: [
        ...toConfirming,
        { event: cancelled, state: 'found', context: { device: changeable, failure: null }, invoked: {}, check: offered(true) },
      ],
    },
    {
      name: `${action}: refused by the server, the device kept with the reason, asked again without it`,
      steps: [
        ...toSubmitting,
        { event: changeRefused, state: 'found', tags: { busy: false }, context: { device: changeable, failure: alreadyStolen } },
        { event: requested, state: 'confirming', context: { failure: null, change: when } },
      ],
    },
    {
      name: `${action}: unreachable while changing`,
      steps: [
        ...toSubmitting,
        { event: changeThrown, state: 'found', context: { device: changeable, failure: { status: null, message: 'Failed to fetch' } } },
      ],
    },
    ...[searchedImei, searched].map((event) => ({
      name: `${action}: a new search (${event.search}) after the change`,
      steps: [
        ...toSubmitting,
        { event: changed(after), state: 'done' },
        {
          event,
          state: 'searching',
          context: { search: event.search, device: null, failure: null },
          invoked: { findDevice: { search: event.search } },
        },
      ],
    })),
    {
      name: `${action}: a new search after a refused change clears the reason`,
      steps: [
        ...toSubmitting,
        { event: changeRefused, state: 'found' },
        { event: searched, state: 'searching', context: { device: null, failure: null } },
      ],
    },
  ];
}

/** A device the action does not apply to: found, the change not offered, and asking for it changes nothing. */
const notOffered = (device: { status: string }): OracleScenario => ({
  name: `a ${device.status} device: the change is not offered`,
  steps: [
    { event: searched, state: 'searching' },
    { event: foundAs(device), state: 'found', context: { device, change: null }, check: offered(false) },
    { event: requested, state: 'found', context: { device, change: null, failure: null }, invoked: {} },
  ],
});
const offeredFor = (device: { status: string }): OracleScenario => ({
  name: `a ${device.status} device: the change is offered`,
  steps: [
    { event: searched, state: 'searching' },
    { event: foundAs(device), state: 'found', check: offered(true) },
    { event: requested, state: 'confirming', context: { device, change: when } },
  ],
});

const refuses = {
  idle: [retry, requested, confirmed, cancelled],
  searching: [retry, requested, confirmed, cancelled],
  notFound: [retry, requested, confirmed],
  failed: [requested, confirmed, cancelled],
  found: [retry, confirmed, cancelled],
  confirming: [requested, retry],
  submitting: [searched, retry, requested, confirmed, cancelled],
  done: [requested, retry, confirmed, cancelled],
} satisfies Record<string, AnyEventObject[]>;

export const reportStolenOracle: Oracle<typeof deviceStatusModel.machine> = {
  model: deviceStatusModel,
  initial: { state: 'idle', tags: { busy: false }, context: { action: 'stolen', ...EMPTY }, check: offered(false) },
  scenarios: [
    ...searching('stolen', activeDevice),
    ...changing('stolen', activeDevice, stolenDevice),
    offeredFor(damagedDevice),
    notOffered(stolenDevice),
    notOffered(lostDevice),
  ],
  refuses,
};

export const recordRecoveredOracle: Oracle<typeof deviceStatusModel.machine> = {
  // Recording a recovery answers with the recovered device (the shared model's answer is the stolen one).
  model: {
    ...deviceStatusModel,
    input: { action: 'recovered' },
    events: (deviceStatusModel.events as readonly AnyEventObject[]).map((e) =>
      e.type === 'xstate.done.actor.changeStatus' ? changed(recoveredDevice) : e,
    ),
  },
  initial: { state: 'idle', tags: { busy: false }, context: { action: 'recovered', ...EMPTY }, check: offered(false) },
  scenarios: [
    ...searching('recovered', stolenDevice),
    ...changing('recovered', stolenDevice, recoveredDevice),
    offeredFor(lostDevice),
    notOffered(activeDevice),
    notOffered(damagedDevice),
  ],
  refuses,
};
