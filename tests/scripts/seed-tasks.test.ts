import { describe, expect, it } from 'vitest';
import { runTasks, type Task } from '../../scripts/seed-scale/tasks';

/** A task that records when it starts and ends, and ends when the test lets it (`release(name)`). */
function harness() {
  const events: string[] = [];
  const gates = new Map<string, () => void>();
  const task = (name: string, after: string[] = [], fail = false): Task => ({
    name,
    after,
    run: () =>
      new Promise<void>((resolve, reject) => {
        events.push(`start ${name}`);
        gates.set(name, () => {
          events.push(`end ${name}`);
          if (fail) reject(new Error(`${name} failed`));
          else resolve();
        });
      }),
  });
  const release = async (name: string) => {
    const gate = gates.get(name);
    if (!gate) throw new Error(`${name} has not started`);
    gate();
    // Let the runner see the end and start what may start.
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { events, task, release };
}

describe('runTasks (the scale seed’s work after its first load)', () => {
  it('runs no more tasks at once than it has lanes, the first listed first, each after those it names', async () => {
    const { events, task, release } = harness();
    const done = runTasks([task('a'), task('b'), task('c', ['a']), task('d')], 2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(events).toEqual(['start a', 'start b']);
    await release('a');
    // c comes before d in the list and may start now that a is done.
    expect(events).toEqual(['start a', 'start b', 'end a', 'start c']);
    await release('b');
    expect(events.at(-1)).toBe('start d');
    await release('c');
    await release('d');
    await expect(done).resolves.toBeUndefined();
  });

  it('starts a task only once every task it names has ended', async () => {
    const { events, task, release } = harness();
    const done = runTasks([task('load'), task('other'), task('index', ['load', 'other'])], 3);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await release('load');
    expect(events).not.toContain('start index');
    await release('other');
    expect(events.at(-1)).toBe('start index');
    await release('index');
    await done;
  });

  it('rejects with the first error once the tasks already running have ended, and starts nothing more', async () => {
    const { events, task, release } = harness();
    const done = runTasks([task('a', [], true), task('b'), task('c')], 2);
    let settled = false;
    void done.then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    await release('a');
    expect(settled).toBe(false);
    expect(events).not.toContain('start c');
    await release('b');
    await expect(done).rejects.toThrow('a failed');
    expect(events).not.toContain('start c');
  });

  it('refuses a task that names no task, two tasks of one name, and tasks that wait on each other', async () => {
    const { task } = harness();
    await expect(runTasks([task('a', ['missing'])], 1)).rejects.toThrow('a comes after missing, which is not a task');
    await expect(runTasks([task('a'), task('a')], 1)).rejects.toThrow('two tasks have the same name');
    await expect(runTasks([task('a', ['b']), task('b', ['a'])], 2)).rejects.toThrow('a, b wait on each other');
  });

  it('resolves at once with nothing to do', async () => {
    await expect(runTasks([], 2)).resolves.toBeUndefined();
  });
});
