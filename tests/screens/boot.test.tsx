import { describe, expect, it } from 'vitest';
import { boot, nextTask, showStartFailure } from '../../src/app/boot';

/**
 * The app's start, one step a task (docs/decisions/065): no step may start in the task of the one before it, or the
 * start is one long task on a phone again. The fake turn records where each step ran.
 */
function recorder() {
  const log: string[] = [];
  let turns = 0;
  const yieldTask = async () => {
    turns++;
    log.push(`turn ${turns}`);
  };
  return { log, yieldTask };
}

describe('the app starts one step a task', () => {
  it('gives the browser a turn before each step: strings, React DOM, the libraries, the app, the dashboard, the root, the render', async () => {
    const { log, yieldTask } = recorder();
    const container = document.createElement('div');
    await boot(
      {
        strings: async () => void log.push('strings'),
        reactDom: async () => {
          log.push('react-dom');
          return { createRoot: (on: Element) => (log.push(`root on ${on === container ? 'the container' : 'another'}`), 'the root') };
        },
        libraries: async () => void log.push('libraries'),
        app: async () => void log.push('app'),
        afterApp: () => void log.push('after app'),
        render: (root) => void log.push(`render into ${root}`),
      },
      container,
      yieldTask,
    );
    expect(log).toEqual([
      'turn 1',
      'strings',
      'turn 2',
      'react-dom',
      'turn 3',
      'libraries',
      'turn 4',
      'app',
      'turn 5',
      'after app',
      'turn 6',
      'root on the container',
      'turn 7',
      'render into the root',
    ]);
  });

  it('without a libraries step or a step after the app, goes from React DOM to the app and on to the root', async () => {
    const { log, yieldTask } = recorder();
    await boot(
      {
        strings: async () => void log.push('strings'),
        reactDom: async () => ({ createRoot: () => (log.push('root'), 'root') }),
        app: async () => void log.push('app'),
        render: () => void log.push('render'),
      },
      document.createElement('div'),
      yieldTask,
    );
    expect(log.filter((entry) => !entry.startsWith('turn'))).toEqual(['strings', 'app', 'root', 'render']);
    expect(log.filter((entry) => entry.startsWith('turn'))).toHaveLength(5);
  });

  it('stops at a step that fails: nothing is drawn from half an app', async () => {
    const { log, yieldTask } = recorder();
    const started = boot(
      {
        strings: async () => void log.push('strings'),
        reactDom: async () => {
          throw new Error('chunk did not load');
        },
        app: async () => void log.push('app'),
        render: () => void log.push('render'),
      },
      document.createElement('div'),
      yieldTask,
    );
    await expect(started).rejects.toThrow('chunk did not load');
    expect(log).not.toContain('app');
    expect(log).not.toContain('render');
  });

  it("nextTask resumes after a timer's turn where there is no scheduler.yield, not in the same task", async () => {
    expect((globalThis as { scheduler?: unknown }).scheduler).toBeUndefined();
    const order: string[] = [];
    setTimeout(() => order.push('a task queued before'), 0);
    await nextTask().then(() => order.push('after the turn'));
    expect(order).toEqual(['a task queued before', 'after the turn']);
  });

  it('nextTask uses scheduler.yield where the browser has it', async () => {
    let yielded = 0;
    (globalThis as { scheduler?: unknown }).scheduler = { yield: async () => void yielded++ };
    try {
      await nextTask();
      expect(yielded).toBe(1);
    } finally {
      delete (globalThis as { scheduler?: unknown }).scheduler;
    }
  });

  it("a start that failed says so in the page's language, under the header, with a focused button that loads the page again", () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<div class="page-loading"><div class="auth-header">Simu Portal</div><div class="page-spinner"><span class="spinner"></span></div></div>';
    document.body.append(root);
    let reloads = 0;
    showStartFailure(root, 'sw', () => reloads++);
    expect(root.querySelector('.auth-header')?.textContent).toBe('Simu Portal');
    expect(root.querySelector('.spinner')).toBeNull();
    const alert = root.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain('Portal haikuweza kufunguka. Angalia mtandao kisha ujaribu tena.');
    const button = alert.querySelector('button')!;
    expect(button.textContent).toBe('Jaribu tena');
    expect(document.activeElement).toBe(button);
    button.click();
    expect(reloads).toBe(1);
    root.remove();
  });

  it('each language has its words, in the whole page where there is no spinner', () => {
    for (const [language, words] of [
      ['en', 'Try again'],
      ['pt', 'Tentar de novo'],
    ] as const) {
      const root = document.createElement('div');
      root.innerHTML = '<main>half an app</main>';
      showStartFailure(root, language, () => undefined);
      expect(root.textContent).not.toContain('half an app');
      expect(root.querySelector('button')!.textContent).toBe(words);
    }
  });
});
