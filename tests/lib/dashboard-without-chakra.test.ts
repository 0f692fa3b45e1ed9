import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_ROUTES } from '../../src/app/routes';
import { resolveSource, staticImports, walkStaticImports } from '../support/static-imports';

/**
 * The signed-in layout and the home page are drawn without Chakra (docs/decisions/049): what the dashboard loads
 * before the user leaves the home page must not bring Chakra's runtime, its theme, Emotion, Ark or Zag. These are the
 * static imports (not `import()`) from the dashboard's chunk and from each screen marked `plain` in the registry,
 * followed through src; a lazy import is where Chakra may come in.
 */
const CHAKRA = /^(@chakra-ui\/|@chakra-theme\/|@emotion\/|@ark-ui\/|@zag-js\/)/;

/** What a file and the files it imports statically import, as `file -> specifier` for each Chakra one. */
function chakraImportsOf(entry: string): string[] {
  const found: string[] = [];
  walkStaticImports(entry, (file, specifier) => {
    if (CHAKRA.test(specifier)) found.push(`${relative('.', file)} -> ${specifier}`);
  });
  return found;
}

/**
 * The screen files of the registry's `plain` entries, read from its source: their lazy imports, or for a screen that
 * comes with the registry (`eagerChunk(Name)`, decision 050) the registry's own import of it.
 */
function plainScreenFiles(): string[] {
  const source = readFileSync('src/app/registry.ts', 'utf8');
  const screenFile = (block: string) =>
    /import\('([^']+)'\)/.exec(block)?.[1] ??
    new RegExp(`import ${/eagerChunk\((\w+)\)/.exec(block)![1]} from '([^']+)'`).exec(source)![1]!;
  return source
    .split(/\n {2}screen\(/)
    .slice(1)
    .filter((block) => /\bplain: true\b/.test(block.slice(0, block.indexOf('\n  }),'))))
    .map((block) => resolveSource(resolve('src/app/registry.ts'), screenFile(block))!);
}

describe('the dashboard without Chakra until the user leaves the home page (docs/decisions/049)', () => {
  it('marks the home page and the deposit wizard (its first view, decision 051), and only them, as drawn without Chakra', () => {
    expect(DASHBOARD_ROUTES.filter((route) => route.plain).map((route) => route.path)).toEqual(['', 'customers/add-loan']);
    expect(plainScreenFiles().map((file) => relative('.', file))).toEqual([
      'src/screens/home/home-screen.tsx',
      'src/screens/first-deposit/first-deposit-screen.tsx',
    ]);
  });

  it("hands the screens Chakra's lazy provider, which the wizard draws around its later steps only", () => {
    expect(readFileSync('src/app/layout/dashboard-layout.tsx', 'utf8')).toMatch(/<Screen [^>]*\bchakra=\{LazyChakraRoot\}/);
    // The later steps, the leave dialog and a deposit in progress draw with Chakra, in a chunk of their own.
    expect(chakraImportsOf('src/screens/first-deposit/later-steps.tsx').length).toBeGreaterThan(0);
    expect(staticImports('src/screens/first-deposit/first-deposit-screen.tsx')).not.toContain('./later-steps');
    expect(staticImports('src/screens/first-deposit/search-step.tsx')).not.toContain('./held-deposit');
  });

  it("imports no Chakra, Emotion, Ark or Zag with the layout's chunk or the plain screens' chunks", () => {
    const entries = ['src/app/dashboard-route.tsx', ...plainScreenFiles()];
    expect(entries.flatMap(chakraImportsOf)).toEqual([]);
  });

  it('would see a Chakra import: the screens drawn with Chakra have them, and so does what the menus load', () => {
    expect(chakraImportsOf('src/screens/customers/find-customer-screen.tsx').length).toBeGreaterThan(0);
    expect(chakraImportsOf('src/app/layout/user-menu-list.tsx')).toContain('src/app/chakra-root.tsx -> @chakra-ui/react');
    expect(staticImports('src/app/layout/dashboard-layout.tsx')).toContain('../lazy-chakra-root');
  });
});
