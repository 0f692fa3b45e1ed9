import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { loadMachines } from '../../scripts/statecharts-render';
import { ANY, layoutMachine } from '../../src/lib/statecharts/diagram';
import { allNodes, edges, statePath } from '../../src/lib/statecharts/describe';

const machines = await loadMachines();
const elk = new ELK();

describe.each(machines.map((machine) => ({ id: machine.id, machine })))('the explorer diagram of $id', ({ machine }) => {
  it('lays out every state inside its parent and draws every transition with its label', async () => {
    const diagram = await layoutMachine(machine, (graph) => elk.layout(graph as never) as never);
    const states = allNodes(machine.root).filter((n) => n !== machine.root) as AnyStateNode[];
    const drawn = diagram.nodes.filter((n) => n.label !== ANY);
    expect(drawn.map((n) => n.path).sort()).toEqual(states.map(statePath).sort());
    for (const node of drawn) {
      const parent = drawn.find((p) => node.path.startsWith(`${p.path}.`) && node.path.split('.').length === p.path.split('.').length + 1);
      if (!parent) continue;
      expect(node.x).toBeGreaterThanOrEqual(parent.x);
      expect(node.y).toBeGreaterThanOrEqual(parent.y);
      expect(node.x + node.width).toBeLessThanOrEqual(parent.x + parent.width + 0.5);
    }
    const transitions = edges(machine.root).reduce((sum, e) => sum + Math.max(1, e.to.length), 0);
    expect(diagram.edges).toHaveLength(transitions);
    for (const edge of diagram.edges) {
      expect(edge.points.length).toBeGreaterThanOrEqual(2);
      expect(edge.label.length).toBeGreaterThan(0);
    }
  });
});
