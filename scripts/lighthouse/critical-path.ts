/**
 * The chain of nodes that set a Lantern estimate (Lighthouse's simulation of a slow phone on a slow network): from the
 * node that ended last, each step back goes to the dependency that ended last among those the estimate simulated. Used
 * by `scripts/lighthouse/lantern-path.ts` on a run `bench:lighthouse --keep` wrote.
 */
export interface PathNode {
  getDependencies(): readonly PathNode[];
}

export interface Timing {
  startTime: number;
  endTime: number;
}

/** The critical path of `timings` (node -> simulated times), first node first; empty when nothing was simulated. */
export function criticalPath<N extends PathNode>(timings: ReadonlyMap<N, Timing>): N[] {
  let last: N | undefined;
  for (const [node, timing] of timings) if (!last || timing.endTime > timings.get(last)!.endTime) last = node;
  const path: N[] = [];
  for (let node = last; node;) {
    path.push(node);
    let next: N | undefined;
    for (const dependency of node.getDependencies() as N[]) {
      const timing = timings.get(dependency);
      if (timing && (!next || timing.endTime > timings.get(next)!.endTime)) next = dependency;
    }
    node = next;
  }
  return path.reverse();
}
