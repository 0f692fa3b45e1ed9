import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { getShortestPaths, type StatePath } from 'xstate/graph';
import { coverageOf, type ModelSpec } from './coverage';

/**
 * Model-based testing of one machine.
 *
 * Paths come from xstate/graph, walking the machine itself with `events` (invoked actors' outcomes are given as
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events with their payloads, timers as `xstate.after.*`).
 * Each path is then replayed on a real actor whose invoked actors are controllable fakes and whose timers run
 * on a simulated clock: the real actor must end every step in the same state and context as the model, and
 * each state's assertion must hold. A last test prints state and transition coverage and requires 100%.
 */
export interface MachineModel<M extends AnyStateMachine> extends ModelSpec<M> {
  /** Assertions per state (a dotted state path such as 'authenticated.otp.entering'), run where it is active. */
  states?: Record<string, (snapshot: AnyMachineSnapshot) => void>;
  /**
   * When each named delay should fire, as the test expects it (not read from the machine, so a wrong delay
   * fails): the replay checks the timer has not fired 1 ms before and has fired at that time.
   */
  delays?: Record<string, (snapshot: AnyMachineSnapshot) => number>;
  /** Fakes for actions the app provides (navigation, storage, notices), to assert on in `states`. */
  actions?: Record<string, (...args: any[]) => void>;
}

const label = (event: AnyEventObject) => {
  const payload = Object.entries(event)
    .filter(([k]) => k !== 'type')
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`.slice(0, 60));
  return payload.length ? `${event.type}(${payload.join(', ')})` : event.type;
};

/** The paths to replay: the shortest path to every state, then one path through every transition not yet walked. */
function pathsToReplay<M extends AnyStateMachine>(model: MachineModel<M>, edges: ReturnType<typeof coverageOf>['edges']) {
  const shortest = getShortestPaths(model.machine, { events: model.events as any, input: model.input as any }) as StatePath<
    AnyMachineSnapshot,
    AnyEventObject
  >[];
  const key = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context]);
  const toSnapshot = new Map(shortest.map((p) => [key(p.state), p]));
  const chosen: Array<{ name: string; steps: Array<{ event: AnyEventObject; state: AnyMachineSnapshot }> }> = [];
  const seenValues = new Set<string>();
  for (const path of shortest) {
    const value = JSON.stringify(path.state.value);
    if (seenValues.has(value)) continue;
    seenValues.add(value);
    chosen.push({ name: '', steps: path.steps });
  }
  const walked = new Set<unknown>();
  const walk = (steps: Array<{ event: AnyEventObject; state: AnyMachineSnapshot }>) => {
    for (let i = 1; i < steps.length; i++) {
      const from = steps[i - 1]!.state;
      for (const def of model.machine.getTransitionData(from as any, steps[i]!.event as any)) walked.add(def);
    }
  };
  chosen.forEach((p) => walk(p.steps));
  for (const edge of edges) {
    const defs = model.machine.getTransitionData(edge.from as any, edge.event as any);
    if (defs.every((d: unknown) => walked.has(d))) continue;
    const prefix = toSnapshot.get(key(edge.from));
    if (!prefix) continue;
    const steps = [...prefix.steps, { event: edge.event, state: edge.to }];
    walk(steps);
    chosen.push({ name: '', steps });
  }
  for (const p of chosen)
    p.name =
      p.steps
        .slice(1)
        .map((s) => label(s.event))
        .join(' → ') || '(initial state)';
  return chosen;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function replay<M extends AnyStateMachine>(
  model: MachineModel<M>,
  steps: Array<{ event: AnyEventObject; state: AnyMachineSnapshot }>,
) {
  const clock = new SimulatedClock();
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const actors = Object.fromEntries(
    Object.keys(model.machine.implementations.actors).map((name) => [
      name,
      fromPromise(({ self }) => new Promise((resolve, reject) => pending.set(self.id, { resolve, reject }))),
    ]),
  );
  const machine = model.machine.provide({ actors, actions: model.actions ?? {} } as any);
  const actor = createActor(machine, { input: model.input as any, clock });
  actor.start();
  await flush();
  const check = (expected: AnyMachineSnapshot) => {
    const actual = actor.getSnapshot() as AnyMachineSnapshot;
    expect(actual.value).toEqual(expected.value);
    expect(actual.context).toEqual(expected.context);
    for (const [path, assertion] of Object.entries(model.states ?? {})) if (actual.matches(path as any)) assertion(actual);
  };
  check(steps[0]!.state);
  for (const { event, state } of steps.slice(1)) {
    const type = event.type;
    if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) {
      const done = type.startsWith('xstate.done.actor.');
      const id = type.slice(done ? 'xstate.done.actor.'.length : 'xstate.error.actor.'.length);
      const call = pending.get(id);
      expect(call, `the actor invokes "${id}" here`).toBeDefined();
      pending.delete(id);
      if (done) call!.resolve((event as any).output);
      else call!.reject((event as any).error);
    } else if (type.startsWith('xstate.after.')) {
      const delayKey = type.slice('xstate.after.'.length).split('.')[0]!;
      const expected = model.delays?.[delayKey];
      if (!expected && Number.isNaN(Number(delayKey))) throw new Error(`give the model the expected time of delay "${delayKey}"`);
      const ms = expected ? expected(actor.getSnapshot() as AnyMachineSnapshot) : Number(delayKey);
      const before = actor.getSnapshot().value;
      clock.increment(ms - 1);
      await flush();
      expect(actor.getSnapshot().value, `"${delayKey}" must not fire before ${ms} ms`).toEqual(before);
      clock.increment(1);
    } else {
      actor.send(event);
    }
    await flush();
    check(state);
  }
  actor.stop();
}

/** Registers one test per path and a coverage test; call inside a describe(). */
export function testModel<M extends AnyStateMachine>(model: MachineModel<M>) {
  let coverage: ReturnType<typeof coverageOf>;
  let paths: ReturnType<typeof pathsToReplay>;
  try {
    coverage = coverageOf(model);
    paths = pathsToReplay(model, coverage.edges);
  } catch (error) {
    // A machine whose graph cannot be walked (a guard or action that throws) is a failing test, not a file that
    // fails to load: the mutation run counts only failing tests as catching a wrong machine.
    it('walks the machine graph', () => {
      throw error;
    });
    return;
  }
  for (const path of paths) {
    it(`path: ${path.name}`, () => replay(model, path.steps));
  }
  it('reaches every state and every transition', () => {
    const pct = (a: number, b: number) => (b === 0 ? 100 : Math.round((a / b) * 1000) / 10);
    const line =
      `[coverage] ${coverage.id}: states ${coverage.states.reached}/${coverage.states.total} (${pct(coverage.states.reached, coverage.states.total)}%), ` +
      `transitions ${coverage.transitions.reached}/${coverage.transitions.total} (${pct(coverage.transitions.reached, coverage.transitions.total)}%)`;
    console.log(line);
    mkdirSync('.tmp/machine-coverage', { recursive: true });
    const { edges: _edges, ...summary } = coverage;
    writeFileSync(`.tmp/machine-coverage/${coverage.id}.json`, JSON.stringify(summary, null, 2));
    expect(coverage.states.missing, 'states never reached').toEqual([]);
    expect(coverage.transitions.missing, 'transitions never taken').toEqual([]);
  });
}
