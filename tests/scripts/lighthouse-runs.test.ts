import { describe, expect, it } from 'vitest';
import { measuredRuns, median, Unmeasured } from '../../scripts/lighthouse/runs';

/** bench:lighthouse's median of 3 (issue 16): a run Lighthouse could not measure is made again, never left out. */

describe('measuredRuns', () => {
  it('makes an unmeasured run again, so the median is of the runs asked for', async () => {
    const outcomes = [95, 'NO_NAVSTART', 97, 96];
    const made: number[] = [];
    const { results, errors } = await measuredRuns(3, async (attempt) => {
      made.push(attempt);
      const outcome = outcomes[attempt];
      if (typeof outcome === 'string') throw new Unmeasured(outcome);
      return outcome!;
    });
    expect(results).toEqual([95, 97, 96]);
    expect(errors).toEqual(['NO_NAVSTART']);
    expect(made).toEqual([0, 1, 2, 3]);
  });

  it('stops after twice the runs asked for, with the runs it could measure', async () => {
    let attempts = 0;
    const { results, errors } = await measuredRuns(3, async (attempt) => {
      attempts++;
      if (attempt !== 2) throw new Unmeasured(`run ${attempt}`);
      return 90;
    });
    expect(attempts).toBe(6);
    expect(results).toEqual([90]);
    expect(errors).toHaveLength(5);
  });

  it('ends at any other error', async () => {
    await expect(
      measuredRuns(3, async () => {
        throw new Error('Chromium did not start');
      }),
    ).rejects.toThrow('Chromium did not start');
  });
});

describe('median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([96, 72, 99], 'higher')).toBe(96);
    expect(median([129, 12, 100], 'lower')).toBe(100);
  });

  it('of an even count is the worse of the two in the middle: the lower score, the longer time', () => {
    expect(median([99, 98], 'higher')).toBe(98);
    expect(median([22, 180], 'lower')).toBe(180);
    expect(median([90, 99, 95, 97], 'higher')).toBe(95);
  });

  it('refuses no values at all', () => {
    expect(() => median([], 'higher')).toThrow(RangeError);
  });
});
