import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '@medipay/shared/admin';
import { errorCodes } from '@medipay/shared/api-error';
import { sameOrigin } from '../../../test/admin';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Every route of the built app under /api/admin, from the route table app.ts collects with an
 * onRoute hook (so a route registered anywhere, under any plugin, is in it).
 */
function adminRoutes(t: TestApp) {
  return t.app.routeTable.filter((route) => route.url.startsWith('/api/admin'));
}

const isLogin = (route: { method: string; url: string }) =>
  route.method === 'POST' && route.url === '/api/admin/login';

/**
 * The admin routes that do not answer 401 to a request without a session cookie (a
 * same-origin one, so that the Origin check does not answer first); params are random uuids.
 */
async function unguardedAdminRoutes(t: TestApp): Promise<string[]> {
  const unguarded: string[] = [];
  for (const route of adminRoutes(t)) {
    if (isLogin(route)) continue;
    const url = route.url.replace(/:[A-Za-z0-9_]+/g, () => randomUUID()).replace(/\*/g, 'x');
    const readOnly = ['GET', 'HEAD', 'OPTIONS'].includes(route.method);
    const response = await t.app.inject({
      method: route.method as 'GET',
      url,
      headers: readOnly ? {} : { origin: sameOrigin(t) },
    });
    const guarded =
      response.statusCode === 401 &&
      (route.method === 'HEAD' ||
        (response.json().code === errorCodes.unauthorized &&
          response.json().message === adminMessages.sessionRequired));
    if (!guarded) unguarded.push(`${route.method} ${route.url} -> ${response.statusCode}`);
  }
  return unguarded;
}

describe('the admin route table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('holds the routes of the contract', () => {
    const routes = adminRoutes(t).map((route) => `${route.method} ${route.url}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/admin/login',
        'POST /api/admin/logout',
        'GET /api/admin/session',
        'GET /api/admin/users',
        'POST /api/admin/users',
        'POST /api/admin/users/:id/deactivate',
        'POST /api/admin/users/:id/password',
      ]),
    );
  });

  it('answers 401 without a session on every admin route but login', async () => {
    expect(adminRoutes(t).filter((route) => !isLogin(route)).length).toBeGreaterThanOrEqual(6);
    expect(await unguardedAdminRoutes(t)).toEqual([]);
  });
});

describe('the route-table check itself', () => {
  it('catches an admin route registered outside the guard', async () => {
    const t = await createTestApp();
    try {
      t.app.post('/api/admin/leak', async () => ({ leaked: true }));
      await t.app.register(
        async (scope) => {
          scope.get('/admin/reports/:id', async () => ({ leaked: true }));
        },
        { prefix: '/api' },
      );
      expect(await unguardedAdminRoutes(t)).toEqual([
        'POST /api/admin/leak -> 200',
        'GET /api/admin/reports/:id -> 200',
        'HEAD /api/admin/reports/:id -> 200',
      ]);
    } finally {
      await t.close();
    }
  });
});
