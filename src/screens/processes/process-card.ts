import type { AnyStateMachine } from 'xstate';

/** How far the model-based tests reach in a machine (src/app/processes/coverage.generated.json). */
export interface CoverageFigures {
  states: { reached: number; total: number };
  transitions: { reached: number; total: number };
}

/** One process as the explorer shows it: made by the app from its registry entry. */
export interface ProcessCard {
  machine: AnyStateMachine;
  /** i18n key of a one-line description. */
  description: string;
  /** Which screen shows a state: the first rule whose prefix the state's path starts with. */
  screens: ReadonlyArray<{ prefix: string; screen: string }>;
  /** What each of its actors calls outside the machine, by actor name. */
  calls: Readonly<Record<string, string>>;
  coverage: CoverageFigures | undefined;
}

export function screenOf(entry: ProcessCard, state: string): string | undefined {
  return entry.screens.find((rule) => state === rule.prefix || state.startsWith(`${rule.prefix}.`) || rule.prefix === '')?.screen;
}
