import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * The static import graph of src, read from the source (decisions 049 and 051, issue 16): what a chunk brings with it
 * before any `import()`. A lazy import is where a heavy dependency may come in.
 */

/**
 * Every specifier a file imports statically (`import ... from`, `import '...'`, `export ... from`), comments left out;
 * with `types: false`, not those of `import type` and `export type`, which the build erases.
 */
export function staticImports(file: string, { types = true } = {}): string[] {
  const code = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(/(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'"]*?\s+from\s+)?'([^']+)'/g)]
    .filter((m) => types || m[1] === undefined)
    .map((m) => m[2]!);
}

/** The source file a relative specifier names, with the extensions the build resolves. */
export const resolveSource = (from: string, specifier: string) =>
  ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ext) => resolve(dirname(from), specifier) + ext)
    .find((f) => existsSync(f) && !f.endsWith('/'));

/**
 * Walks a file and what it imports statically through src, calling `onImport` with each importing file and
 * specifier; answers the files walked. `types: false` leaves out type-only imports.
 */
export function walkStaticImports(
  entry: string,
  onImport: (file: string, specifier: string) => void = () => {},
  { types = true } = {},
): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(file, { types })) {
      onImport(file, specifier);
      if (!specifier.startsWith('.')) continue;
      const target = resolveSource(file, specifier);
      if (target && /\.tsx?$/.test(target)) visit(target);
    }
  };
  visit(resolve(entry));
  return seen;
}
