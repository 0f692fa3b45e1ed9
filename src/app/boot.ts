import { dropFirstView } from './first-view';

/**
 * The app's start, one step a task (docs/decisions/065). Each step's code is a chunk of its own, which the page's
 * HTML preloads (vite.config.ts, scripts/route-preloads.ts): its module code runs when the step imports it, after the
 * browser has had a turn since the step before. In one piece the start was one task of 190-260 ms on a phone with a
 * quarter of a laptop's speed (React DOM's module code, i18next's, the session's machine, the React root), all of it
 * blocking time after the first paint.
 */
export interface BootSteps<Root> {
  /** Imports the app's strings and starts i18next. */
  strings: () => Promise<unknown>;
  /** Imports React DOM's client: its module code runs. */
  reactDom: () => Promise<{ createRoot: (container: Element) => Root }>;
  /** Imports the app's libraries (XState, its React bindings, the router): their module code runs in a task of its own. */
  libraries?: () => Promise<unknown>;
  /** Imports the app: the session's machine, the root and the pages before login. */
  app: () => Promise<unknown>;
  /** What starts once the app's code has run and before the first render (the dashboard's code on its home page). */
  afterApp?: () => void;
  /** Draws the app into its root. */
  render: (root: Root) => void;
}

/** The next task: a turn for the browser (input, paint) before what follows. `scheduler.yield` where there is one. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs the steps in order, each after `yieldTask` has given the browser a turn (the first too: the entry's own task ends). */
export async function boot<Root>(steps: BootSteps<Root>, container: Element, yieldTask: () => Promise<void> = nextTask): Promise<void> {
  await yieldTask();
  await steps.strings();
  await yieldTask();
  const { createRoot } = await steps.reactDom();
  if (steps.libraries) {
    await yieldTask();
    await steps.libraries();
  }
  await yieldTask();
  await steps.app();
  if (steps.afterApp) {
    await yieldTask();
    steps.afterApp();
  }
  await yieldTask();
  const root = createRoot(container);
  await yieldTask();
  steps.render(root);
}

/** What the page says when a step of the start failed (a chunk that did not come): before i18next, in each language. */
export const START_FAILURE = {
  en: { text: 'The portal could not load. Check the connection and try again.', retry: 'Try again' },
  sw: { text: 'Portal haikuweza kufunguka. Angalia mtandao kisha ujaribu tena.', retry: 'Jaribu tena' },
  pt: { text: 'Não foi possível abrir o portal. Verifique a ligação e tente de novo.', retry: 'Tentar de novo' },
} as const;

/**
 * Replaces the page's spinner with the start's failure and a button that loads the page again: without it, a chunk
 * that did not come left the spinner turning for ever.
 */
export function showStartFailure(container: Element, language: keyof typeof START_FAILURE, reload: () => void = () => location.reload()) {
  const words = START_FAILURE[language];
  // The page's first view, if it drew one, goes: the failure is said where the app would have drawn.
  dropFirstView();
  const box = document.createElement('div');
  box.className = 'start-failure';
  box.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = words.text;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn btn-solid';
  button.textContent = words.retry;
  button.addEventListener('click', reload);
  box.append(text, button);
  // In the spinner's place, under the page's header; the whole page where the app had already drawn something.
  const spinner = container.querySelector('.page-spinner');
  if (spinner) spinner.replaceWith(box);
  else container.replaceChildren(box);
  button.focus();
}
