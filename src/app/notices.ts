import i18next from 'i18next';
import { toaster } from './toaster';

/**
 * A toast as a machine action, in the chosen language: the app provides these to machines (STYLE: toasts are
 * the shell's). `i18next` is the one instance src/i18n sets up; imported bare, so the registry also loads in Node.
 */
export const notice = (type: 'success' | 'error', key: string) => () => {
  toaster.create({ type, title: i18next.t(key) });
};
