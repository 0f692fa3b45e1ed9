import { readdirSync, readFileSync } from 'node:fs';
import type { Plugin, Rollup } from 'vite';
import { drawFirstView, FIRST_VIEW_TEMPLATE_ID, HOME_FIRST_VIEW, type FirstView, type FirstViewWords } from '../src/app/first-view';

/**
 * The chunks a page needs at once, named in its HTML as `<link rel="modulepreload">` (docs/decisions/065). The
 * browser's preload scanner starts them while it reads the HTML, beside the entry, where the app's code used to start
 * them from a script once the entry had run: a round trip later on a slow network, and about a millisecond of the main
 * thread per request (four on a phone of a quarter of the speed), inside the longest task of the page's load.
 *
 * - Every page (index.html): the app's start, whose steps (src/app/boot.ts) are the entry's own imports, each
 *   importing its chunks in turn.
 * - A page under a route (`routes/<path>.html`): also that route's chunks. The server answers a path with the page
 *   of its longest route (server/static.ts): /dashboard and below get the dashboard's code, the deposit wizard its
 *   first view too. A visitor there without a session is sent to the login, with these chunks fetched for nothing.
 */
export const ROUTE_PAGES: ReadonlyArray<{ path: string; modules: string[]; firstView?: FirstView }> = [
  // The home page's welcome, its largest paint, waits for the settings' live logic (with zod) too. Its page draws it
  // before any script has come, from what the browser keeps (its first view, docs/decisions/101).
  {
    path: '/dashboard',
    modules: ['src/app/dashboard-route.tsx', 'src/app/live/settings.ts', 'src/app/live/home.ts'],
    firstView: HOME_FIRST_VIEW,
  },
  {
    path: '/dashboard/customers/add-loan',
    modules: ['src/app/dashboard-route.tsx', 'src/screens/first-deposit/first-deposit-screen.tsx'],
  },
];

type Bundle = Record<
  string,
  | Pick<Rollup.OutputChunk, 'type' | 'fileName' | 'imports' | 'dynamicImports' | 'moduleIds' | 'isEntry' | 'viteMetadata'>
  | { type: 'asset' }
>;
type Chunk = Extract<Bundle[string], { type: 'chunk' }>;

const normalized = (id: string) => id.replace(/\\/g, '/');

const chunksOf = (bundle: Bundle) => Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');

const chunksByFile = (bundle: Bundle) => new Map(chunksOf(bundle).map((chunk) => [chunk.fileName, chunk]));

/** The files of these chunks with the chunks they import (statically, all the way down), once each, in import order. */
function withImports(bundle: Bundle, roots: readonly Chunk[]): string[] {
  const byFile = chunksByFile(bundle);
  const files: string[] = [];
  const add = (chunk: Chunk) => {
    if (chunk.isEntry || files.includes(chunk.fileName)) return;
    files.push(chunk.fileName);
    for (const imported of chunk.imports) {
      const next = byFile.get(imported);
      if (next) add(next);
    }
  };
  roots.forEach(add);
  return files;
}

/**
 * The files of the chunks that hold the modules, with the chunks they import, in import order; without the entry's,
 * which the page loads anyway. A module in no chunk is an error: a renamed file would else lose its preload without a
 * word.
 */
export function chunkFiles(bundle: Bundle, modules: readonly string[]): string[] {
  const chunks = chunksOf(bundle);
  const roots = modules.map((module) => {
    const holder = chunks.find((chunk) => chunk.moduleIds.some((id) => normalized(id).endsWith(`/${module}`)));
    if (!holder) throw new Error(`route-preloads: no chunk holds ${module}`);
    return holder;
  });
  return withImports(bundle, roots);
}

/** The files of the app's start: the chunks the entry imports by `import()` (its steps), with what they import. */
export function startFiles(bundle: Bundle): string[] {
  const chunks = chunksOf(bundle);
  const steps = chunks.find((chunk) => chunk.isEntry)?.dynamicImports ?? [];
  return withImports(
    bundle,
    steps.flatMap((file) => chunks.filter((chunk) => chunk.fileName === file)),
  );
}

/**
 * The files with, after each chunk, the stylesheets it imports (Vite's importedCss), once each. Vite's loader adds a
 * chunk's stylesheets to the page when the chunk is imported and resolves the import once they have loaded: without
 * a preload each was a request started by a script, a round trip after the chunk itself.
 */
export function withStyles(bundle: Bundle, files: readonly string[]): string[] {
  const byFile = chunksByFile(bundle);
  const out: string[] = [];
  for (const file of files) {
    for (const next of [file, ...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]) if (!out.includes(next)) out.push(next);
  }
  return out;
}

