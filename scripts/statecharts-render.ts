import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { toScxml } from '../src/lib/statecharts/scxml';
import { toMermaid } from '../src/lib/statecharts/mermaid';
import { allNodes, delays, edges, eventLabel, invocations } from '../src/lib/statecharts/describe';
import { ACTOR_CALLS } from '../src/app/processes/actor-calls';

const MACHINES_DIR = resolve('src/machines');

/** Every machine exported by a src/machines/*.machine.ts file, by id. */
export async function loadMachines(): Promise<AnyStateMachine[]> {
  const machines: AnyStateMachine[] = [];
  for (const file of readdirSync(MACHINES_DIR)
    .filter((f) => f.endsWith('.machine.ts'))
    .sort()) {
    const module = (await import(pathToFileURL(join(MACHINES_DIR, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (value && typeof value === 'object' && 'root' in value && 'definition' in value) machines.push(value as AnyStateMachine);
    }
  }
  return machines;
}

/** What an analyst reads: the diagram, then tables of states, transitions, events with their guards, actors, delays. */
export function toMarkdown(machine: AnyStateMachine): string {
  const nodes = allNodes(machine.root).filter((n) => n !== machine.root);
  const all = edges(machine.root);
  const path = (n: { path: string[] }) => `\`${n.path.join('.') || '(machine)'}\``;
  const events = [...new Set(all.map((e) => e.event))].filter((e) => !e.startsWith('xstate.')).sort();
  const guardsOf = (event: string) => [...new Set(all.filter((e) => e.event === event && e.guard).map((e) => e.guard!))].join(', ');
  const table = (head: string[], rows: string[][]) =>
    rows.length
      ? [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n')
      : '_none_';
  return [
    `# ${machine.id}`,
    '',
    'Generated from `src/machines` by `npm run statecharts`; do not edit by hand.',
    '',
    '```mermaid',
    toMermaid(machine),
    '```',
    '',
    `## States (${nodes.length})`,
    '',
    table(
      ['state', 'type', 'tags'],
      nodes.map((n) => [path(n), n.type, [...n.tags].join(', ')]),
    ),
    '',
    `## Transitions (${all.length})`,
    '',
    table(
      ['from', 'event', 'guard', 'to'],
      all.map((e) => [path(e.from), `\`${eventLabel(e.event)}\``, e.guard ?? '', e.to.map(path).join(', ') || '(stays)']),
    ),
    '',
    '## Events',
    '',
    table(
      ['event', 'guards'],
      events.map((e) => [`\`${e}\``, guardsOf(e)]),
    ),
    '',
    '## Actors',
    '',
    table(
      ['invoked in', 'actor', 'what it calls'],
      invocations(machine).map((i) => [`\`${i.state}\``, `\`${i.src}\``, ACTOR_CALLS[machine.id]?.[i.src] ?? '']),
    ),
    '',
    '## Delays',
    '',
    table(
      ['state', 'delay', 'duration'],
      delays(machine).map((d) => [`\`${d.state}\``, d.delay, d.ms === null ? 'computed from context' : `${d.ms} ms`]),
    ),
    '',
  ].join('\n');
}

export interface MachineCoverage {
  states: { total: number; reached: number };
  transitions: { total: number; reached: number };
  missing: string[];
}

/** The coverage the model-based tests reach, from the same model definitions they walk (tests/machines/*.model.ts). */
export async function loadCoverage(): Promise<Record<string, MachineCoverage>> {
  const { coverageOf } = await import('../tests/machines/coverage');
  const dir = resolve('tests/machines');
  const result: Record<string, MachineCoverage> = {};
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.model.ts'))
    .sort()) {
    const module = (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;
    for (const spec of Object.values(module)) {
      if (!spec || typeof spec !== 'object' || !('machine' in spec) || !('events' in spec)) continue;
      const c = coverageOf(spec as Parameters<typeof coverageOf>[0]);
      result[c.id] = {
        states: { total: c.states.total, reached: c.states.reached },
        transitions: { total: c.transitions.total, reached: c.transitions.reached },
        missing: [...c.states.missing.map((s) => `state ${s}`), ...c.transitions.missing.map((t) => `transition ${t}`)],
      };
    }
  }
  return result;
}

const percent = (reached: number, total: number) => `${total === 0 ? 100 : Math.floor((reached / total) * 1000) / 10}%`;

function indexMarkdown(machines: AnyStateMachine[], coverage: Record<string, MachineCoverage>): string {
  const rows = machines.map((m) => {
    const nodes = allNodes(m.root).length - 1;
    const transitions = edges(m.root).length;
    const c = coverage[m.id];
    const covered = c
      ? `${percent(c.states.reached, c.states.total)} of states, ${percent(c.transitions.reached, c.transitions.total)} of transitions`
      : 'no model-based test';
    return `| [${m.id}](${m.id}.md) | ${nodes} | ${transitions} | ${covered} | [SCXML](${m.id}.scxml), [JSON](${m.id}.json) |`;
  });
  return [
    '# Processes',
    '',
    'Every statechart in `src/machines`, generated by `npm run statecharts`; coverage is what the model-based tests in',
    '`tests/machines` reach (`npm run coverage:machines` runs them).',
    '',
    '| process | states | transitions | model-based test coverage | exports |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/** Where the portal's process explorer reads the coverage figures from. */
export const COVERAGE_JSON = 'src/app/processes/coverage.generated.json';

/**
 * The files `npm run statecharts` writes: docs/statecharts/<id>.md, .json and .scxml for every machine, the index,
 * and the coverage figures for the explorer (keyed by path from the project root).
 */
export async function renderStatecharts(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const machines = await loadMachines();
  const coverage = await loadCoverage();
  files.set('index.md', indexMarkdown(machines, coverage));
  files.set(`../../${COVERAGE_JSON}`, `${JSON.stringify(coverage, null, 2)}\n`);
  for (const machine of machines) {
    files.set(`${machine.id}.md`, toMarkdown(machine));
    files.set(`${machine.id}.json`, `${JSON.stringify(machine.toJSON(), null, 2)}\n`);
    files.set(`${machine.id}.scxml`, toScxml(machine));
  }
  return files;
}
