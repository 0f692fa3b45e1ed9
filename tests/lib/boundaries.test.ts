import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Imports flow one way (docs/architecture.md): main -> app -> screens -> machines -> contract and lib;
 * app -> services -> machines, contract and lib. A plain scan of import specifiers, until a lint rule does it.
 */
const SRC = resolve('src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : [],
  );
}

/** The top folder of src a file is in (`main` for src/main.tsx). */
const layerOf = (path: string) =>
  relative(SRC, path)
    .split('/')[0]!
    .replace(/\.tsx?$/, '');

/** Every relative import of a file (static, dynamic and type-only), as the layer it lands in. */
function importedLayers(file: string): Array<{ specifier: string; layer: string }> {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.[^']+)'/g)].map((m) => m[1]!);
  return specifiers.map((specifier) => ({ specifier, layer: layerOf(resolve(dirname(file), specifier)) }));
}

const FORBIDDEN: Record<string, string[]> = {
  screens: ['main', 'app', 'services'],
  services: ['main', 'app', 'screens'],
  machines: ['main', 'app', 'screens', 'services'],
  contract: ['main', 'app', 'screens', 'services', 'machines'],
  lib: ['main', 'app', 'screens', 'services', 'machines'],
  app: ['main'],
};

describe('import boundaries', () => {
  const all = files(SRC);

  it('finds the screens and what they import', () => {
    expect(all.filter((f) => layerOf(f) === 'screens').length).toBeGreaterThan(40);
    expect(importedLayers(join(SRC, 'screens/home/home-screen.tsx')).map((i) => i.layer)).toContain('screens');
  });

  it('no file under src/screens imports src/app or src/services', () => {
    const backward = all
      .filter((f) => layerOf(f) === 'screens')
      .flatMap((f) =>
        importedLayers(f)
          .filter((i) => i.layer === 'app' || i.layer === 'services')
          .map((i) => `${relative(SRC, f)} -> ${i.specifier}`),
      );
    expect(backward).toEqual([]);
  });

  it('no layer imports a layer above it', () => {
    const backward = all.flatMap((f) =>
      importedLayers(f)
        .filter((i) => FORBIDDEN[layerOf(f)]?.includes(i.layer))
        .map((i) => `${relative(SRC, f)} -> ${i.specifier}`),
    );
    expect(backward).toEqual([]);
  });

  it('no screen calls .provide(): the app hands screens their live logic', () => {
    const providing = all
      .filter((f) => layerOf(f) === 'screens' && /\.provide\(/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f));
    expect(providing).toEqual([]);
  });
});
