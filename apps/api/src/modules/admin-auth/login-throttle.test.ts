import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions } from '@medipay/db/schema';
import {
  adminAuditActions,
  LOGIN_FAILURES_PER_IP,
  LOGIN_FAILURES_PER_SOURCE,
  LOGIN_KNOWN_SOURCE_MS,
  LOGIN_PACING_AFTER_FAILURES,
  LOGIN_PACING_INTERVAL_MS,
  LOGIN_THROTTLE_WINDOW_MS,
} from '@medipay/shared/admin';
import { errorCodes, genericMessages } from '@medipay/shared/api-error';
import { createTestAdmin, loginTestAdmin, nextTestIp, sameOrigin } from '../../../test/admin';
import { createTestApp, createTestAppInstances, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { loginRefusalNotes } from './admin-auth.service';

/**
 * The login throttle (decision 009): an address that keeps failing for an account waits for the
 * window; an account that keeps failing from anywhere is paced, never locked, so that knowing a
 * username is not enough to keep its admin out.
 */

const clock = createTestClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const second = 1000;
const windowSeconds = LOGIN_THROTTLE_WINDOW_MS / second;
const paceSeconds = LOGIN_PACING_INTERVAL_MS / second;

function login(credential: string, password: string, ip: string, app = t) {
  return app.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { origin: sameOrigin(app) },
    payload: { credential, password },
    remoteAddress: ip,
  });
}

type Response = Awaited<ReturnType<typeof login>>;

/** A 429 of the throttle, with its wait in the body and in Retry-After. */
function expectRefused(response: Response, retryAfterSeconds?: number) {
  expect(response.statusCode, response.body).toBe(429);
  const body = response.json();
  expect(body).toMatchObject({
    code: errorCodes.rateLimited,
    message: genericMessages.rateLimited,
  });
  expect(response.headers['retry-after']).toBe(String(body.retryAfterSeconds));
  if (retryAfterSeconds !== undefined) expect(body.retryAfterSeconds).toBe(retryAfterSeconds);
  expect(response.cookies).toHaveLength(0);
  return body.retryAfterSeconds as number;
}

/** The audit rows of an account's logins (either credential), by action. */
async function audit(app: TestApp, credentials: string[]) {
  const rows = await app.database.db
    .select()
    .from(adminActions)
    .where(inArray(adminActions.adminEmail, credentials));
  const of = (action: string) => rows.filter((row) => row.action === action);
  return {
    failed: of(adminAuditActions.loginFailed),
    throttled: of(adminAuditActions.loginThrottled),
    succeeded: of(adminAuditActions.loginSucceeded),
  };
}

