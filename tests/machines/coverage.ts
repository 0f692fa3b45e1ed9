import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';

/**
 * What a machine's model-based test walks: the machine, the events it is driven with (actors' outcomes as
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>` with payloads, timers as `xstate.after.*`) and its input.
 * Kept free of the test runner, so `npm run statecharts` can report the same coverage the tests reach.
 */
export interface ModelSpec<M extends AnyStateMachine = AnyStateMachine> {
  machine: M;
  events: readonly AnyEventObject[] | ((snapshot: AnyMachineSnapshot) => readonly AnyEventObject[]);
  input?: unknown;
}

interface TransitionRef {
  key: string;
  source: string;
  event: string;
}

export function stateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => stateNodes(child as AnyStateNode))];
}

function describeTransitions(machine: AnyStateMachine) {
  const refs = new Map<unknown, TransitionRef>();
  for (const node of stateNodes(machine.root)) {
    for (const [event, defs] of node.transitions) {
      defs.forEach((def, i) =>
        refs.set(def, { key: `${node.id} -- ${event}${defs.length > 1 ? ` [${i + 1}]` : ''}`, source: node.id, event }),
      );
    }
    (node.always ?? []).forEach((def, i) => refs.set(def, { key: `${node.id} -- (always) [${i + 1}]`, source: node.id, event: '' }));
  }
  return refs;
}

export function coverageOf<M extends AnyStateMachine>(model: ModelSpec<M>) {
  const { machine } = model;
  const adjacency = getAdjacencyMap(machine, { events: model.events as any, input: model.input as any });
  const transitions = describeTransitions(machine);
  const nodes = stateNodes(machine.root).filter((n) => n !== machine.root);
  const reachedTransitions = new Set<string>();
  const edges: Array<{ from: AnyMachineSnapshot; event: AnyEventObject; to: AnyMachineSnapshot; keys: string[] }> = [];
  const snapshots = Object.values(adjacency).map((v) => v.state as AnyMachineSnapshot);
  for (const { state, transitions: out } of Object.values(adjacency)) {
    for (const { event, state: to } of Object.values(out) as Array<{ event: AnyEventObject; state: AnyMachineSnapshot }>) {
      const defs = machine.getTransitionData(state as any, event as any);
      const keys = defs.map((def: unknown) => transitions.get(def)?.key).filter((k): k is string => !!k);
      keys.forEach((k) => reachedTransitions.add(k));
      if (keys.length)
        edges.push({ from: state as AnyMachineSnapshot, event: event as AnyEventObject, to: to as AnyMachineSnapshot, keys });
    }
  }
  const reachedStates = nodes.filter((n) => snapshots.some((s) => s.matches(n.path.join('.') as any)));
  const allTransitionKeys = [...new Set([...transitions.values()].map((t) => t.key))];
  return {
    id: machine.id,
    states: {
      total: nodes.length,
      reached: reachedStates.length,
      missing: nodes.filter((n) => !reachedStates.includes(n)).map((n) => n.id),
    },
    transitions: {
      total: allTransitionKeys.length,
      reached: reachedTransitions.size,
      missing: allTransitionKeys.filter((k) => !reachedTransitions.has(k)),
    },
    edges,
  };
}

export type Coverage = ReturnType<typeof coverageOf>;
