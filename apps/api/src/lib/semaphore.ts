/**
 * Runs at most `limit` tasks at once, in this process; the others wait in order. For work whose
 * memory grows with each task running at the same time (decoding images).
 */
export function createSemaphore(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiting task, or is freed.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
