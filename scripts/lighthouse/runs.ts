/**
 * How `bench:lighthouse` gathers a page's runs and takes their median (issue 16: the median of 3, cold cache).
 *
 * Lighthouse now and then cannot measure a run on this machine (NO_NAVSTART: "Something went wrong with recording the
 * trace over your page load", seventeenth session). Such a run is made again, up to as many extra attempts as runs
 * asked for, so the median is of the runs asked for: before, the login page was given the median of the two runs left,
 * and the median of two took the higher score.
 */

/** A run Lighthouse could not measure (its runtimeError, or a page that ended elsewhere than asked). */
export class Unmeasured extends Error {}

/**
 * Measures until `runs` runs are measured or `2 * runs` attempts were made. A run that throws `Unmeasured` is told in
 * `errors` and made again; any other error ends the benchmark.
 */
export async function measuredRuns<R>(runs: number, measure: (attempt: number) => Promise<R>): Promise<{ results: R[]; errors: string[] }> {
  const results: R[] = [];
  const errors: string[] = [];
  for (let attempt = 0; results.length < runs && attempt < 2 * runs; attempt++) {
    try {
      results.push(await measure(attempt));
    } catch (error) {
      if (!(error instanceof Unmeasured)) throw error;
      errors.push(error.message);
    }
  }
  return { results, errors };
}

/**
 * The median of the values; of an even count (runs still missing after their retries, or `--runs 2`), the worse of
 * the two in the middle: the lower score, the longer TBT or LCP. The target is met by what the runs show, never by
 * the better half of them.
 */
export function median(values: readonly number[], better: 'higher' | 'lower'): number {
  if (values.length === 0) throw new RangeError('no values to take the median of');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  if (sorted.length % 2 === 1) return sorted[Math.floor(middle)]!;
  const [low, high] = [sorted[middle - 1]!, sorted[middle]!];
  return better === 'higher' ? low : high;
}