describe('per account and source', () => {
  it(`refuses an address after ${LOGIN_FAILURES_PER_SOURCE} failures for the window, even with the right password; a new address is only paced`, async () => {
    const { row, password } = await createTestAdmin(t);
    const attacker = nextTestIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_SOURCE; i += 1) {
      expect((await login(row.email, `errada-${i}`, attacker)).statusCode).toBe(401);
    }
    expectRefused(await login(row.email.toUpperCase(), password, attacker), windowSeconds);

    // The admin elsewhere waits for the account's pace, not for the window.
    const admin = nextTestIp();
    expectRefused(await login(row.email, password, admin), paceSeconds);
    clock.advance(LOGIN_PACING_INTERVAL_MS);
    await loginTestAdmin(t, row.email, password, admin);

    // The failing address still waits; another account from it is not affected.
    expectRefused(await login(row.email, password, attacker), windowSeconds - paceSeconds);
    const other = await createTestAdmin(t);
    await loginTestAdmin(t, other.row.username, other.password, attacker);

    const { failed, throttled } = await audit(t, [row.email]);
    expect(failed).toHaveLength(LOGIN_FAILURES_PER_SOURCE);
    expect(throttled.map((entry) => `${entry.ip}: ${entry.observacoes}`).sort()).toEqual(
      [
        `${attacker}: ${loginRefusalNotes.source}`,
        `${admin}: ${loginRefusalNotes.pacing}`,
        `${attacker}: ${loginRefusalNotes.source}`,
      ].sort(),
    );
    expect(throttled.every((entry) => entry.adminUserId === row.id)).toBe(true);

    clock.advance(LOGIN_THROTTLE_WINDOW_MS - LOGIN_PACING_INTERVAL_MS);
    await loginTestAdmin(t, row.email, password, attacker);
  });

  it('counts the e-mail and the username of one account as one credential', async () => {
    const { row, password } = await createTestAdmin(t);
    const ip = nextTestIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_SOURCE; i += 1) {
      const credential = i % 2 ? row.username.toUpperCase() : row.email;
      expect((await login(credential, `errada-${i}`, ip)).statusCode).toBe(401);
    }
    for (const credential of [row.email, row.username]) {
      expectRefused(await login(credential, password, ip), windowSeconds);
    }
    const { throttled } = await audit(t, [row.email, row.username]);
    expect(throttled).toHaveLength(2);
    for (const entry of throttled) {
      expect(entry).toMatchObject({ adminUserId: row.id, observacoes: loginRefusalNotes.source });
    }
  });

  it(`refuses an IP after ${LOGIN_FAILURES_PER_IP} failures across accounts`, async () => {
    const { row, password } = await createTestAdmin(t);
    const ip = nextTestIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_IP; i += 1) {
      expect((await login(`tentativa${i}@medipay.test`, 'x', ip)).statusCode).toBe(401);
    }
    expectRefused(await login(row.email, password, ip), windowSeconds);
    const { throttled } = await audit(t, [row.email]);
    expect(throttled).toMatchObject([{ ip, observacoes: loginRefusalNotes.ip }]);

    // The account itself is fine from elsewhere.
    await loginTestAdmin(t, row.email, password);

    clock.advance(LOGIN_THROTTLE_WINDOW_MS);
    await loginTestAdmin(t, row.email, password, ip);
  });

  it('keeps the IP limit under a parallel burst across unknown accounts', async () => {
    const ip = nextTestIp();
    const responses = await Promise.all(
      Array.from({ length: 3 * LOGIN_FAILURES_PER_IP }, (_, i) =>
        login(`rajada${i}@medipay.test`, 'x', ip),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_FAILURES_PER_IP);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * LOGIN_FAILURES_PER_IP);
  });

  it('does not count a successful login against the limits', async () => {
    const { row, password } = await createTestAdmin(t);
    const ip = nextTestIp();
    for (let i = 0; i < 2 * LOGIN_FAILURES_PER_SOURCE; i += 1) {
      await loginTestAdmin(t, i % 2 ? row.username : row.email, password, ip);
    }
    for (let i = 0; i < LOGIN_FAILURES_PER_SOURCE - 1; i += 1) {
      expect((await login(row.email, 'errada', ip)).statusCode).toBe(401);
    }
    await loginTestAdmin(t, row.email, password, ip);
  });
});

describe('an attack on one account from many addresses', () => {
  it('paces the guesses instead of locking the account: the admin from a new address waits seconds', async () => {
    const { row, password } = await createTestAdmin(t);
    // 50 wrong passwords, one a second, each from a new address.
    const statuses: number[] = [];
    const started = clock.now().getTime();
    for (let i = 0; i < 50; i += 1) {
      if (i > 0) clock.advance(second);
      const response = await login(i % 2 ? row.username : row.email, `errada-${i}`, nextTestIp());
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(expectRefused(response)).toBeLessThanOrEqual(paceSeconds);
      } else {
        expect(response.statusCode).toBe(401);
      }
    }
    const elapsed = clock.now().getTime() - started;
    const verified = statuses.filter((status) => status === 401).length;
    // The first guesses go through, then one per interval: most are refused.
    expect(statuses.slice(0, LOGIN_PACING_AFTER_FAILURES).every((s) => s === 401)).toBe(true);
    expect(verified).toBeLessThanOrEqual(
      LOGIN_PACING_AFTER_FAILURES + Math.ceil(elapsed / LOGIN_PACING_INTERVAL_MS),
    );
    expect(verified).toBeLessThan(15);

    // A second later the admin, from an address never seen, waits a few seconds at most.
    clock.advance(second);
    const admin = nextTestIp();
    const first = await login(row.email, password, admin);
    if (first.statusCode !== 200) {
      const wait = expectRefused(first);
      expect(wait).toBeLessThanOrEqual(paceSeconds);
      clock.advance(wait * second);
    }
    await loginTestAdmin(t, row.email, password, admin);

    // Every guess was audited: a failure when checked, a refusal (account pacing) otherwise.
    const { failed, throttled } = await audit(t, [row.email, row.username]);
    expect(failed).toHaveLength(verified);
    const refusals = statuses.length - verified + (first.statusCode === 200 ? 0 : 1);
    expect(throttled).toHaveLength(refusals);
    for (const entry of throttled) {
      expect(entry).toMatchObject({ adminUserId: row.id, observacoes: loginRefusalNotes.pacing });
    }
  });

  it('does not pace an address the admin logged in from lately; a new one is paced', async () => {
    const { row, password } = await createTestAdmin(t);
    const office = nextTestIp();
    await loginTestAdmin(t, row.email, password, office);
    clock.advance(60 * second);

    for (let i = 0; i < 20; i += 1) await login(row.email, `errada-${i}`, nextTestIp());
    await loginTestAdmin(t, row.email, password, office);
    expectRefused(await login(row.email, password, nextTestIp()));

    // The known address keeps its own budget for the account.
    for (let i = 0; i < LOGIN_FAILURES_PER_SOURCE; i += 1) {
      expect((await login(row.email, `errada-${i}`, office)).statusCode).toBe(401);
    }
    expectRefused(await login(row.email, password, office), windowSeconds);

    // Known for LOGIN_KNOWN_SOURCE_MS after the last login from it.
    clock.advance(LOGIN_KNOWN_SOURCE_MS);
    for (let i = 0; i < 20; i += 1) await login(row.email, `errada-${i}`, nextTestIp());
    expectRefused(await login(row.email, password, office), paceSeconds);
  });

  it('keeps a parallel burst of 100 from one address within its limit', async () => {
    const { row, password } = await createTestAdmin(t);
    const ip = nextTestIp();
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        login(i % 2 ? row.email : row.username, `errada-${i}`, ip),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    const verified = statuses.filter((status) => status === 401).length;
    expect(verified, statuses.join(',')).toBeLessThanOrEqual(LOGIN_FAILURES_PER_SOURCE);
    for (const response of responses.filter((r) => r.statusCode !== 401)) expectRefused(response);

    const { failed, throttled } = await audit(t, [row.email, row.username]);
    expect(failed).toHaveLength(verified);
    expect(throttled).toHaveLength(100 - verified);

    // The admin elsewhere gets in after the pace.
    clock.advance(LOGIN_PACING_INTERVAL_MS);
    await loginTestAdmin(t, row.email, password);
  });

  it('keeps a parallel burst of 100 from 100 addresses within the pace', async () => {
    const { row, password } = await createTestAdmin(t);
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        login(i % 2 ? row.email : row.username, `errada-${i}`, nextTestIp()),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    const verified = statuses.filter((status) => status === 401).length;
    // At one instant: the attempts before the pace starts, then none.
    expect(verified, statuses.join(',')).toBeLessThanOrEqual(LOGIN_PACING_AFTER_FAILURES);
    for (const response of responses.filter((r) => r.statusCode !== 401)) {
      expectRefused(response, paceSeconds);
    }
    const { failed, throttled } = await audit(t, [row.email, row.username]);
    expect(failed).toHaveLength(verified);
    expect(throttled).toHaveLength(100 - verified);

    clock.advance(LOGIN_PACING_INTERVAL_MS);
    await loginTestAdmin(t, row.username, password);
  });
});

