import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFrameShown, afterNextPaint } from '../../src/screens/common/after-paint';

// Frames are driven by hand: `nextFrame()` runs the callbacks asked for before it, as a browser's next frame does.
let asked = new Map<number, FrameRequestCallback>();
let lastId = 0;
function nextFrame() {
  const due = asked;
  asked = new Map();
  due.forEach((callback) => callback(0));
}

beforeEach(() => {
  vi.useFakeTimers();
  asked = new Map();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    asked.set(++lastId, callback);
    return lastId;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => asked.delete(id));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('work put off until a frame has been painted', () => {
  it('afterNextPaint runs in a task after the next frame, not in it', () => {
    const run = vi.fn();
    afterNextPaint(run);
    nextFrame();
    expect(run).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(run).toHaveBeenCalledOnce();
  });

  it('afterFrameShown runs only once the frame after the painted one has begun', () => {
    const run = vi.fn();
    afterFrameShown(run);
    nextFrame();
    vi.runAllTimers();
    expect(run).not.toHaveBeenCalled();
    nextFrame();
    expect(run).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(run).toHaveBeenCalledOnce();
  });

  it('a cancel stops the work at every step', () => {
    // Cancelled before any frame, after the first frame, and after the second frame but before its task.
    const runs = [0, 1, 2].map((framesBeforeCancel) => {
      const run = vi.fn();
      const cancel = afterFrameShown(run);
      for (let i = 0; i < framesBeforeCancel; i++) nextFrame();
      cancel();
      for (let i = framesBeforeCancel; i < 2; i++) nextFrame();
      vi.runAllTimers();
      return run;
    });
    expect(runs.map((fn) => fn.mock.calls.length)).toEqual([0, 0, 0]);
  });
});
