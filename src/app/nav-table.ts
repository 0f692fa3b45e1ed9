import { allows, type Access } from '../contract/roles';
import { NAV_GROUPS, REGISTRY, type RegistryEntry } from './registry';

export interface NavLink {
  readonly kind: 'link';
  /** i18n key of the label. */
  readonly label: string;
  readonly path: string;
  readonly access: Access;
}

export interface NavGroup {
  readonly kind: 'group';
  readonly label: string;
  readonly access: Access;
  readonly children: readonly NavLink[];
}

export type NavEntry = NavLink | NavGroup;

/** The side navigation (spec section 2), from the registry: its entries with `access`, in order, each group where its first entry is. */
export const NAV_TABLE: readonly NavEntry[] = navTableOf(REGISTRY);

function navTableOf(entries: readonly RegistryEntry[]): NavEntry[] {
  const table: NavEntry[] = [];
  for (const entry of entries) {
    if (entry.kind !== 'screen' || !entry.access) continue;
    const link: NavLink = { kind: 'link', label: entry.label, path: entry.path, access: entry.access };
    if (!entry.group) {
      table.push(link);
      continue;
    }
    const group = table.find((e): e is NavGroup => e.kind === 'group' && e.label === entry.group);
    if (group) (group.children as NavLink[]).push(link);
    else table.push({ kind: 'group', label: entry.group, access: NAV_GROUPS[entry.group], children: [link] });
  }
  return table;
}

/**
 * What a user with these roles sees: links they may open, and groups they may open that hold at least one
 * such link (a group with nothing inside would be a dead end).
 */
export function visibleNav(roles: readonly string[], table: readonly NavEntry[] = NAV_TABLE): NavEntry[] {
  const visible: NavEntry[] = [];
  for (const entry of table) {
    if (!allows(entry.access, roles)) continue;
    if (entry.kind === 'link') {
      visible.push(entry);
      continue;
    }
    const children = entry.children.filter((child) => allows(child.access, roles));
    if (children.length) visible.push({ ...entry, children });
  }
  return visible;
}

/** Every link a user sees, groups flattened: the dashboard's shortcuts and the tests' expectation. */
export function visibleLinks(roles: readonly string[]): NavLink[] {
  return visibleNav(roles).flatMap((entry) => (entry.kind === 'link' ? [entry] : entry.children));
}

/** The group holding a path, which starts open. */
export function groupOf(path: string): string | undefined {
  return NAV_TABLE.find(
    (e): e is NavGroup => e.kind === 'group' && e.children.some((c) => path === c.path || path.startsWith(`${c.path}/`)),
  )?.label;
}
