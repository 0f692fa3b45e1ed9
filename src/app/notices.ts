import i18next from 'i18next';

/**
 * A toast as a machine action, in the chosen language: the app provides these to machines (STYLE: toasts are
 * the shell's). `i18next` is the one instance src/i18n sets up; imported bare, so this also loads in Node.
 *
 * The toaster (Zag's toast machine) is not part of the dashboard's first load (docs/decisions/034): the first
 * notice asks the layout to mount it, waits until it is mounted, then shows the toast.
 */
export const notice = (type: 'success' | 'error', key: string) => () => {
  const title = i18next.t(key);
  wantToaster();
  void import('./toaster').then(async ({ toaster, toasterMounted }) => {
    await toasterMounted;
    toaster.create({ type, title });
  });
};

let wanted = false;
const listeners = new Set<() => void>();

function wantToaster() {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}

/** For useSyncExternalStore in the layout: whether a notice has asked for the toaster yet. */
export const toasterWanted = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => wanted,
};
