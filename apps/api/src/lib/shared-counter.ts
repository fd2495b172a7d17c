import { sql } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import type { Clock } from './clock';

/** How often each process deletes the counters whose window is over. */
export const SHARED_COUNTER_SWEEP_INTERVAL_MS = 5 * 60_000;

export type CounterHit = {
  /** The hits of the key in its current window, this one included. */
  count: number;
  /** When the current window ends and the key starts again from zero. */
  resetAt: Date;
  /** The time left in the window, from the clock's now (0 to the window's length). */
  ttlMs: number;
};

/**
 * Fixed-window counters held in the database (`rate_limit_counters`), so that every process on
 * one database counts the same hits: the limits hold whatever the number of processes behind the
 * load balancer. Each hit is one statement (an insert that, on a key already there, adds one or
 * starts a new window when the old one is over), atomic on PostgreSQL under any concurrency and
 * the same on PGlite, where statements run one at a time. Times come from the application's
 * clock, as every other limit of the portal, so tests move windows with their clock.
 */
export type SharedCounter = {
  /** Counts one hit of `key` in a window of `windowMs` that starts with the key's first hit. */
  hit: (key: string, windowMs: number) => Promise<CounterHit>;
  /** The hits of `key` in its current window, without counting one; null when none. */
  peek: (key: string) => Promise<CounterHit | null>;
  /** Deletes the counters whose window is over; returns how many. */
  sweep: () => Promise<number>;
  /** Sweeps every `SHARED_COUNTER_SWEEP_INTERVAL_MS` until `stop`. */
  startSweeping: (log: { error: (object: object, message: string) => void }) => void;
  /** Stops the sweeps and waits for the one under way. */
  stop: () => Promise<void>;
};

type HitRow = { count: number; reset_at_ms: number };

export function createSharedCounter(deps: { db: Database; clock: Clock }): SharedCounter {
  const { db, clock } = deps;
  const toHit = (row: HitRow, now: Date): CounterHit => {
    const resetAt = new Date(Number(row.reset_at_ms));
    return {
      count: Number(row.count),
      resetAt,
      ttlMs: Math.max(0, resetAt.getTime() - now.getTime()),
    };
  };

  const sweep = async () => {
    const now = clock.now().toISOString();
    const result = await db.execute<{ deleted: number }>(sql`
      with swept as (
        delete from rate_limit_counters where expires_at <= ${now}::timestamptz returning 1
      )
      select count(*)::int as deleted from swept`);
    return Number(result.rows[0]?.deleted ?? 0);
  };

  let timer: ReturnType<typeof setInterval> | undefined;
  let sweeping: Promise<unknown> | undefined;

  return {
    hit: async (key, windowMs) => {
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + windowMs);
      // One statement: concurrent hits on one key wait for each other's row lock and each
      // sees the count the previous one left, from any connection of any process.
      const result = await db.execute<HitRow>(sql`
        insert into rate_limit_counters as c (key, count, window_start, expires_at)
        values (${key}, 1, ${now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz)
        on conflict (key) do update set
          count = case when c.expires_at <= excluded.window_start then 1 else c.count + 1 end,
          window_start = case when c.expires_at <= excluded.window_start
            then excluded.window_start else c.window_start end,
          expires_at = case when c.expires_at <= excluded.window_start
            then excluded.expires_at else c.expires_at end
        returning c.count as count, (extract(epoch from c.expires_at) * 1000)::float8 as reset_at_ms`);
      const row = result.rows[0];
      if (!row) throw new Error(`rate limit counter ${key}: the upsert returned no row`);
      const hit = toHit(row, now);
      // A clock set back (tests) leaves a window ending later than its length: never say so.
      return { ...hit, ttlMs: Math.min(hit.ttlMs, windowMs) };
    },

    peek: async (key) => {
      const now = clock.now();
      const result = await db.execute<HitRow>(sql`
        select count, (extract(epoch from expires_at) * 1000)::float8 as reset_at_ms
        from rate_limit_counters
        where key = ${key} and expires_at > ${now.toISOString()}::timestamptz`);
      const row = result.rows[0];
      return row ? toHit(row, now) : null;
    },

    sweep,

    startSweeping: (log) => {
      if (timer) return;
      timer = setInterval(() => {
        sweeping ??= sweep()
          .catch((error: unknown) =>
            log.error({ err: error }, 'could not delete the expired rate limit counters'),
          )
          .finally(() => {
            sweeping = undefined;
          });
      }, SHARED_COUNTER_SWEEP_INTERVAL_MS);
      timer.unref();
    },

    stop: async () => {
      if (timer) clearInterval(timer);
      timer = undefined;
      await sweeping;
    },
  };
}
