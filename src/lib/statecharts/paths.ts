import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { allNodes, edges, statePath } from './describe';
import { edgeLabel } from './diagram';

/** Where a transition into a state really lands: its initial descendant, all the way down. */
function settle(node: AnyStateNode): AnyStateNode {
  const initial = ((node.initial?.target ?? []) as AnyStateNode[])[0];
  return node.type === 'compound' && initial ? settle(initial) : node;
}

const ancestors = (node: AnyStateNode): AnyStateNode[] => (node.parent ? [node, ...ancestors(node.parent)] : [node]);

/**
 * The shortest path of events from the start to every state, read from the chart's structure (breadth first over
 * transitions, a state's transitions also those of its ancestors). Guards are shown, not evaluated: the model-based
 * tests walk the real paths with payloads.
 */
export function shortestPaths(machine: AnyStateMachine): Array<{ state: string; events: string[] | null }> {
  const all = edges(machine.root);
  const start = settle(machine.root);
  const seen = new Map<AnyStateNode, string[]>([[start, []]]);
  const queue = [start];
  while (queue.length) {
    const at = queue.shift()!;
    const from = new Set(ancestors(at));
    for (const edge of all.filter((e) => from.has(e.from))) {
      for (const target of edge.to) {
        const landing = settle(target);
        if (seen.has(landing)) continue;
        seen.set(landing, [...seen.get(at)!, edgeLabel(edge.event, edge.guard)]);
        queue.push(landing);
      }
    }
  }
  return allNodes(machine.root)
    .filter((n) => n !== machine.root)
    .map((node) => {
      // A compound state is reached as soon as one of its states is: take the quickest.
      const reached = allNodes(node)
        .filter((n) => seen.has(n))
        .map((n) => seen.get(n)!);
      const best = reached.sort((a, b) => a.length - b.length)[0];
      return { state: statePath(node), events: best ?? null };
    });
}
