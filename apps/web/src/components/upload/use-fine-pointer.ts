import { useSyncExternalStore } from 'react';

/** A mouse, a trackpad or a pen: a pointer that can drag a file onto the page. */
const finePointerQuery = '(any-pointer: fine)';

function mediaQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(finePointerQuery) : null;
}

function subscribe(onChange: () => void) {
  const list = mediaQuery();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/**
 * Whether the device has a fine pointer (a mouse plugged into a tablet counts), following
 * changes; a touch screen alone has none, so 'arraste o arquivo' is no advice there.
 */
export function useFinePointer(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches ?? true,
    () => true,
  );
}