describe('two app instances on one database', () => {
  const instancesClock = createTestClock();
  let instances: TestApp[];
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ instances, close } = await createTestAppInstances(2, { clock: instancesClock }));
  });
  afterAll(async () => {
    await close();
  });

  /** A burst of 100 attempts, alternating between the two instances. */
  async function splitBurst(credentials: string[], ip: () => string) {
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        login(credentials[i % credentials.length]!, `errada-${i}`, ip(), instances[i % 2]!),
      ),
    );
    return responses.map((response) => response.statusCode);
  }

  it('keeps a burst from one address split across both within the limit', async () => {
    const [a, b] = instances as [TestApp, TestApp];
    const { row, password } = await createTestAdmin(a);
    const ip = nextTestIp();
    const statuses = await splitBurst([row.email, row.username], () => ip);
    const verified = statuses.filter((status) => status === 401).length;
    expect(verified, statuses.join(',')).toBeLessThanOrEqual(LOGIN_FAILURES_PER_SOURCE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - verified);
    const { failed, throttled } = await audit(a, [row.email, row.username]);
    expect(failed).toHaveLength(verified);
    expect(throttled).toHaveLength(100 - verified);

    // Either instance refuses that address for the window.
    expectRefused(await login(row.email, password, ip, b));
    instancesClock.advance(LOGIN_PACING_INTERVAL_MS);
    await loginTestAdmin(b, row.email, password);
  });

  it('keeps a burst from rotating addresses split across both within the pace', async () => {
    const [a, b] = instances as [TestApp, TestApp];
    const { row, password } = await createTestAdmin(b);
    const statuses = await splitBurst([row.username, row.email], nextTestIp);
    const verified = statuses.filter((status) => status === 401).length;
    expect(verified, statuses.join(',')).toBeLessThanOrEqual(LOGIN_PACING_AFTER_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - verified);
    const refused = await a.database.db
      .select()
      .from(adminActions)
      .where(
        and(
          eq(adminActions.adminUserId, row.id),
          eq(adminActions.action, adminAuditActions.loginThrottled),
        ),
      );
    expect(refused).toHaveLength(100 - verified);

    instancesClock.advance(LOGIN_PACING_INTERVAL_MS);
    await loginTestAdmin(a, row.email, password);
  });
});