/**
 * `html` with a preload link for each file it does not link yet (once each), at the end of its head: a module's as
 * `modulepreload`, a stylesheet's as `preload` (applied when its chunk is imported: no paint waits for it).
 */
export function withPreloads(html: string, files: readonly string[]): string {
  const head = /\n([ \t]*)<\/head>/.exec(html);
  if (!head) throw new Error('route-preloads: index.html has no </head>');
  const indent = head[1]!;
  const links = [...new Set(files)]
    .filter((file) => !html.includes(`href="/${file}"`))
    .map((file) =>
      file.endsWith('.css')
        ? `\n${indent}  <link rel="preload" as="style" href="/${file}">`
        : `\n${indent}  <link rel="modulepreload" crossorigin href="/${file}">`,
    )
    .join('');
  return html.slice(0, head.index) + links + html.slice(head.index);
}

/**
 * `html` with each of its stylesheets of the build written into it as a <style> (the CSP allows inline styles): the
 * first paint then waits for no request. The stylesheet is the first-load page's (src/app/first-load.css, 8 kB, 2 kB
 * compressed), which every page draws with.
 */
export function withInlineStyles(html: string, assets: Readonly<Record<string, string>>): string {
  return html.replace(/<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)">/g, (link, file: string) => {
    const css = assets[file];
    if (css === undefined) throw new Error(`route-preloads: no stylesheet ${file} in the build`);
    return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

/** The value of a translation file's key (`home.welcome`), or an error: a renamed key would else draw nothing. */
function wordOf(strings: unknown, key: string, language: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], strings);
  if (typeof value !== 'string') throw new Error(`route-preloads: no string ${key} in ${language}`);
  return value;
}

/** The first view's words in each language, from the app's translation files (src/i18n/locales/<language>.json). */
export function firstViewWords(view: FirstView, languages: readonly string[], strings: (language: string) => unknown): FirstViewWords {
  return Object.fromEntries(
    languages.map((language) => {
      const file = strings(language);
      return [language, Object.fromEntries(view.words.map((key) => [key, wordOf(file, key, language)]))];
    }),
  );
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `html` with the route's first view as a <template> before the app's root, for `drawFirstView` to draw. */
export function withFirstView(html: string, view: FirstView, words: FirstViewWords): string {
  const root = /\n([ \t]*)<div id="root">/.exec(html);
  if (!root) throw new Error('route-preloads: index.html has no <div id="root">');
  const template =
    `\n${root[1]}<template id="${FIRST_VIEW_TEMPLATE_ID}" data-path="${attribute(view.path)}" ` +
    `data-words="${attribute(JSON.stringify(words))}">${view.html}</template>`;
  return html.slice(0, root.index) + template + html.slice(root.index);
}

/**
 * `html` with `drawFirstView` as an inline script at the end of its body, after the app's root: every page has it
 * (the server's CSP allows the inline scripts of index.html by their hash), and it draws only where the page holds
 * a first view.
 */
export function withFirstViewScript(html: string, source: string = drawFirstView.toString()): string {
  const body = /\n([ \t]*)<\/body>/.exec(html);
  if (!body) throw new Error('route-preloads: index.html has no </body>');
  const script = `\n${body[1]}  <script>(${source})();</script>`;
  return html.slice(0, body.index) + script + html.slice(body.index);
}

/** The app's translation files (the translation namespace, which holds the first views' words), one a language. */
const LOCALES = new URL('../src/i18n/locales/', import.meta.url);
const translationLanguages = () =>
  readdirSync(LOCALES)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''));
const translationFile = (language: string): unknown => JSON.parse(readFileSync(new URL(`${language}.json`, LOCALES), 'utf8'));

/**
 * Rewrites index.html with its stylesheet written in, the start's chunks preloaded and the first view's script, and
 * writes a page for each route (routes/<path>.html), with its first view where it has one.
 */
export function routePreloadsPlugin(): Plugin {
  return {
    name: 'simu:route-preloads',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') return;
        const styles = Object.fromEntries(
          Object.values(bundle).flatMap((item) =>
            item.type === 'asset' && item.fileName.endsWith('.css') ? [[item.fileName, String(item.source)]] : [],
          ),
        );
        const built = bundle as Bundle;
        const html = withFirstViewScript(
          withPreloads(withInlineStyles(String(index.source), styles), withStyles(built, startFiles(built))),
        );
        index.source = html;
        for (const page of ROUTE_PAGES) {
          const preloaded = withPreloads(html, withStyles(built, chunkFiles(built, page.modules)));
          const source = page.firstView
            ? withFirstView(preloaded, page.firstView, firstViewWords(page.firstView, translationLanguages(), translationFile))
            : preloaded;
          this.emitFile({ type: 'asset', fileName: `routes${page.path}.html`, source });
        }
      },
    },
  };
}
