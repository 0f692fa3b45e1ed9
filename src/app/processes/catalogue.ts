import type { CoverageFigures, ProcessCard } from '../../screens/processes/process-card';
import { REGISTRY } from '../registry';
import { MACHINES } from './machines';
import { callsOf } from './actor-calls';
import coverage from './coverage.generated.json';

export function coverageOf(machineId: string): CoverageFigures | undefined {
  return (coverage as Record<string, CoverageFigures>)[machineId];
}

/** Every process of the registry, for the explorer, with its machine, its actors' calls and how far its model-based tests reach. */
export const PROCESSES: readonly ProcessCard[] = REGISTRY.flatMap((entry) =>
  entry.kind === 'process'
    ? [
        {
          machine: MACHINES[entry.id],
          description: entry.about,
          screens: entry.shownOn,
          calls: callsOf(entry.id),
          coverage: coverageOf(entry.id),
        },
      ]
    : [],
);
