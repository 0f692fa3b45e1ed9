/**
 * No import cycles in the portal, its server or the bridge (docs/architecture.md), type-only imports included: a
 * cycle of types still ties the files' order and is what made the deposit steps and their container one knot.
 * `npm run lint` runs it; `tsx scripts/check-cycles.ts <dir>...` checks other folders (the test's fixture).
 */
import madge from 'madge';

export async function importCycles(paths: string[]): Promise<string[][]> {
  const graph = await madge(paths, {
    fileExtensions: ['ts', 'tsx'],
    tsConfig: 'tsconfig.json',
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  return graph.circular();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dirs = process.argv.slice(2);
  const cycles = await importCycles(dirs.length ? dirs : ['src', 'server', 'bridge']);
  for (const cycle of cycles) console.error(`import cycle: ${[...cycle, cycle[0]].join(' -> ')}`);
  if (cycles.length) process.exit(1);
  console.log('no import cycles');
}
