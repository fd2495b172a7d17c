import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestClock } from '../../test/test-clock';
import {
  ABANDONED_SESSIONS_JOB_FIRST_RUN_DELAY_MS,
  ABANDONED_SESSIONS_JOB_INTERVAL_MS,
  createAbandonedSessionsJob,
} from './abandoned-sessions.job';

const day = ABANDONED_SESSIONS_JOB_INTERVAL_MS;
const firstRun = ABANDONED_SESSIONS_JOB_FIRST_RUN_DELAY_MS;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const log = { info: vi.fn(), error: vi.fn() };
const clock = createTestClock();

beforeEach(() => {
  vi.useFakeTimers();
  log.info.mockClear();
  log.error.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the daily purge of abandoned sessions', () => {
  it('runs shortly after start, then once a day', async () => {
    const purge = vi.fn(async () => 3);
    const job = createAbandonedSessionsJob({ purge, log, clock });
    job.start();
    job.start();

    await vi.advanceTimersByTimeAsync(firstRun - 1);
    expect(purge).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(purge).toHaveBeenCalledTimes(1);
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ removed: 3 }),
      'abandoned applicant sessions purged',
    );

    await vi.advanceTimersByTimeAsync(day - 1);
    expect(purge).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(purge).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5 * day);
    expect(purge).toHaveBeenCalledTimes(7);

    await job.stop();
    await vi.advanceTimersByTimeAsync(3 * day);
    expect(purge).toHaveBeenCalledTimes(7);
  });

  it('never overlaps: a slow run delays the next one', async () => {
    const slow = deferred<number>();
    const purge = vi.fn(() => slow.promise);
    const job = createAbandonedSessionsJob({ purge, log, clock });
    job.start();

    await vi.advanceTimersByTimeAsync(firstRun + 3 * day);
    expect(purge).toHaveBeenCalledTimes(1);
    // A manual run joins the one in progress.
    const manual = job.runNow();
    expect(purge).toHaveBeenCalledTimes(1);

    slow.resolve(10);
    await manual;
    expect(purge).toHaveBeenCalledTimes(1);
    purge.mockImplementation(async () => 0);
    await vi.advanceTimersByTimeAsync(day - 1);
    expect(purge).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(purge).toHaveBeenCalledTimes(2);
    await job.stop();
  });

  it('logs a failed purge and runs again the next day', async () => {
    const purge = vi
      .fn<() => Promise<number>>()
      .mockRejectedValueOnce(new Error('database unavailable'))
      .mockResolvedValue(2);
    const job = createAbandonedSessionsJob({ purge, log, clock });
    job.start();

    await vi.advanceTimersByTimeAsync(firstRun);
    expect(purge).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: 'database unavailable' }) },
      'purge of abandoned applicant sessions failed',
    );

    await vi.advanceTimersByTimeAsync(day);
    expect(purge).toHaveBeenCalledTimes(2);
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ removed: 2 }),
      'abandoned applicant sessions purged',
    );
    await job.stop();
  });

  it('waits for the run in progress when stopped, and plans nothing after it', async () => {
    const slow = deferred<number>();
    const purge = vi.fn(() => slow.promise);
    const job = createAbandonedSessionsJob({ purge, log, clock });
    job.start();
    await vi.advanceTimersByTimeAsync(firstRun);

    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    slow.resolve(1);
    await stopping;
    expect(stopped).toBe(true);

    await vi.advanceTimersByTimeAsync(3 * day);
    expect(purge).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
