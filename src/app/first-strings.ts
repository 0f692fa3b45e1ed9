/**
 * The string namespaces a signed-in page draws first, beside the default one, which the app's entry starts fetching
 * before i18next has come (main.tsx, docs/decisions/065): the layout's (its skip link), and an early screen's first
 * view (early-screens.ts). Here, with no imports, so the entry does not carry i18next.
 */
export const LAYOUT_STRINGS = ['admin'] as const;

/** The strings of each early screen's first view, by its path. */
export const EARLY_SCREEN_STRINGS: Readonly<Record<string, readonly string[]>> = {
  '/dashboard/customers/add-loan': ['deposit'],
};

/** The namespaces the signed-in page at `pathname` draws first. */
export function firstStrings(pathname: string): string[] {
  return [...LAYOUT_STRINGS, ...(EARLY_SCREEN_STRINGS[pathname.replace(/\/+$/, '')] ?? [])];
}
