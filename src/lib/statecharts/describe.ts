import type { AnyStateMachine, AnyStateNode } from 'xstate';

/** Reading a machine's structure: its state nodes, their transitions and how to name them for people. */
export const children = (node: AnyStateNode) => Object.values(node.states) as AnyStateNode[];

export function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...children(node).flatMap(allNodes)];
}

export const statePath = (node: AnyStateNode) => node.path.join('.');

export function eventLabel(type: string): string {
  if (type.startsWith('xstate.done.actor.')) return `done: ${type.slice('xstate.done.actor.'.length)}`;
  if (type.startsWith('xstate.error.actor.')) return `error: ${type.slice('xstate.error.actor.'.length)}`;
  if (type.startsWith('xstate.after.')) return `after ${type.slice('xstate.after.'.length).split('.')[0]}`;
  return type;
}

export function guardName(guard: unknown): string | undefined {
  if (!guard) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'inline guard';
}

export interface Edge {
  from: AnyStateNode;
  to: AnyStateNode[];
  event: string;
  guard?: string;
}

/** Every transition of a node and its descendants, in document order. */
export function edges(node: AnyStateNode): Edge[] {
  const own: Edge[] = [];
  for (const [event, defs] of node.transitions) {
    for (const def of defs) own.push({ from: node, to: (def.target ?? []) as AnyStateNode[], event, guard: guardName(def.guard) });
  }
  return [...own, ...children(node).flatMap(edges)];
}

export interface Invocation {
  state: string;
  id: string;
  src: string;
}

export function invocations(machine: AnyStateMachine): Invocation[] {
  return allNodes(machine.root).flatMap((n) =>
    (n.invoke as Array<{ id: string; src: unknown }>).map((inv) => ({
      state: statePath(n),
      id: inv.id,
      src: typeof inv.src === 'string' ? inv.src : inv.id,
    })),
  );
}

export interface Delay {
  state: string;
  delay: string;
  /** Milliseconds when the delay is a fixed number, null when it is computed from context. */
  ms: number | null;
}

export function delays(machine: AnyStateMachine): Delay[] {
  return edges(machine.root)
    .filter((e) => e.event.startsWith('xstate.after.'))
    .map((e) => {
      const key = e.event.slice('xstate.after.'.length).split('.')[0]!;
      const value = /^\d+$/.test(key) ? Number(key) : (machine.implementations.delays as Record<string, unknown>)[key];
      return { state: statePath(e.from), delay: key, ms: typeof value === 'number' ? value : null };
    });
}
