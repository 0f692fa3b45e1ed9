import { describe, expect } from 'vitest';
import { createActor } from 'xstate';
import { it } from 'vitest';
import { deviceStatusMachine } from '../../src/machines/device-status.machine';
import { testModel } from './model';
import { testOracle } from './oracle';
import { recordRecoveredOracle, reportStolenOracle } from './device-status.oracle';
import { activeDevice, alreadyStolen, deviceStatusModel, stolenDevice } from './device-status.model';

describe('device status machine (model-based)', () => {
  testModel({
    ...deviceStatusModel,
    states: {
      searching: (s) => expect(s.hasTag('busy')).toBe(true),
      submitting: (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(s.context.change).toEqual({ occurred_on: '2026-11-01', notes: 'Snatched' });
      },
      found: (s) => {
        // Reporting is offered only for a device not already stolen or lost.
        expect(s.can({ type: 'change.requested', values: { occurred_on: '2026-11-01' } })).toBe(s.context.device?.status === 'active');
        if (s.context.failure) expect(s.context.failure).toEqual(alreadyStolen);
      },
      notFound: (s) => expect(s.context.failure?.status).toBe(404),
      failed: (s) => expect(s.context.failure?.status).toBeNull(),
      done: (s) => expect(s.context.device).toEqual(stolenDevice),
    },
  });
});

describe('device status machine, recovered', () => {
  it('offers recovery only for a stolen or lost device', () => {
    const actor = createActor(deviceStatusMachine, { input: { action: 'recovered' } }).start();
    const found = (device: unknown) =>
      deviceStatusMachine.resolveState({ value: 'found', context: { ...actor.getSnapshot().context, device: device as never } });
    expect(found(stolenDevice).can({ type: 'change.requested', values: { occurred_on: '2026-11-02' } })).toBe(true);
    expect(found(activeDevice).can({ type: 'change.requested', values: { occurred_on: '2026-11-02' } })).toBe(false);
    actor.stop();
  });
});

describe('device status machine, report stolen (oracle)', () => {
  testOracle(reportStolenOracle);
});

describe('device status machine, record recovered (oracle)', () => {
  testOracle(recordRecoveredOracle);
});
