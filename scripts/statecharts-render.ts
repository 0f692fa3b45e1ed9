import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { toScxml } from './scxml';

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

const children = (node: AnyStateNode) => Object.values(node.states) as AnyStateNode[];
/** A state's id in Mermaid: its own name where that is unique in the machine, else its path. */
function mermaidId(node: AnyStateNode): string {
  let root = node;
  while (root.parent) root = root.parent;
  const sameName = allNodes(root).filter((n) => n.key === node.key).length;
  return sameName === 1 ? node.key : node.path.join('_') || 'root';
}

export function eventLabel(type: string): string {
  if (type.startsWith('xstate.done.actor.')) return `done: ${type.slice('xstate.done.actor.'.length)}`;
  if (type.startsWith('xstate.error.actor.')) return `error: ${type.slice('xstate.error.actor.'.length)}`;
  if (type.startsWith('xstate.after.')) return `after ${type.slice('xstate.after.'.length).split('.')[0]}`;
  return type;
}

function guardName(guard: unknown): string | undefined {
  if (!guard) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'inline guard';
}

interface Edge {
  from: AnyStateNode;
  to: AnyStateNode[];
  event: string;
  guard?: string;
}

function edges(node: AnyStateNode): Edge[] {
  const own: Edge[] = [];
  for (const [event, defs] of node.transitions) {
    for (const def of defs) own.push({ from: node, to: (def.target ?? []) as AnyStateNode[], event, guard: guardName(def.guard) });
  }
  return [...own, ...children(node).flatMap(edges)];
}

function mermaidBlock(node: AnyStateNode, indent: string): string[] {
  const lines: string[] = [];
  const kids = children(node);
  if (node.type === 'parallel') {
    kids.forEach((child, i) => {
      if (i > 0) lines.push(`${indent}--`);
      lines.push(...declare(child, indent));
    });
    return lines;
  }
  const initial = (node.initial?.target ?? [])[0] as AnyStateNode | undefined;
  if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
  for (const child of kids) lines.push(...declare(child, indent));
  return lines;
}

function declare(node: AnyStateNode, indent: string): string[] {
  const id = mermaidId(node);
  if (children(node).length === 0) {
    const lines = [id === node.key ? `${indent}state ${id}` : `${indent}state "${node.key}" as ${id}`];
    if (node.type === 'final') lines.push(`${indent}${id} --> [*]`);
    return lines;
  }
  // Mermaid names a composite state by its id only.
  return [`${indent}state ${id} {`, ...mermaidBlock(node, `${indent}  `), `${indent}}`];
}

export function toMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2', ...mermaidBlock(machine.root, '  ')];
  for (const edge of edges(machine.root)) {
    const label = eventLabel(edge.event) + (edge.guard ? ` [${edge.guard}]` : '');
    for (const target of edge.to) lines.push(`  ${mermaidId(edge.from)} --> ${mermaidId(target)}: ${label}`);
  }
  return lines.join('\n');
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...children(node).flatMap(allNodes)];
}

export function toMarkdown(machine: AnyStateMachine): string {
  const nodes = allNodes(machine.root).filter((n) => n !== machine.root);
  const all = edges(machine.root);
  const events = [...new Set(all.map((e) => e.event))].filter((e) => !e.startsWith('xstate.')).sort();
  const invokes = nodes.flatMap((n) => n.invoke.map((inv: { id: string; src: unknown }) => ({ state: n.path.join('.'), id: inv.id, src: typeof inv.src === 'string' ? inv.src : inv.id })));
  const delays = all.filter((e) => e.event.startsWith('xstate.after.')).map((e) => ({ state: e.from.path.join('.'), delay: e.event.slice('xstate.after.'.length).split('.')[0] }));
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
    table(['state', 'type', 'tags'], nodes.map((n) => [`\`${n.path.join('.')}\``, n.type, [...n.tags].join(', ')])),
    '',
    `## Transitions (${all.length})`,
    '',
    table(['from', 'event', 'guard', 'to'], all.map((e) => [`\`${e.from.path.join('.') || '(machine)'}\``, `\`${eventLabel(e.event)}\``, e.guard ?? '', e.to.map((t) => `\`${t.path.join('.')}\``).join(', ') || '(stays)'])),
    '',
    '## Events',
    '',
    events.length ? events.map((e) => `- \`${e}\``).join('\n') : '_none_',
    '',
    '## Actors',
    '',
    table(['invoked in', 'id', 'actor'], invokes.map((i) => [`\`${i.state}\``, i.id, `\`${i.src}\``])),
    '',
    '## Delays',
    '',
    table(['state', 'delay'], delays.map((d) => [`\`${d.state}\``, d.delay!])),
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
