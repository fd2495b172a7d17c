import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, nextTestIp, sameOrigin } from '../../../test/admin';
import { startApplicantSession } from '../../../test/applicant';
import { createTestAppInstances, type TestApp } from '../../../test/test-app';

/**
 * Two processes behind a load balancer share every session through the database: a session
 * started on one is known to the other, and a logout on one ends it on both.
 */

let a: TestApp;
let b: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  const created = await createTestAppInstances(2);
  [a, b] = created.instances as [TestApp, TestApp];
  close = created.close;
}, 180_000);
afterAll(async () => {
  await close();
});

describe('sessions over two app instances on one database', () => {
  it('an admin logged in on one instance is known to the other, and a logout on one ends it on both', async () => {
    const { cookie, row } = await adminSession(a);
    const sessionOn = (t: TestApp) =>
      t.app.inject({
        method: 'GET',
        url: '/api/admin/session',
        headers: { cookie, origin: sameOrigin(t) },
        remoteAddress: nextTestIp(),
      });

    for (const t of [a, b]) {
      const response = await sessionOn(t);
      expect(response.statusCode).toBe(200);
      expect(response.json().user.email).toBe(row.email);
    }

    const logout = await b.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { cookie, origin: sameOrigin(b) },
      remoteAddress: nextTestIp(),
    });
    expect(logout.statusCode).toBe(204);
    for (const t of [a, b]) expect((await sessionOn(t)).statusCode).toBe(401);
  });

  it('an applicant session started on one instance is read on the other; a stranger is not', async () => {
    const { cookie } = await startApplicantSession(a.app, 'PF', nextTestIp());
    const started = await a.app.inject({
      method: 'GET',
      url: '/api/applicant/sessions/PF',
      headers: { cookie },
    });
    expect(started.statusCode).toBe(200);

    const onB = await b.app.inject({
      method: 'GET',
      url: '/api/applicant/sessions/PF',
      headers: { cookie },
    });
    expect(onB.statusCode).toBe(200);
    expect(onB.json()).toEqual(started.json());

    const stranger = await b.app.inject({ method: 'GET', url: '/api/applicant/sessions/PF' });
    expect(stranger.statusCode).toBe(401);
  });
});
