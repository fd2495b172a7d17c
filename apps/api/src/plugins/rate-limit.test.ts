import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '@medipay/db/schema';
import { requestMessages } from '@medipay/shared/messages';
import { startApplicantSession } from '../../test/applicant';
import { createTestApp, type TestApp } from '../../test/test-app';
import { MAX_COOKIE_HEADER_BYTES } from './header-limits';
import { loggerOptions } from './logging';

/**
 * The per-session limits key a request by its applicant session only when the cookie names a live
 * one: a made-up cookie must not buy a counter row of its own (an attack run wrote 2,000 rows with
 * 2,000 junk cookies), and an oversized one is refused before any of that (issue 23, item 4).
 */

const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  t = await createTestApp({ logger: { ...(loggerOptions('info') as object), stream } });
});
afterAll(async () => {
  await t.close();
});

/** The counter rows of the routes whose URL contains `fragment`. */
const countersOf = async (fragment: string) =>
  t.database.db
    .select()
    .from(rateLimitCounters)
    .where(like(rateLimitCounters.key, `%${fragment}%`));

/** Made-up session cookies: garbage, and values shaped like real session ids. */
const junkCookie = (i: number) =>
  i % 2 === 0
    ? `lixo-${i}-${randomBytes(6).toString('hex')}`
    : `sess_${randomBytes(24).toString('base64url')}`;

const saveStep = (cookie: string, remoteAddress: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/applicant/PF/application/steps/1',
    headers: { cookie },
    payload: {},
    remoteAddress,
  });

describe('the per-session limits', () => {
  it('count requests with made-up session cookies under the per-address key only', async () => {
    const address = '198.51.100.40';
    const requests = [];
    for (let i = 0; i < 10; i += 1) {
      requests.push(saveStep(`medipay_pf=${junkCookie(i)}`, address));
      requests.push(
        t.app.inject({
          method: 'POST',
          url: '/api/applicant/PF/verification/verify',
          headers: { cookie: `medipay_pf=${junkCookie(i + 1)}` },
          payload: { channel: 'email', code: '123456' },
          remoteAddress: address,
        }),
      );
    }
    for (const response of await Promise.all(requests)) {
      expect(response.statusCode, response.body).toBe(401);
    }
    for (const route of ['/application/steps/', '/verification/verify']) {
      const rows = await countersOf(route);
      expect(rows.map((row) => row.key)).toEqual([expect.stringMatching(/:198\.51\.100\.40$/)]);
      expect(rows[0]!.count).toBe(10);
    }
  });

  it('keep a live session its own key, which does not carry the cookie', async () => {
    const address = '198.51.100.41';
    const first = await startApplicantSession(t.app, 'PF', address);
    const second = await startApplicantSession(t.app, 'PF', address);
    const before = new Set((await countersOf('/application/steps/')).map((row) => row.key));
    for (const session of [first, first, second]) await saveStep(session.cookie, address);
    const added = (await countersOf('/application/steps/')).filter((row) => !before.has(row.key));
    expect(added.map((row) => row.count).sort()).toEqual([1, 2]);
    for (const row of added) {
      expect(row.key).not.toContain(first.setCookie.value);
      expect(row.key).not.toContain(second.setCookie.value);
      expect(row.key).not.toContain(address);
    }
  });
});

describe('oversized cookies', () => {
  it('are refused with 431 before any limit or lookup, with one short log line', async () => {
    const address = '198.51.100.42';
    const session = await startApplicantSession(t.app, 'PF', address);
    const countersBefore = await countersOf('/application/steps/');
    const cases = [
      // The attack run's 3 KB junk session cookie: no cookie of the portal is that long.
      `medipay_pf=${'a'.repeat(3 * 1024)}`,
      // 8 KB of anything, over the Cookie header's limit.
      `${session.cookie}; outro=${'b'.repeat(8 * 1024)}`,
    ];
    for (const cookie of cases) {
      lines.length = 0;
      const response = await saveStep(cookie, address);
      expect(response.statusCode, response.body).toBe(431);
      expect(response.json()).toEqual({
        code: 'BAD_REQUEST',
        message: requestMessages.headersTooLarge,
      });
      const refusals = lines.filter((line) => line.includes('cookies over the size limit'));
      expect(refusals).toHaveLength(1);
      for (const line of lines) {
        expect(line.length).toBeLessThan(400);
        expect(line).not.toMatch(/aaaa|bbbb/);
      }
    }
    // Refused before the rate limit: nothing counted, for the address or the session.
    expect(await countersOf('/application/steps/')).toEqual(countersBefore);
  });

  it("let a request through with another site's cookies under the limit", async () => {
    const address = '198.51.100.43';
    const session = await startApplicantSession(t.app, 'PF', address);
    const foreign = `_ga=${'c'.repeat(MAX_COOKIE_HEADER_BYTES - session.cookie.length - 200)}`;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/applicant/PF/application',
      headers: { cookie: `${session.cookie}; ${foreign}` },
      remoteAddress: address,
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});
