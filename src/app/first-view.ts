/**
 * The page's first view (docs/decisions/101): on a page that has one, what the app will draw first, drawn from the
 * page's HTML and what the browser keeps (the session's user, the portal's settings, the language) before any of the
 * app's code has come. On the agent's dashboard that is the layout's frame and the welcome, the page's largest text:
 * a returning agent on a slow phone reads it as soon as the HTML is in, where the page used to spin until its
 * scripts had come and run.
 *
 * - The build (scripts/route-preloads.ts) writes a route's first view into its page as a <template> with the words in
 *   each language, and `drawFirstView`'s source into every page as an inline script after the app's root.
 * - The view is drawn beside the app's root, not in it, and the root is hidden meanwhile: React's first render
 *   replaces what the root holds, which would put the full-page spinner between the first view and the page.
 * - `dropFirstView` removes it and shows the root again, in the commit in which the app draws anything but its
 *   full-page spinner or its own while the session's roles load (app.tsx), or when the start fails (boot.ts). The
 *   layout then draws the same frame and the same heading at the same place, so the largest text is painted once.
 */

/** The id of the template a route's page holds, and of the view drawn from it. */
export const FIRST_VIEW_TEMPLATE_ID = 'first-view-template';
export const FIRST_VIEW_ID = 'first-view';

/** The words of a first view: per language, per `data-word` of its elements, with `{{company}}` and `{{name}}`. */
export type FirstViewWords = Record<string, Record<string, string>>;

/** A route's first view: its path, the words it draws (i18next keys) and its elements. */
export interface FirstView {
  path: string;
  words: readonly string[];
  html: string;
}

/**
 * The home page's first view (`/dashboard`): the layout's frame (dashboard-layout.tsx: the side panel on a wide
 * screen, the top bar with the navigation's toggle and the brand) and the welcome with the figures' skeleton
 * (home-screen.tsx), with the same elements and classes. The buttons are empty places until the app draws them.
 * tests/e2e/first-view.test.ts checks that the app's heading is drawn where and as large as this one.
 */
export const HOME_FIRST_VIEW: FirstView = {
  path: '/dashboard',
  words: ['home.welcome', 'home.greeting'],
  html:
    '<div class="layout">' +
    '<aside class="layout-aside first-view-aside"></aside>' +
    '<div class="layout-column">' +
    '<header class="top-bar"><span class="first-view-button"></span>' +
    '<div class="top-bar-brand"><span class="top-bar-brand-name">Simu Portal</span></div></header>' +
    '<main class="layout-main"><div class="home-stack"><div class="home-welcome">' +
    '<h1 class="home-title" data-word="home.welcome"></h1><p class="home-muted" data-word="home.greeting"></p>' +
    '</div><div class="skeleton home-figures-skeleton"></div></div></main>' +
    '</div></div>',
};

/**
 * Draws the page's first view, when the page has one for this path and the browser keeps a session the app will let
 * in, with its user's name, and the portal's settings; else leaves the page as it is. The language is the one the
 * app will choose (detect-language.ts's order but for the cookie, locale-files.ts's `chosenLanguage`).
 *
 * Its source is an inline script of every page: it refers to nothing outside itself, and fails quietly (storage
 * blocked, a kept value that is not JSON), leaving the spinner.
 */
export function drawFirstView(doc: Document = document, now: number = Date.now()): void {
  try {
    const template = doc.getElementById('first-view-template') as HTMLTemplateElement | null;
    const root = doc.getElementById('root');
    const win = doc.defaultView;
    if (!template || !root || !win) return;
    const path = win.location.pathname.replace(/\/+$/, '');
    if (path !== template.dataset.path) return;
    const kept = (key: string): Record<string, unknown> | null => {
      const value: unknown = JSON.parse(win.localStorage.getItem(key) ?? 'null');
      return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
    };
    const user = kept('user');
    // Only a session the app will let in (session.machine.ts's restoring): not expired, no one-time code or
    // password change waiting.
    if (!user || typeof user.exp !== 'number' || user.exp <= now || user.otp_pending === true || user.must_change_password === true) return;
    const name = user.name;
    const company = kept('settings')?.company;
    if (typeof name !== 'string' || typeof company !== 'string' || name === '' || company === '') return;
    const words = JSON.parse(template.dataset.words ?? '{}') as Record<string, Record<string, string>>;
    // The app's order (detect-language.ts), each place read only if the ones before it named no language of the
    // portal's: the page's lng, local storage, session storage, the browser's languages, the html tag. The
    // `i18next` cookie, second in the app's order, is not read: reading it is a synchronous call to the browser's
    // network process (17 ms of the entry's first task, decision 065), here before the first paint. The portal never
    // sets that cookie, and the app keeps the language it chose in local storage, so from the next page on the two
    // agree where someone has set it.
    const places: Array<() => readonly (string | null | undefined)[]> = [
      () => [new URLSearchParams(win.location.search).get('lng')],
      () => [win.localStorage.getItem('i18nextLng')],
      () => [win.sessionStorage.getItem('i18nextLng')],
      () => win.navigator.languages ?? [win.navigator.language],
      () => [doc.documentElement.lang],
    ];
    let language = 'en';
    search: for (const place of places) {
      for (const code of place()) {
        const part = code ? code.split('-')[0]!.toLowerCase() : '';
        if (part && words[part]) {
          language = part;
          break search;
        }
      }
    }
    const chosen = words[language];
    if (!chosen) return;
    const view = doc.createElement('div');
    view.id = 'first-view';
    // Nothing in it answers yet: no focus, no pointer, until the app draws the page.
    view.setAttribute('inert', '');
    view.append(template.content.cloneNode(true));
    for (const element of view.querySelectorAll<HTMLElement>('[data-word]')) {
      const text = chosen[element.dataset.word ?? ''];
      if (text === undefined) return;
      element.textContent = text.replace(/\{\{\s*(company|name)\s*\}\}/g, (_, key: string) => (key === 'company' ? company : name));
      element.removeAttribute('data-word');
    }
    root.before(view);
    root.hidden = true;
  } catch {
    // The spinner stays.
  }
}

/** Removes the first view, if one was drawn, and shows the app's root again. */
export function dropFirstView(doc: Document = document): void {
  const view = doc.getElementById(FIRST_VIEW_ID);
  if (!view) return;
  view.remove();
  const root = doc.getElementById('root');
  if (root) root.hidden = false;
}
