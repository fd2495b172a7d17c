import { useSyncExternalStore } from 'react';

/** Below this width the sidebar becomes an off-canvas sheet (the `md` breakpoint). */
export const MOBILE_BREAKPOINT_PX = 768;
const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function mediaQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

function subscribe(onChange: () => void) {
  const list = mediaQuery();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Whether the viewport is narrower than the mobile breakpoint, following resizes. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches ?? false,
    () => false,
  );
}
