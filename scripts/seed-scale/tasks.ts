/**
 * A small runner for the scale seed's work after its first load (decision 064): tasks that each name the tasks they
 * come after, run at most `lanes` at a time. Among the tasks that may start, the one listed first starts first, so the
 * list's order is the priority (the longest first keeps both cores busy to the end).
 */
export interface Task {
  name: string;
  after: string[];
  run: () => Promise<unknown>;
}

/**
 * Runs every task once, each after all the tasks it names. Rejects with the first task's error once the tasks
 * already running have ended (none is left running on a connection the caller is about to close).
 */
export function runTasks(tasks: Task[], lanes: number): Promise<void> {
  const names = new Set(tasks.map((task) => task.name));
  if (names.size !== tasks.length) return Promise.reject(new Error('runTasks: two tasks have the same name'));
  for (const task of tasks) {
    const unknown = task.after.find((name) => !names.has(name));
    if (unknown !== undefined) return Promise.reject(new Error(`runTasks: ${task.name} comes after ${unknown}, which is not a task`));
  }
  const done = new Set<string>();
  const started = new Set<string>();
  let running = 0;
  let failure: { error: unknown } | null = null;
  return new Promise((resolve, reject) => {
    const pump = () => {
      if (failure) {
        if (running === 0) reject(failure.error);
        return;
      }
      if (done.size === tasks.length) return resolve();
      for (const task of tasks) {
        if (running >= lanes) break;
        if (started.has(task.name) || !task.after.every((name) => done.has(name))) continue;
        started.add(task.name);
        running++;
        task.run().then(
          () => {
            running--;
            done.add(task.name);
            pump();
          },
          (error: unknown) => {
            running--;
            failure ??= { error };
            pump();
          },
        );
      }
      if (running === 0) {
        const waiting = tasks.filter((task) => !started.has(task.name)).map((task) => task.name);
        reject(new Error(`runTasks: ${waiting.join(', ')} wait on each other`));
      }
    };
    pump();
  });
}
