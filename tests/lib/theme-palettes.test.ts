import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dashboardSystem } from '../../src/app/dashboard-system';
import { UNUSED_PALETTES } from '../../src/app/system';

/** Every .ts and .tsx file under src. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

describe('the palettes the system leaves out (issue 16: fewer CSS variables on the first load)', () => {
  it('are named by no screen, as a colorPalette or a colour token', () => {
    const named = new RegExp(
      `['"\`](${UNUSED_PALETTES.join('|')})['"\`]|\\b(${UNUSED_PALETTES.join('|')})\\.(\\d+|solid|subtle|muted|emphasized|fg|contrast|focusRing)\\b`,
    );
    // system.ts names them once, to leave them out.
    const users = sources('src').filter((file) => file !== join('src', 'app', 'system.ts') && named.test(readFileSync(file, 'utf8')));
    expect(users).toEqual([]);
  });

  it('are not in the system, and the palettes the screens use are', () => {
    for (const palette of UNUSED_PALETTES) expect(dashboardSystem.token(`colors.${palette}.500`)).toBeUndefined();
    for (const palette of ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple']) {
      expect(dashboardSystem.token(`colors.${palette}.500`), palette).toMatch(/^#/);
      expect(dashboardSystem.token(`colors.${palette}.solid`), palette).toBeDefined();
    }
  });
});
