import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { walkStaticImports } from '../support/static-imports';

/**
 * The dashboard's first load builds only the schemas its home page reads (issue 16): zod builds every schema of a
 * contract module when the module is first run, on the main thread, and the deposits' contract alone took longer to
 * run than the rest of the home page's contracts together. The home page's figures therefore have their own contract
 * (home-figures.ts, home-routes.ts), the settings theirs (settings.ts), and the home page reads the analyses', deposits',
 * reconciliation's, session's and requests' contracts not at all.
 */
const HEAVY = [
  'src/contract/analytics.ts',
  'src/contract/analytics-routes.ts',
  'src/contract/deposits.ts',
  'src/contract/reconciliation.ts',
];

const codeReachedFrom = (entry: string) => [...walkStaticImports(entry, undefined, { types: false })].map((file) => relative('.', file));

describe("the home page's contracts", () => {
  it("reach none of the analyses', deposits', reconciliation's, session's or requests' schemas from the home page's code", () => {
    const reached = [
      'src/app/live/home.ts',
      'src/app/live/settings.ts',
      'src/screens/home/home-screen.tsx',
      'src/app/dashboard-route.tsx',
    ].flatMap(codeReachedFrom);
    expect(reached).toContain('src/contract/home-figures.ts');
    expect(reached).toContain('src/contract/settings.ts');
    expect(reached.filter((file) => HEAVY.includes(file))).toEqual([]);
  });

  it('would see one: the analyses screen reaches the analyses and, through them, the lock types; the admin screens the requests', () => {
    const reached = codeReachedFrom('src/services/analytics.ts');
    expect(reached).toContain('src/contract/analytics.ts');
    expect(reached).toContain('src/contract/lock-solution.ts');
    expect(codeReachedFrom('src/services/portal-api.ts')).toContain('src/contract/requests.ts');
  });
});
