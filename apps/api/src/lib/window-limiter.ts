import type { Clock } from './clock';

/**
 * Counts events per key in a fixed time window, in this process: for limits keyed by something
 * the HTTP rate limiter does not see (an applicant session).
 */
export function createWindowLimiter(options: { max: number; windowMs: number; clock: Clock }) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** Counts one event; false when the key is over its limit in the current window. */
    take: (key: string): boolean => {
      const now = options.clock.now().getTime();
      const window = windows.get(key);
      if (!window || now - window.start >= options.windowMs) {
        if (windows.size > 10_000) {
          for (const [other, value] of windows) {
            if (now - value.start >= options.windowMs) windows.delete(other);
          }
        }
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      window.count += 1;
      return window.count <= options.max;
    },
  };
}
