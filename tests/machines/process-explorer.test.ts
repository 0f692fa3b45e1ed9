import { describe, expect, vi } from 'vitest';
import { PAN_LIMIT, ZOOM } from '../../src/machines/process-explorer.machine';
import { testModel } from './model';
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
