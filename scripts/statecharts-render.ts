import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { toScxml } from '../src/lib/statecharts/scxml';
import { toMermaid } from '../src/lib/statecharts/mermaid';
import { allNodes, delays, edges, eventLabel, invocations } from '../src/lib/statecharts/describe';

const MACHINES_DIR = resolve('src/machines');

/** Every machine exported by a src/machines/*.machine.ts file, by id. */
export async function loadMachines(): Promise<AnyStateMachine[]> {
  const machines: AnyStateMachine[] = [];
  for (const file of readdirSync(MACHINES_DIR).filter((f) => f.endsWith('.machine.ts')).sort()) {
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
    rows.length ? [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n') : '_none_';
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
    table(['state', 'type', 'tags'], nodes.map((n) => [path(n), n.type, [...n.tags].join(', ')])),
    '',
    `## Transitions (${all.length})`,
    '',
    table(['from', 'event', 'guard', 'to'], all.map((e) => [path(e.from), `\`${eventLabel(e.event)}\``, e.guard ?? '', e.to.map(path).join(', ') || '(stays)'])),
    '',
    '## Events',
    '',
    table(['event', 'guards'], events.map((e) => [`\`${e}\``, guardsOf(e)])),
    '',
    '## Actors',
    '',
    table(['invoked in', 'id', 'actor'], invocations(machine).map((i) => [`\`${i.state}\``, i.id, `\`${i.src}\``])),
    '',
    '## Delays',
    '',
    table(['state', 'delay', 'duration'], delays(machine).map((d) => [`\`${d.state}\``, d.delay, d.ms === null ? 'computed from context' : `${d.ms} ms`])),
    '',
  ].join('\n');
}

/** The files `npm run statecharts` writes: docs/statecharts/<id>.md, .json and .scxml for every machine. */
export async function renderStatecharts(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const machine of await loadMachines()) {
    files.set(`${machine.id}.md`, toMarkdown(machine));
    files.set(`${machine.id}.json`, `${JSON.stringify(machine.toJSON(), null, 2)}\n`);
    files.set(`${machine.id}.scxml`, toScxml(machine));
  }
  return files;
}
