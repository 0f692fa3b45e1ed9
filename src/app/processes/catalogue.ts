import type { CoverageFigures, ProcessCard } from '../../screens/processes/process-card';
import { REGISTRY } from '../registry';
import coverage from './coverage.generated.json';

export function coverageOf(machineId: string): CoverageFigures | undefined {
  return (coverage as Record<string, CoverageFigures>)[machineId];
}

/** Every process of the registry, for the explorer, with how far its model-based tests reach. */
export const PROCESSES: readonly ProcessCard[] = REGISTRY.flatMap((entry) =>
  entry.kind === 'process'
    ? [
        {
          machine: entry.machine,
          description: entry.about,
          screens: entry.shownOn,
          calls: entry.calls,
          coverage: coverageOf(entry.machine.id),
        },
      ]
    : [],
);
