import { describe, expect, it, vi } from 'vitest';
import { PAN_LIMIT, ZOOM } from '../../src/machines/process-explorer.machine';
import { testModel } from './model';
import { startDriver, testOracle } from './oracle';
import { processExplorerOracle } from './process-explorer.oracle';
import { diagram, layoutFailure, processExplorerModel } from './process-explorer.model';

const exportProcess = vi.fn();

describe('process explorer machine (model-based)', () => {
  testModel({
    ...processExplorerModel,
    actions: { exportProcess },
    states: {
      layingOut: (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(s.context.diagram).toBeNull();
      },
      choosing: (s) => expect(s.context.processId).toBeNull(),
      failed: (s) => expect(s.context.failure).toEqual(layoutFailure),
      viewing: (s) => {
        expect(s.context.diagram).toEqual(diagram);
        expect(s.context.zoom).toBeGreaterThanOrEqual(ZOOM.min);
        expect(s.context.zoom).toBeLessThanOrEqual(ZOOM.max);
        expect(Math.abs(s.context.panX)).toBeLessThanOrEqual(PAN_LIMIT);
        expect(Math.abs(s.context.panY)).toBeLessThanOrEqual(PAN_LIMIT);
      },
    },
  });
});

describe('process explorer machine (oracle)', () => {
  testOracle(processExplorerOracle);

  it('lays out the process the screen opens with', async () => {
    const driver = await startDriver({ ...processExplorerOracle, model: { ...processExplorerModel, input: { processId: 'session' } } });
    expect(driver.invoked).toEqual([{ id: 'layoutProcess', input: { processId: 'session' } }]);
    expect(driver.snapshot().context.processId).toBe('session');
    driver.stop();
  });
});
