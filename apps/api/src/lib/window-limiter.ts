import type { SharedCounter } from './shared-counter';

/**
 * Counts events per key in a fixed time window, on the shared counters of the database (every
 * process sees the same counts): for limits keyed by something the HTTP rate limiter does not
 * see (an applicant session). `name` keeps one limiter's keys apart from another's.
 *
 * A database error is not caught here: it reaches the route, whose request needs the database
 * anyway (the session was just read from it), and the error handler answers it like any other.
 */
export function createWindowLimiter(options: {
  name: string;
  max: number;
  windowMs: number;
  counter: SharedCounter;
}) {
  return {
    /** Counts one event; false when the key is over its limit in the current window. */
    take: async (key: string): Promise<boolean> => {
      const hit = await options.counter.hit(`${options.name}:${key}`, options.windowMs);
      return hit.count <= options.max;
    },
  };
}
