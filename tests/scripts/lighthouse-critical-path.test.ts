import { describe, expect, it } from 'vitest';
import { criticalPath, type PathNode, type Timing } from '../../scripts/lighthouse/critical-path';

class Node implements PathNode {
  constructor(
    readonly name: string,
    private readonly dependencies: Node[] = [],
  ) {}
  getDependencies() {
    return this.dependencies;
  }
}

const at = (startTime: number, endTime: number): Timing => ({ startTime, endTime });

describe('the critical path of a Lantern estimate', () => {
  it('walks back from the node that ended last through the dependency that ended last', () => {
    const document = new Node('document');
    const parse = new Node('parse', [document]);
    const react = new Node('react', [parse]);
    const small = new Node('small', [parse]);
    const render = new Node('render', [react, small]);
    const timings = new Map([
      [document, at(0, 600)],
      [parse, at(600, 800)],
      [small, at(800, 1_000)],
      [react, at(800, 2_400)],
      [render, at(2_400, 2_500)],
    ]);
    expect(criticalPath(timings).map((n) => n.name)).toEqual(['document', 'parse', 'react', 'render']);
  });

  it('leaves out dependencies the estimate did not simulate', () => {
    const document = new Node('document');
    const outside = new Node('outside', [document]);
    const figures = new Node('figures', [outside, document]);
    const timings = new Map([
      [document, at(0, 600)],
      [figures, at(600, 900)],
    ]);
    expect(criticalPath(timings).map((n) => n.name)).toEqual(['document', 'figures']);
  });

  it('is empty when nothing was simulated', () => {
    expect(criticalPath(new Map())).toEqual([]);
  });
});
