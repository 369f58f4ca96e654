// Whether a media query matches, kept current; read during render (useSyncExternalStore), so the first
// render already has the answer and nothing renders twice. The screens without MUI use it instead of
// MUI's useMediaQuery.
import { useCallback, useSyncExternalStore } from 'react';

/** MUI's `theme.breakpoints.up('md')`. */
export const MD_UP = '(min-width:900px)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
