import type { RunnerTestFile } from 'vitest';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * For the mutation run only: a test file that fails to load (a mutant made its machine throw on import) becomes one
 * failed test. Stryker's vitest runner builds each mutant's verdict from the tests it collected, and a file whose
 * import throws collects none, so a mutant the suite does catch would count as survived
 * (stryker-js issue 6150, open in 9.6 and 10.0).
 */
export default class UnloadableFileAsFailedTest implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    for (const module of modules) {
      // The collected tasks Stryker reads are the module's internal `task` (not in vitest's public types).
      const file = (module as unknown as { task: RunnerTestFile }).task;
      if (file.result?.state !== 'fail' || file.tasks.length > 0) continue;
      const test = {
        type: 'test',
        id: `${file.id}_load`,
        name: 'loads the test file',
        mode: 'run',
        file,
        suite: file,
        meta: {},
        context: undefined as never,
        annotations: [],
        artifacts: [],
        timeout: 0,
        result: { state: 'fail', errors: file.result.errors ?? [{ message: 'the test file failed to load' }] },
      };
      file.tasks.push(test as never);
    }
  }
}
