import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/**
 * How long the app's close waits for work still running after its answer: server.ts's shutdown
 * budget counts on it. The work starts as soon as its answer has gone, so it has had the requests'
 * grace too; a status code is a few queries and a job sent.
 */
export const AFTER_ANSWER_CLOSE_MS = 3_000;

/** Work a route does after its answer, tracked until it ends. */
export type AfterAnswerWork = {
  /**
   * Runs `task` once the answer of `reply` has gone (or its connection closed). A failure is
   * logged on the request's logger with its type and code only, never its message: a failed
   * query's message quotes its parameters (a code, an e-mail address).
   */
  run: (reply: FastifyReply, task: () => Promise<void>) => void;
  /** Resolves once every task started so far, and any started meanwhile, has ended. */
  settled: () => Promise<void>;
  /**
   * For the app's close: waits for the tasks still running, up to `closeTimeoutMs`; logs how many
   * were left unfinished past it.
   */
  close: () => Promise<void>;
};

/**
 * Resolves once the answer has been handed to the connection (or the connection closed), on the
 * next turn of the event loop: what else runs on the answer's end (inject()'s own promises, say)
 * runs first, so that the work never counts in the answer's time.
 */
function answered(reply: FastifyReply): Promise<void> {
  const response = reply.raw;
  return new Promise((resolve) => {
    const later = () => setImmediate(resolve);
    if (response.writableFinished || response.destroyed) return later();
    const done = () => {
      response.off('finish', done);
      response.off('close', done);
      later();
    };
    response.on('finish', done);
    response.on('close', done);
  });
}

const codeOf = (value: unknown): string | undefined =>
  value && typeof value === 'object' && 'code' in value && typeof value.code === 'string'
    ? value.code
    : undefined;

/** What a failure was, without its message: its type and, for a database error, its SQLSTATE. */
export function failureOf(error: unknown): { type: string; code?: string } {
  const type = error instanceof Error ? error.name : typeof error;
  const code = codeOf(error) ?? (error instanceof Error ? codeOf(error.cause) : undefined);
  return code ? { type, code } : { type };
}

export function createAfterAnswerWork(deps: {
  log: FastifyBaseLogger;
  /** Names the work in the log lines ('status code send'). */
  what: string;
  closeTimeoutMs?: number;
}): AfterAnswerWork {
  const { log, what, closeTimeoutMs = AFTER_ANSWER_CLOSE_MS } = deps;
  const running = new Set<Promise<void>>();

  const settled = async () => {
    while (running.size > 0) await Promise.all(running);
  };

  return {
    run: (reply, task) => {
      const work: Promise<void> = answered(reply)
        .then(task)
        .catch((error: unknown) => {
          reply.log.error({ failure: failureOf(error) }, `${what} failed after the answer`);
        })
        .finally(() => running.delete(work));
      running.add(work);
    },
    settled,
    close: async () => {
      if (running.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<true>((resolve) => {
        timer = setTimeout(() => resolve(true), closeTimeoutMs);
      });
      const late = await Promise.race([settled().then(() => false), timedOut]);
      clearTimeout(timer);
      if (late) log.warn({ unfinished: running.size }, `${what} still running at close`);
    },
  };
}
