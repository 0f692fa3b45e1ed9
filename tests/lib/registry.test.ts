import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../src/contract/roles';
import { NAV_GROUPS, REGISTRY, type ProcessEntry, type ScreenEntry } from '../../src/app/registry';
import { DASHBOARD_ROUTES } from '../../src/app/routes';
import { NAV_TABLE, visibleLinks } from '../../src/app/nav-table';
import { PROCESSES } from '../../src/app/processes/catalogue';
import { ACTOR_CALLS } from '../../src/app/processes/actor-calls';
import { LIVE_LOGIC } from '../../src/app/live-logic';

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
    }
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

  it('gives the home page its shortcuts from the same nav', () => {
    expect(LIVE_LOGIC.navLinks).toBe(visibleLinks);
    expect(
      LIVE_LOGIC.navLinks([...ROLES])
        .map((l) => l.path)
        .sort(),
    ).toEqual(
      screens
        .filter((s) => s.access)
        .map((s) => s.path)
        .sort(),
    );
  });

  it('gives every process a catalogue entry and its actor descriptions, in the registry order', () => {
    expect(PROCESSES.map((p) => p.machine)).toEqual(processes.map((p) => p.machine));
    for (const [i, card] of PROCESSES.entries()) {
      expect(card.calls).toBe(processes[i]!.calls);
      expect(card.screens).toBe(processes[i]!.shownOn);
      expect(card.description).toBe(processes[i]!.about);
    }
    expect(Object.keys(ACTOR_CALLS)).toEqual(processes.map((p) => p.machine.id));
    expect(LIVE_LOGIC.processes).toBe(PROCESSES);
  });

  it('provides every live logic a screen asks for, each from one process', () => {
    const dir = 'src/screens';
    const sources = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && /\.tsx?$/.test(d.name))
      .map((d) => readFileSync(join(d.parentPath, d.name), 'utf8'));
    const asked = new Set(sources.flatMap((text) => [...text.matchAll(/useLiveLogic\('(\w+)'\)/g)].map((m) => m[1]!)));
    expect(asked.size).toBeGreaterThan(10);
    expect([...asked].filter((name) => !(name in LIVE_LOGIC))).toEqual([]);
    const provided = processes.flatMap((p) => Object.keys(p.live ?? {}));
    expect(provided.filter((name, i) => provided.indexOf(name) !== i)).toEqual([]);
  });
});
