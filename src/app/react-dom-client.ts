import { createRoot as createReactRoot } from 'react-dom/client';

/**
 * React DOM's client as a step of the app's start (boot.ts): its module code, the largest of the start, runs when
 * main.tsx imports this.
 */
export const createRoot = (container: Element) =>
  createReactRoot(container, {
    // React reports a recovered render error by its wrapper alone (error 520): the console shows what caused it.
    onRecoverableError: (error) => console.error(error, 'caused by', (error as { cause?: unknown }).cause),
  });
