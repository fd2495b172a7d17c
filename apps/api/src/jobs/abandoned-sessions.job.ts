import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock';

/** The purge runs once a day ... */
export const ABANDONED_SESSIONS_JOB_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** ... and once shortly after start, when the start-up work is done. */
export const ABANDONED_SESSIONS_JOB_FIRST_RUN_DELAY_MS = 60 * 1000;

export type AbandonedSessionsJob = {
  /** Schedules the first run; a second call does nothing. */
  start: () => void;
  /** Cancels the next run and waits for the one in progress, if any. */
  stop: () => Promise<void>;
  /** Runs the purge now, or joins the run in progress; never throws. */
  runNow: () => Promise<void>;
};

/**
 * The daily purge of abandoned applicant sessions, on a plain timer rather than pg-boss
 * scheduling (pg-boss runs with `schedule: false`). The next run is planned when the previous
 * one has ended, so two runs never overlap; a failed run is logged and the next day's run
 * still happens. Several servers may each run it: the purge locks with `skip locked`.
 */
export function createAbandonedSessionsJob(deps: {
  /** Deletes the abandoned sessions; answers how many. */
  purge: () => Promise<number>;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  clock: Clock;
  intervalMs?: number;
  firstRunDelayMs?: number;
  /** The log lines of a run (the same timer serves the retention job). */
  logLines?: { done: string; failed: string };
}): AbandonedSessionsJob {
  const logLines = deps.logLines ?? {
    done: 'abandoned applicant sessions purged',
    failed: 'purge of abandoned applicant sessions failed',
  };
  const { purge, log, clock } = deps;
  const intervalMs = deps.intervalMs ?? ABANDONED_SESSIONS_JOB_INTERVAL_MS;
  const firstRunDelayMs = deps.firstRunDelayMs ?? ABANDONED_SESSIONS_JOB_FIRST_RUN_DELAY_MS;

  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const runNow = () => {
    running ??= (async () => {
      const startedAt = clock.now().getTime();
      try {
        const removed = await purge();
        log.info({ removed, durationMs: clock.now().getTime() - startedAt }, logLines.done);
      } catch (error) {
        log.error({ err: error }, logLines.failed);
      }
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      timer = undefined;
      void runNow().then(() => {
        if (started && !timer) schedule(intervalMs);
      });
    }, delayMs);
    timer.unref();
  };

  return {
    start: () => {
      if (started) return;
      started = true;
      schedule(firstRunDelayMs);
    },
    stop: async () => {
      started = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
    runNow,
  };
}
