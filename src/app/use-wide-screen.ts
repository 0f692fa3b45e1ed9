import { useSyncExternalStore } from 'react';

/** Desktop: wider than 900 px, where the drawer is open by default (spec section 9). */
const QUERY = '(min-width: 901px)';

export function useWideScreen(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(QUERY);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(QUERY).matches,
    () => true,
  );
}
