import { describe, expect, it } from 'vitest';
import { createSemaphore } from './semaphore';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('createSemaphore', () => {
  it('never runs more than its limit at once, and runs every task', async () => {
    const limit = createSemaphore(2);
    let running = 0;
    let most = 0;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        limit(async () => {
          running += 1;
          most = Math.max(most, running);
          await tick();
          running -= 1;
          return index;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('frees the slot of a task that fails', async () => {
    const limit = createSemaphore(1);
    await expect(limit(() => Promise.reject(new Error('falhou')))).rejects.toThrow('falhou');
    expect(await limit(async () => 'depois')).toBe('depois');
  });
});
