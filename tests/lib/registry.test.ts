import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../src/contract/roles';
import { NAV_GROUPS, REGISTRY, type ProcessEntry, type ScreenEntry } from '../../src/app/registry';
import { DASHBOARD_ROUTES, routeAt } from '../../src/app/routes';
import { NAV_TABLE, visibleLinks } from '../../src/app/nav-table';
import { PROCESSES } from '../../src/app/processes/catalogue';
import { ACTOR_CALLS } from '../../src/app/processes/actor-calls';
import { MACHINES } from '../../src/app/processes/machines';
import { LIVE_LOGIC, LIVE_LOGIC_LOADERS } from '../../src/app/live-logic';

const screens = REGISTRY.filter((e): e is ScreenEntry => e.kind === 'screen');
const processes = REGISTRY.filter((e): e is ProcessEntry => e.kind === 'process');
const navLinks = NAV_TABLE.flatMap((e) => (e.kind === 'link' ? [e] : e.children));

describe('the registry: routes, nav, shortcuts and the process catalogue derive from it', () => {
  it('gives every screen under /dashboard a route, with its screen and props, and no route without an entry', () => {
    const dashboard = screens.filter((s) => s.screen && (s.path === '/dashboard' || s.path.startsWith('/dashboard/')));
    expect(DASHBOARD_ROUTES.map((r) => `/dashboard${r.path ? `/${r.path}` : ''}`)).toEqual(dashboard.map((s) => s.path));
    for (const [i, route] of DASHBOARD_ROUTES.entries()) {
      expect(route.screen).toBe(dashboard[i]!.screen);
      expect(route.props).toBe(dashboard[i]!.props);
      expect(route.label).toBe(dashboard[i]!.label);
      // Drawn without Chakra's provider only when its entry says so (docs/decisions/049).
      expect(route.plain).toBe(dashboard[i]!.plain === true);
    }
  });

  it('finds the route of a whole path under /dashboard, its parameters matched, as the screen to start loading', () => {
    expect(routeAt('/dashboard')?.path).toBe('');
    expect(routeAt('/dashboard/')?.path).toBe('');
    expect(routeAt('/dashboard/customers/find')?.path).toBe('customers/find');
    expect(routeAt('/dashboard/stores/12')?.path).toBe('stores/:id');
    expect(routeAt('/dashboard/stores/12/more')).toBeUndefined();
    expect(routeAt('/dashboard/nowhere')).toBeUndefined();
  });

  it('registers a gated screen only for the roles its access allows', () => {
    expect(DASHBOARD_ROUTES.filter((r) => r.onlyFor).map((r) => r.path)).toEqual(
      screens.filter((s) => s.gated).map((s) => s.path.replace('/dashboard/', '')),
    );
  });

  it('puts every entry with access in the side nav once, with its label, access and group, and nothing else', () => {
    const inNav = screens.filter((s) => s.access);
    expect(navLinks.map((l) => l.path).sort()).toEqual(inNav.map((s) => s.path).sort());
    for (const entry of inNav) {
      const link = navLinks.find((l) => l.path === entry.path)!;
      expect(link.label).toBe(entry.label);
      expect(link.access).toBe(entry.access);
      const group = NAV_TABLE.find((g) => g.kind === 'group' && g.children.includes(link));
      expect(group?.label).toBe(entry.group);
    }
    for (const group of NAV_TABLE.filter((g) => g.kind === 'group'))
      expect(group.access).toBe(NAV_GROUPS[group.label as keyof typeof NAV_GROUPS]);
  });

  it('gives the home page its shortcuts from the same nav, ready without loading', () => {
    expect(LIVE_LOGIC.read('navLinks')).toBe(visibleLinks);
    expect(
      visibleLinks([...ROLES])
        .map((l) => l.path)
        .sort(),
    ).toEqual(
      screens
        .filter((s) => s.access)
        .map((s) => s.path)
        .sort(),
    );
  });

  it('gives every process a catalogue entry with its machine and its actor descriptions, in the registry order', async () => {
    expect(PROCESSES.map((p) => p.machine)).toEqual(processes.map((p) => MACHINES[p.id]));
    for (const [i, card] of PROCESSES.entries()) {
      expect(card.machine.id).toBe(processes[i]!.id);
      expect(card.calls).toBe(ACTOR_CALLS[processes[i]!.id]);
      expect(card.screens).toBe(processes[i]!.shownOn);
      expect(card.description).toBe(processes[i]!.about);
    }
    expect(Object.keys(MACHINES)).toEqual(processes.map((p) => p.id));
    expect(Object.keys(ACTOR_CALLS)).toEqual(processes.map((p) => p.id));
    expect(await LIVE_LOGIC.get('processes')).toBe(PROCESSES);
  });

  it('provides every live logic a screen asks for, each from one process', async () => {
    const dir = 'src/screens';
    const sources = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && /\.tsx?$/.test(d.name))
      .map((d) => readFileSync(join(d.parentPath, d.name), 'utf8'));
    const asked = new Set(sources.flatMap((text) => [...text.matchAll(/useLiveLogic\('(\w+)'\)/g)].map((m) => m[1]!)));
    expect(asked.size).toBeGreaterThan(10);
    expect([...asked].filter((name) => !(name in LIVE_LOGIC_LOADERS))).toEqual([]);
    const provided = processes.flatMap((p) => Object.keys(p.live ?? {}));
    expect(provided.filter((name, i) => provided.indexOf(name) !== i)).toEqual([]);
    // Each loader brings what the screens expect under its name.
    for (const name of Object.keys(LIVE_LOGIC_LOADERS) as Array<keyof typeof LIVE_LOGIC_LOADERS>)
      expect(await LIVE_LOGIC_LOADERS[name](), name).toBeTruthy();
  }, 60_000);

  it("names with each screen the live logic its files ask for, so it loads beside the screen's chunk", () => {
    // The screen file of each entry, read from the registry's source (its lazy import, the shared const's, or for a
    // screen that comes with the registry, decision 050, the registry's own import of it).
    const source = readFileSync('src/app/registry.ts', 'utf8');
    const shared = Object.fromEntries(
      [...source.matchAll(/const (\w+Screen) = lazyChunk\(\(\) => import\('([^']+)'\)\)/g)].map((m) => [m[1]!, m[2]!]),
    );
    const files = new Map<string, string>();
    const statement = /path: `\/dashboard\/finance\/\$\{/;
    for (const block of source.split(/\n {2}(?:screen|queue)\(/).slice(1)) {
      const path =
        /path: '([^']+)'/.exec(block)?.[1] ??
        { ADD_LOAN_SCREEN: '/dashboard/customers/add-loan', CUSTOMER_VIEW: '/dashboard/customers/view' }[
          /path: (\w+)/.exec(block)?.[1] ?? ''
        ];
      const eager = /screen: eagerChunk\((\w+)\)/.exec(block)?.[1];
      const lazy =
        /import\('([^']+)'\)/.exec(block)?.[1] ??
        (eager ? new RegExp(`import ${eager} from '([^']+)'`).exec(source)?.[1] : undefined) ??
        shared[/screen: (\w+Screen)/.exec(block)?.[1] ?? ''] ??
        (block.startsWith("'") ? shared.QueueScreen : undefined);
      if (path && lazy) files.set(path, resolve('src/app', `${lazy}.tsx`));
      if (statement.test(block))
        for (const entry of screens.filter((s) => s.path.startsWith('/dashboard/finance/')))
          files.set(entry.path, resolve('src/app', `${shared.StatementScreen}.tsx`));
    }
    expect(files.size).toBe(screens.filter((s) => s.screen).length);
    /** Every useLiveLogic name in a file and the screen files it imports (statically or lazily), within src/screens. */
    const askedBy = (file: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(file)) return new Set();
      seen.add(file);
      // Code only: a comment naming a live logic asks for nothing.
      const text = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      const names = new Set([...text.matchAll(/useLiveLogic\('(\w+)'\)/g)].map((m) => m[1]!));
      for (const m of text.matchAll(/(?:from |import\()'(\.{1,2}\/[^']+)'/g)) {
        const target = resolve(dirname(file), m[1]!);
        const found = ['.tsx', '.ts'].map((ext) => target + ext).find((f) => existsSync(f) && f.includes('/src/screens/'));
        if (found) for (const name of askedBy(found, seen)) names.add(name);
      }
      return names;
    };
    const missing = screens
      .filter((s) => s.screen)
      .flatMap((entry) =>
        [...askedBy(files.get(entry.path)!)].filter((name) => !entry.live?.includes(name as never)).map((name) => `${entry.path}: ${name}`),
      );
    expect(missing).toEqual([]);
  });
});
