import { describe, expect, it } from 'vitest';
import { EARLY_SCREENS, startEarlyScreen } from '../../src/app/early-screens';
import { routeAt } from '../../src/app/routes';
import { i18n } from '../../src/i18n';

/**
 * The screens the app's entry starts beside the dashboard's code (docs/decisions/056) are a hint, not a second route
 * table: each is a route of the registry, drawn without Chakra and before its live logic, and the early load brings
 * the very module and strings the registry's entry draws with.
 */
describe('the screens started with the dashboard', () => {
  it('is the deposit wizard alone', () => {
    expect(Object.keys(EARLY_SCREENS)).toEqual(['/dashboard/customers/add-loan']);
  });

  it.each(Object.entries(EARLY_SCREENS))('%s: the registry route, its module and its strings', async (path, early) => {
    const route = routeAt(path)!;
    expect(route).toBeDefined();
    // Its first view needs neither Chakra nor its live logic (decision 051), and it is not drawn with the layout.
    expect(route.plain).toBe(true);
    expect(route.logicAfterDraw).toBe(true);
    expect(route.screen.eager).toBeUndefined();
    expect([...early.strings]).toEqual([...route.strings]);
    const [started, routed] = await Promise.all([early.load(), route.screen.preload() as Promise<{ default: unknown }>]);
    expect(started.default).toBe(routed.default);
  });

  it('asks for the strings of its first view, and nothing for another page', async () => {
    const asked: string[][] = [];
    const load = i18n.loadNamespaces.bind(i18n);
    i18n.loadNamespaces = ((ns: string | readonly string[], ...rest: never[]) => {
      asked.push(typeof ns === 'string' ? [ns] : [...ns]);
      return load(ns as string[], ...rest);
    }) as typeof i18n.loadNamespaces;
    try {
      startEarlyScreen('/dashboard/customers');
      startEarlyScreen('/dashboard');
      expect(asked).toEqual([]);
      startEarlyScreen('/dashboard/customers/add-loan/');
      expect(asked).toEqual([['deposit']]);
    } finally {
      i18n.loadNamespaces = load;
    }
  });
});
