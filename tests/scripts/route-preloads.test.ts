import { describe, expect, it } from 'vitest';
import {
  chunkFiles,
  firstViewWords,
  startFiles,
  withFirstView,
  withFirstViewScript,
  withInlineStyles,
  withPreloads,
  withStyles,
} from '../../scripts/route-preloads';

/** The build's pages (docs/decisions/065): which chunks each page's HTML preloads, and its stylesheet written in. */
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false, dynamicImports: string[] = []) => ({
  type: 'chunk' as const,
  fileName,
  moduleIds,
  imports,
  dynamicImports,
  isEntry,
});
const bundle = {
  'assets/entry-1.js': chunk('assets/entry-1.js', ['/w/src/main.tsx'], ['assets/start-1.js'], true, [
    'assets/react-1.js',
    'assets/root-1.js',
  ]),
  'assets/start-1.js': chunk('assets/start-1.js', ['/w/src/app/boot.ts']),
  'assets/react-1.js': chunk('assets/react-1.js', ['/w/node_modules/react/index.js']),
  'assets/root-1.js': chunk('assets/root-1.js', ['/w/src/app/root.tsx', '/w/src/app/app.tsx'], ['assets/react-1.js', 'assets/shell-1.js']),
  'assets/shell-1.js': chunk('assets/shell-1.js', ['/w/node_modules/xstate/dist/x.js'], ['assets/react-1.js']),
  'assets/route-1.js': chunk('assets/route-1.js', ['/w/src/app/dashboard-route.tsx'], ['assets/entry-1.js', 'assets/root-1.js']),
  'index.html': { type: 'asset' as const },
};

describe('the chunks a page preloads', () => {
  it("are the modules' chunks and what they import, all the way down, once each, without the entry", () => {
    expect(chunkFiles(bundle, ['src/app/root.tsx'])).toEqual(['assets/root-1.js', 'assets/react-1.js', 'assets/shell-1.js']);
    expect(chunkFiles(bundle, ['src/app/dashboard-route.tsx', 'src/app/app.tsx'])).toEqual([
      'assets/route-1.js',
      'assets/root-1.js',
      'assets/react-1.js',
      'assets/shell-1.js',
    ]);
  });

  it("of the start are the entry's own imports (its steps), in their order, with what they import", () => {
    expect(startFiles(bundle)).toEqual(['assets/react-1.js', 'assets/root-1.js', 'assets/shell-1.js']);
  });

  it('fail the build for a module no chunk holds (a renamed file would else lose its preload silently)', () => {
    expect(() => chunkFiles(bundle, ['src/app/renamed.tsx'])).toThrow('no chunk holds src/app/renamed.tsx');
  });

  it('are linked at the end of the head, indented as it is, except those the page links already', () => {
    const html =
      '<html>\n  <head>\n    <link rel="modulepreload" crossorigin href="/assets/react-1.js">\n  </head>\n  <body></body>\n</html>\n';
    expect(withPreloads(html, ['assets/react-1.js', 'assets/root-1.js'])).toBe(
      '<html>\n  <head>\n    <link rel="modulepreload" crossorigin href="/assets/react-1.js">\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/root-1.js">\n  </head>\n  <body></body>\n</html>\n',
    );
    expect(() => withPreloads('<html><body></body></html>', ['assets/root-1.js'])).toThrow('no </head>');
    // A file named twice (the start's and the route's chunks share some) is linked once.
    expect(withPreloads('<head>\n  </head>', ['assets/root-1.js', 'assets/root-1.js'])).toBe(
      '<head>\n    <link rel="modulepreload" crossorigin href="/assets/root-1.js">\n  </head>',
    );
  });
});

