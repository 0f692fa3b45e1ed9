import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { importCycles } from '../../scripts/check-cycles';

/**
 * The import rule of docs/architecture.md is enforced by `npm run lint`; these cases prove it fires on a backward
 * import and stays quiet on the allowed ones (the source is linted as if it lived at `filePath`).
 */
const eslint = new ESLint({ cwd: process.cwd(), ignore: false });

async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('lint: the import boundaries', () => {
  it.each([
    [
      'a machine imports a screen',
      'src/machines/bad.machine.ts',
      "import { ConfirmDialog } from '../screens/common/confirm-dialog';\nexport const x = ConfirmDialog;",
    ],
    ['a screen imports a service', 'src/screens/common/bad.tsx', "import { call } from '../../services/http';\nexport const x = call;"],
    ['a screen imports the app', 'src/screens/common/bad.tsx', "import { AppRoutes } from '../../app/app';\nexport const x = AppRoutes;"],
    ['a service imports the app', 'src/services/bad.ts', "import { AppRoutes } from '../app/app';\nexport const x = AppRoutes;"],
    [
      'the contract imports a machine',
      'src/contract/bad.ts',
      "import { loadMachine } from '../machines/load.machine';\nexport const x = loadMachine;",
    ],
    ['the client imports the server', 'src/lib/bad.ts', "import { createApp } from '../../server/app';\nexport const x = createApp;"],
    [
      'the server imports a machine',
      'server/domain/bad.ts',
      "import { loadMachine } from '../../src/machines/load.machine';\nexport const x = loadMachine;",
    ],
    [
      'the server imports the bridge outside main.ts',
      'server/domain/bad.ts',
      "import * as bridge from '../../bridge/server';\nexport const x = bridge;",
    ],
  ])('refuses: %s', async (_name, filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([expect.stringMatching(/may not import/)]);
  });

  it.each([
    [
      'a screen imports a machine',
      'src/screens/common/ok.tsx',
      "import { loadMachine } from '../../machines/load.machine';\nexport const x = loadMachine;",
    ],
    ['the app imports a service', 'src/app/ok.ts', "import { call } from '../services/http';\nexport const x = call;"],
    ['a service imports the contract', 'src/services/ok.ts', "import { ROLES } from '../contract/roles';\nexport const x = ROLES;"],
    [
      'the server imports the contract and lib',
      'server/domain/ok.ts',
      "import { ROLES } from '../../src/contract/roles';\nimport { formatTzs } from '../../src/lib/money';\nexport const x = [ROLES, formatTzs];",
    ],
  ])('allows: %s', async (_name, filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([]);
  });

  it('finds an import cycle', async () => {
    expect(await importCycles(['tests/fixtures/lint-cycle'])).toEqual([['cycle-a.ts', 'cycle-b.ts']]);
  });
});
