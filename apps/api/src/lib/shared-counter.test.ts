import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DatabaseHandle } from '@medipay/db/client';
import { rateLimitCounters } from '@medipay/db/schema';
import { createTestDatabase, type TestDatabase } from '@medipay/db/testing/test-database';
import { createTestClock } from '../../test/test-clock';
import { createSharedCounter } from './shared-counter';
import { createWindowLimiter } from './window-limiter';

const minute = 60_000;
const clock = createTestClock(new Date('2026-11-22T12:00:00Z'));
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('shared counter', () => {
  it('counts the hits of a key in a fixed window and starts again once it is over', async () => {
    const counter = createSharedCounter({ db: database.db, clock });
    const start = clock.now().getTime();
    expect(await counter.peek('window')).toBeNull();
    const first = await counter.hit('window', 10 * minute);
    expect(first).toEqual({ count: 1, resetAt: new Date(start + 10 * minute), ttlMs: 10 * minute });
    clock.advance(4 * minute);
    expect(await counter.hit('window', 10 * minute)).toEqual({
      count: 2,
      resetAt: new Date(start + 10 * minute),
      ttlMs: 6 * minute,
    });
    expect((await counter.peek('window'))?.count).toBe(2);
    // Another key counts apart.
    expect((await counter.hit('other', 10 * minute)).count).toBe(1);
    // The window ends 10 minutes after its first hit, not after the last one.
    clock.advance(6 * minute);
    expect(await counter.peek('window')).toBeNull();
    const next = await counter.hit('window', 10 * minute);
    expect(next).toEqual({
      count: 1,
      resetAt: new Date(start + 20 * minute),
      ttlMs: 10 * minute,
    });
  });

  it('never reports more time left than the window, even with a clock set back', async () => {
    const counter = createSharedCounter({ db: database.db, clock });
    await counter.hit('set-back', minute);
    clock.advance(-5 * minute);
    const hit = await counter.hit('set-back', minute);
    expect(hit.count).toBe(2);
    expect(hit.ttlMs).toBe(minute);
    clock.advance(5 * minute);
  });

  it('sweeps the counters whose window is over, and only those', async () => {
    const counter = createSharedCounter({ db: database.db, clock });
    await database.db.delete(rateLimitCounters);
    await counter.hit('short', minute);
    await counter.hit('long', 10 * minute);
    clock.advance(minute);
    expect(await counter.sweep()).toBe(1);
    const left = await database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
    expect(left).toEqual([{ key: 'long' }]);
    expect((await counter.hit('long', 10 * minute)).count).toBe(2);
  });

  it('gives the window limiter its own keys: two limiters never count each other', async () => {
    const counter = createSharedCounter({ db: database.db, clock });
    const a = createWindowLimiter({ name: 'limiter-a', max: 2, windowMs: minute, counter });
    const b = createWindowLimiter({ name: 'limiter-b', max: 2, windowMs: minute, counter });
    expect([await a.take('k'), await a.take('k'), await a.take('k')]).toEqual([true, true, false]);
    expect(await b.take('k')).toBe(true);
    clock.advance(minute);
    expect(await a.take('k')).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('shared counter on PostgreSQL', () => {
  const pools: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const pool of pools) await pool.close();
  });

  it('counts every one of 300 parallel hits from three pools exactly once', async () => {
    for (let i = 0; i < 3; i += 1)
      pools.push(await createDb({ url: String(database.url), poolSize: 8 }));
    const counters = pools.map((pool) => createSharedCounter({ db: pool.db, clock }));
    const hits = await Promise.all(
      Array.from({ length: 300 }, (_, i) => counters[i % 3]!.hit('burst', 10 * minute)),
    );
    // Each hit saw the count the previous one left: 1 to 300, none twice, none lost.
    expect(hits.map((hit) => hit.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 300 }, (_, i) => i + 1),
    );
    expect(new Set(hits.map((hit) => hit.resetAt.getTime())).size).toBe(1);
  });
});
