import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApplicantSession } from '../../testing/applicant';
import { createTestApp, testIndexHtml, type TestApp } from '../../testing/test-app';
import { createTestClock } from '../../testing/test-clock';
import { HANDOFF_TTL_MS } from './applicant-session.service';

const clock = createTestClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { PUBLIC_URL: 'https://portal.medipay.test' } });
});
afterAll(async () => {
  await t.close();
});

async function createLink(cookie: string, flow = 'PF') {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/applicant/${flow}/handoff`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(201);
  const { url, expiresInSeconds } = response.json();
  expect(expiresInSeconds).toBe(HANDOFF_TTL_MS / 1000);
  expect(url).toMatch(/^https:\/\/portal\.medipay\.test\/continuar\/[A-Za-z0-9_-]{43}$/);
  return new URL(url).pathname;
}

const open = (path: string) => t.app.inject({ method: 'GET', url: path });

describe('continuing an application on another device', () => {
  it('opens the same session once, on a device without cookies, and sends it to the wizard', async () => {
    const desktop = await startApplicantSession(t.app, 'PF');
    const path = await createLink(desktop.cookie);

    const phone = await open(path);
    expect(phone.statusCode).toBe(303);
    expect(phone.headers.location).toBe('/onboarding');
    expect(phone.headers['cache-control']).toBe('no-store');
    const [cookie] = phone.cookies;
    expect(cookie).toMatchObject({
      name: desktop.setCookie.name,
      value: desktop.setCookie.value,
      httpOnly: true,
      sameSite: 'Lax',
    });

    const again = await open(path);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/continuar/expirado');
    expect(again.cookies).toHaveLength(0);
  });

  it('sends a company application to its own wizard', async () => {
    const company = await startApplicantSession(t.app, 'PJ');
    const phone = await open(await createLink(company.cookie, 'PJ'));
    expect(phone.headers.location).toBe('/onboarding-pj');
  });

  it('refuses an expired link and a made-up one', async () => {
    const desktop = await startApplicantSession(t.app, 'PF');
    const path = await createLink(desktop.cookie);
    clock.advance(HANDOFF_TTL_MS + 1000);
    const expired = await open(path);
    expect(expired.headers.location).toBe('/continuar/expirado');
    expect(expired.cookies).toHaveLength(0);
    for (const token of ['x'.repeat(43), 'curto', '../../etc']) {
      const made = await open(`/continuar/${encodeURIComponent(token)}`);
      expect(made.statusCode).toBe(303);
      expect(made.headers.location).toBe('/continuar/expirado');
    }
  });

  it('needs a session to create a link; the expired-link page is a page of the portal', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/applicant/PF/handoff' });
    expect(response.statusCode).toBe(401);
    const page = await open('/continuar/expirado');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(testIndexHtml.slice(0, 20));
  });
});
