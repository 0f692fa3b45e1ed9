import { expect, it } from 'vitest';
import {
  SimulatedClock,
  createActor,
  fromPromise,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type StateValue,
} from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';
import { stateNodes, type ModelSpec } from './coverage';

/**
 * The oracle of a machine: what the specification says happens, written by hand, independent of the machine under
 * test. The model's generated paths give reach (tests/machines/model.ts); this table gives truth:
 *
 * - `scenarios`: event sequences from the initial state, each step with the state expected after it (dotted leaf
 *   paths, e.g. 'codeSent.entering') and the context fields that matter;
 * - `refuses`: per state, events that must change nothing there (state and context unchanged, `can()` false);
 * - every state of the machine must be named by some scenario, and every transition the machine's graph takes
 *   under the model's events must be one a scenario expects: a wrong machine grows transitions no one wrote down.
 */
export interface OracleStep {
  /** A user event, `xstate.done.actor.<id>` / `xstate.error.actor.<id>` (the fake actor settles) or `xstate.after.<delay>.*`. */
  event: AnyEventObject;
  /** The active leaf states after the step, as dotted paths ('codeSent.entering'); a string for one. */
  state: string | readonly string[];
  /** Context fields that must hold after the step (toMatchObject: asymmetric matchers welcome). */
  context?: Record<string, unknown>;
  /** 'done' for a final state; its output when given. */
  status?: 'active' | 'done';
  output?: unknown;
  /** Tags that must be on (true) or off (false). */
  tags?: Record<string, boolean>;
  /** What the actor invoked on entering the step, as `{ <invoke id>: input }`. */
  invoked?: Record<string, unknown>;
  /** Anything else to check about the snapshot. */
  check?: (snapshot: AnyMachineSnapshot) => void;
}

export interface OracleScenario {
  name: string;
  steps: readonly OracleStep[];
}

export interface Oracle<M extends AnyStateMachine = AnyStateMachine> {
  model: ModelSpec<M>;
  /** The state right after start, with the context it is built with from input. */
  initial: Omit<OracleStep, 'event'>;
  scenarios: readonly OracleScenario[];
  /** State path -> events that must change nothing there (the state's leaf path as in `state`). */
  refuses?: Record<string, readonly AnyEventObject[]>;
  /** Expected time of each named delay, in ms (from the spec, not read from the machine). */
  delays?: Record<string, (snapshot: AnyMachineSnapshot) => number>;
  /** Fakes for actions the app provides. */
  actions?: Record<string, (...args: any[]) => void>;
  /** Generated edges the oracle need not explain, as `from --<event label>--> to` (say why beside each). */
  unexplained?: readonly string[];
}

/** The active leaf states of a state value as dotted paths, sorted. */
export function leafPaths(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value];
  return Object.entries(value)
    .flatMap(([key, child]) =>
      child && (typeof child === 'string' || Object.keys(child).length) ? leafPaths(child, `${prefix}${key}.`) : [prefix + key],
    )
    .sort();
}

const asList = (state: string | readonly string[]) => (typeof state === 'string' ? [state] : [...state].sort());

