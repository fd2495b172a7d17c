import { describe, expect, it } from 'vitest';
import {
  adminDetailRoutePatterns,
  cameraPagePaths,
  devCameraPagePaths,
  devPageRoutePatterns,
  isKnownPagePath,
  matchesPattern,
  pageRoutePatterns,
  paths,
} from './routes';
import { statusPagePath } from './application-status';

describe('route table', () => {
  it.each(['/', '/politica-privacidade', '/seguranca', '/test-secrets', '/seguranca/'])(
    'knows %s',
    (path) => {
      expect(isKnownPagePath(path)).toBe(true);
    },
  );

  it.each(['/qualquer-coisa', '/politica', '/seguranca/extra', '', '/api/health'])(
    'does not know %s',
    (path) => {
      expect(isKnownPagePath(path)).toBe(false);
    },
  );

  it('matches parameter segments to exactly one non-empty segment', () => {
    expect(matchesPattern('/onboarding/admin/:id', '/onboarding/admin/42')).toBe(true);
    expect(matchesPattern('/onboarding/admin/:id', '/onboarding/admin/')).toBe(false);
    expect(matchesPattern('/onboarding/admin/:id', '/onboarding/admin/42/x')).toBe(false);
  });

  it.each([
    '/onboarding/admin/list',
    '/onboarding/admin/pj',
    '/onboarding/admin/9b2f6c1e-3d4a-4f5b-8c6d-7e8f9a0b1c2d',
    '/onboarding/admin/pj/9b2f6c1e-3d4a-4f5b-8c6d-7e8f9a0b1c2d',
  ])('knows the back-office review page %s', (path) => {
    expect(isKnownPagePath(path)).toBe(true);
  });

  it('does not know deeper back-office paths', () => {
    expect(isKnownPagePath('/onboarding/admin/pj/42/x')).toBe(false);
    expect(isKnownPagePath('/onboarding/admin/42/x')).toBe(false);
  });

  it('serves the review lists and detail pages', () => {
    expect(pageRoutePatterns).toEqual(
      expect.arrayContaining([
        paths.adminPfList,
        paths.adminPjList,
        adminDetailRoutePatterns.pf,
        adminDetailRoutePatterns.pj,
      ]),
    );
  });

  it('names the camera pages: the wizards with their success pages, and the phone hand-off', () => {
    expect(cameraPagePaths).toEqual([
      paths.onboardingPf,
      paths.onboardingPfSuccess,
      paths.onboardingPj,
      paths.onboardingPjSuccess,
      paths.handoffPhone,
    ]);
    for (const path of cameraPagePaths) expect(pageRoutePatterns).toContain(path);
    expect(devCameraPagePaths).toEqual([paths.devDocuments, paths.devBiometrics]);
    for (const path of devCameraPagePaths) expect(devPageRoutePatterns).toContain(path);
  });

  it('places the detail pages under the lists', () => {
    expect(adminDetailRoutePatterns.pf).toBe(paths.adminPfList.replace(/list$/, ':id'));
    expect(adminDetailRoutePatterns.pj).toBe(`${paths.adminPjList}/:id`);
  });

  it('serves the document rectification page', () => {
    expect(pageRoutePatterns).toContain(paths.rectification);
    expect(isKnownPagePath('/retificar-documentos')).toBe(true);
  });

  it('lists only paths of the route table', () => {
    const known = new Set<string>([
      ...Object.values(paths),
      ...Object.values(adminDetailRoutePatterns),
      statusPagePath,
    ]);
    for (const pattern of pageRoutePatterns) expect(known.has(pattern)).toBe(true);
  });
});
