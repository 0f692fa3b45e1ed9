import { REGISTRY } from '../registry';

/**
 * What each machine's actors do outside the machine, by machine id then actor, from the registry. A test checks
 * every invoked actor of every machine is described; `npm run statecharts` writes them into docs/statecharts.
 */
export const ACTOR_CALLS: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.fromEntries(
  REGISTRY.flatMap((entry) => (entry.kind === 'process' ? [[entry.machine.id, entry.calls]] : [])),
);