export const eventLabel = (event: AnyEventObject) => {
  const payload = Object.entries(event)
    .filter(([k]) => k !== 'type')
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`.slice(0, 60));
  return payload.length ? `${event.type}(${payload.join(', ')})` : event.type;
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A real actor of the machine with controllable fakes for every invoked actor and a simulated clock. */
export async function startDriver<M extends AnyStateMachine>(oracle: Oracle<M>) {
  const clock = new SimulatedClock();
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: unknown }>();
  const invoked: Array<{ id: string; input: unknown }> = [];
  const actors = Object.fromEntries(
    Object.keys(oracle.model.machine.implementations.actors).map((name) => [
      name,
      fromPromise(({ self, input }) => {
        invoked.push({ id: self.id, input });
        return new Promise((resolve, reject) => pending.set(self.id, { resolve, reject, input }));
      }),
    ]),
  );
  const machine = oracle.model.machine.provide({ actors, actions: oracle.actions ?? {} } as any);
  const actor: AnyActorRef = createActor(machine, { input: oracle.model.input as any, clock });
  actor.start();
  await flush();

  const snapshot = () => actor.getSnapshot() as AnyMachineSnapshot;
  return {
    actor,
    snapshot,
    invoked,
    async send(event: AnyEventObject) {
      const type = event.type;
      if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) {
        const done = type.startsWith('xstate.done.actor.');
        const id = type.slice(done ? 'xstate.done.actor.'.length : 'xstate.error.actor.'.length);
        const call = pending.get(id);
        expect(call, `the actor is running "${id}" here`).toBeDefined();
        pending.delete(id);
        if (done) call!.resolve((event as any).output);
        else call!.reject((event as any).error);
      } else if (type.startsWith('xstate.after.')) {
        const delayKey = type.slice('xstate.after.'.length).split('.')[0]!;
        const expected = oracle.delays?.[delayKey];
        if (!expected && Number.isNaN(Number(delayKey))) throw new Error(`give the oracle the expected time of delay "${delayKey}"`);
        const ms = expected ? expected(snapshot()) : Number(delayKey);
        const before = snapshot().value;
        clock.increment(ms - 1);
        await flush();
        expect(snapshot().value, `"${delayKey}" must not fire before ${ms} ms`).toEqual(before);
        clock.increment(1);
      } else {
        actor.send(event);
      }
      await flush();
    },
    stop: () => actor.stop(),
  };
}

function checkStep(
  s: AnyMachineSnapshot,
  step: Omit<OracleStep, 'event'>,
  where: string,
  newlyInvoked: Array<{ id: string; input: unknown }>,
) {
  expect(leafPaths(s.value), `state ${where}`).toEqual(asList(step.state));
  if (step.context) expect(s.context, `context ${where}`).toMatchObject(step.context);
  expect(s.status, `status ${where}`).toBe(step.status ?? 'active');
  if (step.output !== undefined) expect(s.output, `output ${where}`).toEqual(step.output);
  for (const [tag, on] of Object.entries(step.tags ?? {})) expect(s.hasTag(tag), `tag "${tag}" ${where}`).toBe(on);
  if (step.invoked) {
    const got = Object.fromEntries(newlyInvoked.map((c) => [c.id, c.input]));
    expect(got, `invoked ${where}`).toEqual(step.invoked);
  }
  step.check?.(s);
}

async function runScenario<M extends AnyStateMachine>(oracle: Oracle<M>, scenario: OracleScenario, upTo = scenario.steps.length) {
  const driver = await startDriver(oracle);
  checkStep(driver.snapshot(), oracle.initial, 'at start', driver.invoked.slice());
  for (const [i, step] of scenario.steps.slice(0, upTo).entries()) {
    const seen = driver.invoked.length;
    await driver.send(step.event);
    checkStep(driver.snapshot(), step, `after step ${i + 1} (${eventLabel(step.event)}) of "${scenario.name}"`, driver.invoked.slice(seen));
  }
  return driver;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Registers the oracle's tests; call inside a describe(). */
export function testOracle<M extends AnyStateMachine>(oracle: Oracle<M>) {
  for (const scenario of oracle.scenarios) {
    it(`does what the spec says: ${scenario.name}`, async () => {
      const driver = await runScenario(oracle, scenario);
      driver.stop();
    });
  }

  for (const [state, events] of Object.entries(oracle.refuses ?? {})) {
    it(`refuses in ${state}: ${events.map(eventLabel).join(', ')}`, async () => {
      const where = oracle.scenarios
        .map((scenario) => ({ scenario, index: scenario.steps.findIndex((s) => same(asList(s.state), [state])) }))
        .find((w) => w.index >= 0);
      const atStart = same(asList(oracle.initial.state), [state]);
      expect(atStart || where, `a scenario reaches "${state}"`).toBeTruthy();
      const driver = atStart ? await startDriver(oracle) : await runScenario(oracle, where!.scenario, where!.index + 1);
      for (const event of events) {
        const before = driver.snapshot();
        if (!event.type.startsWith('xstate.')) expect(before.can(event as any), `can(${eventLabel(event)}) in ${state}`).toBe(false);
        // A finished actor takes no events at all (xstate warns); can() above says it all.
        if (before.status === 'done') continue;
        await driver.send(event);
        const after = driver.snapshot();
        expect(leafPaths(after.value), `${eventLabel(event)} leaves ${state} as it is`).toEqual(leafPaths(before.value));
        expect(after.context, `${eventLabel(event)} leaves the context of ${state} as it is`).toEqual(before.context);
      }
      driver.stop();
    });
  }

  it('names every state of the machine in a scenario', () => {
    const named = new Set([
      ...asList(oracle.initial.state),
      ...oracle.scenarios.flatMap((s) => s.steps.flatMap((step) => asList(step.state))),
    ]);
    const root = oracle.model.machine.root;
    const leaves = stateNodes(root)
      .filter((n) => n !== root && Object.keys(n.states).length === 0)
      .map((n) => n.path.join('.'));
    expect(
      leaves.filter((leaf) => !named.has(leaf)),
      'states the machine has that no scenario expects',
    ).toEqual([]);
    expect(
      [...named].filter((n) => !leaves.includes(n)),
      'states the scenarios expect that the machine lacks',
    ).toEqual([]);
  });

  it('takes no transition the oracle does not expect', () => {
    const expected = new Set<string>();
    // The whole event, not its (shortened) label: two payloads must not share a key.
    const key = (from: readonly string[], event: AnyEventObject, to: readonly string[]) =>
      `${from.join('+')} --${JSON.stringify(event)}--> ${to.join('+')}`;
    for (const scenario of oracle.scenarios) {
      let from = asList(oracle.initial.state);
      for (const step of scenario.steps) {
        const to = asList(step.state);
        expected.add(key(from, step.event, to));
        from = to;
      }
    }
    const adjacency = getAdjacencyMap(oracle.model.machine, { events: oracle.model.events as any, input: oracle.model.input as any });
    const unexplained = new Set<string>();
    for (const { state, transitions } of Object.values(adjacency)) {
      for (const { event, state: to } of Object.values(transitions) as Array<{ event: AnyEventObject; state: AnyMachineSnapshot }>) {
        const from = leafPaths((state as AnyMachineSnapshot).value);
        const target = leafPaths(to.value);
        // An event that changes nothing is a refusal, checked by `refuses`.
        if (same(from, target) && same((state as AnyMachineSnapshot).context, to.context)) continue;
        const readable = `${from.join('+')} --${eventLabel(event)}--> ${target.join('+')}`;
        if (!expected.has(key(from, event, target)) && !(oracle.unexplained ?? []).includes(readable)) unexplained.add(readable);
      }
    }
    expect([...unexplained].sort(), 'transitions the machine takes that no scenario expects').toEqual([]);
  });
}
