import { SIDEBAR_NARROW_THRESHOLD_PX } from '@rostra/core/shell/constants';
import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below 770 px the sidebar slides in over the page instead of sitting beside it (spec §2). */
export function useIsNarrow(): boolean {
  return useMediaQuery(`(max-width: ${SIDEBAR_NARROW_THRESHOLD_PX - 0.02}px)`);
}
