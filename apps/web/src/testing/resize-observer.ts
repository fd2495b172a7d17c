import { vi } from 'vitest';

/**
 * A ResizeObserver that observes nothing, for components that measure themselves (the Radix
 * consent checkboxes): jsdom has none. `vi.unstubAllGlobals()` removes it.
 */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
