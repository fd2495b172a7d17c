import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Permissions-Policy on every response (issue 23, item 5): the camera only for the documents of
 * the pages that use it, the microphone, geolocation and the other powerful features for none.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The policy of a response, feature by feature. */
async function policyOf(url: string, expectedStatus: number) {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(expectedStatus);
  const header = response.headers['permissions-policy'];
  expect(header, url).toBeTypeOf('string');
  return new Map(
    String(header)
      .split(/,\s*/)
      .map((directive) => directive.split('=') as [string, string]),
  );
}

const everyResponse = { microphone: '()', geolocation: '()', payment: '()', usb: '()' };

describe('Permissions-Policy', () => {
  it.each([
    ['the PF wizard', '/onboarding', 200],
    ['a PF wizard step', '/onboarding?etapa=biometria', 200],
    ['the PF success page (back to the wizard without a submission)', '/onboarding/success', 200],
    ['the PJ wizard', '/onboarding-pj', 200],
    ['the PJ success page', '/onboarding-pj/success', 200],
    ["the phone's page of 'Continuar no celular'", '/continuar-no-celular', 200],
    ['the trial of the document photos (not in production)', '/dev/documentos', 200],
    ['the trial of the biometric check (not in production)', '/dev/biometria', 200],
  ])('lets %s use the camera from its own origin', async (_page, url, status) => {
    const policy = await policyOf(url, status);
    expect(policy.get('camera')).toBe('(self)');
    for (const [feature, value] of Object.entries(everyResponse)) {
      expect(policy.get(feature), `${url} ${feature}`).toBe(value);
    }
  });

  it.each([
    ['the landing page', '/', 200],
    ['the privacy policy', '/politica-privacidade', 200],
    ['the status page', '/acompanhar-status', 200],
    ['the rectification page', '/retificar-documentos', 200],
    ['an expired hand-off link', '/continuar/expirado', 200],
    ['the back-office login', '/onboarding/admin/login', 200],
    ['a back-office list', '/onboarding/admin/list', 200],
    ['the secrets test page', '/test-secrets', 200],
    ['another trial page', '/dev/outbox', 200],
    ['an unknown page (404)', '/qualquer-coisa', 404],
    ['an unknown page under the wizard (404)', '/onboarding/qualquer-coisa', 404],
    ['an asset', '/assets/app-123abc.js', 200],
    ['an API route', '/api/health', 200],
    ['an API route that refuses (401)', '/api/admin/session', 401],
    ['an unknown API route (404)', '/api/nada', 404],
  ])('keeps the camera off on %s', async (_page, url, status) => {
    const policy = await policyOf(url, status);
    expect(policy.get('camera')).toBe('()');
    for (const [feature, value] of Object.entries(everyResponse)) {
      expect(policy.get(feature), `${url} ${feature}`).toBe(value);
    }
  });
});