describe("the page's stylesheet", () => {
  it('is written into the page, so the first paint waits for no request', () => {
    const html = '<head>\n    <link rel="stylesheet" crossorigin href="/assets/index-1.css">\n  </head>';
    expect(withInlineStyles(html, { 'assets/index-1.css': '.page{color:red}' })).toBe(
      '<head>\n    <style>.page{color:red}</style>\n  </head>',
    );
  });

  it('cannot end the <style> early, and a stylesheet missing from the build fails it', () => {
    const html = '<link rel="stylesheet" crossorigin href="/assets/index-1.css">';
    expect(withInlineStyles(html, { 'assets/index-1.css': 'a{content:"</style><script>"}' })).toBe(
      '<style>a{content:"<\\/style><script>"}</style>',
    );
    expect(() => withInlineStyles(html, {})).toThrow('no stylesheet assets/index-1.css');
  });
});

describe("a route's stylesheets (decision 067)", () => {
  const styled = {
    ...bundle,
    'assets/route-1.js': {
      ...bundle['assets/route-1.js'],
      viteMetadata: {
        importedCss: new Set(['assets/route-1.css', 'assets/shared-1.css']),
        importedAssets: new Set<string>(),
        __modules: {},
      },
    },
    'assets/root-1.js': {
      ...bundle['assets/root-1.js'],
      viteMetadata: { importedCss: new Set(['assets/shared-1.css']), importedAssets: new Set<string>(), __modules: {} },
    },
  };

  it('follow the chunk that imports them, once each', () => {
    expect(withStyles(styled, chunkFiles(styled, ['src/app/dashboard-route.tsx']))).toEqual([
      'assets/route-1.js',
      'assets/route-1.css',
      'assets/shared-1.css',
      'assets/root-1.js',
      'assets/react-1.js',
      'assets/shell-1.js',
    ]);
  });

  it('are preloaded as styles, without crossorigin (Vite adds them as plain stylesheets), and not applied by the page', () => {
    const html = '<head>\n  </head>';
    expect(withPreloads(html, ['assets/route-1.js', 'assets/route-1.css'])).toBe(
      '<head>\n    <link rel="modulepreload" crossorigin href="/assets/route-1.js">' +
        '\n    <link rel="preload" as="style" href="/assets/route-1.css">\n  </head>',
    );
  });
});

describe('a page with a first view (decision 101)', () => {
  const view = { path: '/dashboard', words: ['home.welcome'], html: '<h1 data-word="home.welcome"></h1>' };

  it('holds the view as a template before the root, with its words as an attribute no quote or tag can end', () => {
    const html = '<body>\n    <div id="root"></div>\n  </body>';
    const words = { en: { 'home.welcome': 'Welcome to {{company}} "&" <b>' } };
    expect(withFirstView(html, view, words)).toBe(
      '<body>\n    <template id="first-view-template" data-path="/dashboard" data-words="' +
        '{&quot;en&quot;:{&quot;home.welcome&quot;:&quot;Welcome to {{company}} \\&quot;&amp;\\&quot; &lt;b>&quot;}}">' +
        '<h1 data-word="home.welcome"></h1></template>\n    <div id="root"></div>\n  </body>',
    );
    expect(() => withFirstView('<body></body>', view, words)).toThrow('no <div id="root">');
  });

  it("takes each language's words from its translation file, and fails the build for a word one lacks", () => {
    const files: Record<string, unknown> = {
      en: { home: { welcome: 'Welcome to {{company}}' } },
      sw: { home: { welcome: 'Karibu {{company}}' } },
    };
    expect(firstViewWords(view, ['en', 'sw'], (language) => files[language])).toEqual({
      en: { 'home.welcome': 'Welcome to {{company}}' },
      sw: { 'home.welcome': 'Karibu {{company}}' },
    });
    expect(() => firstViewWords(view, ['en', 'pt'], (language) => files[language])).toThrow('no string home.welcome in pt');
  });

  it("runs the first view's script at the end of the body, after the root", () => {
    expect(withFirstViewScript('<body>\n    <div id="root"></div>\n  </body>', 'function draw() {}')).toBe(
      '<body>\n    <div id="root"></div>\n    <script>(function draw() {})();</script>\n  </body>',
    );
    expect(() => withFirstViewScript('<body>', 'function draw() {}')).toThrow('no </body>');
  });
});
