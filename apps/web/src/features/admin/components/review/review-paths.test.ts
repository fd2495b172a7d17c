import { describe, expect, it } from 'vitest';
import { adminDetailRoutePatterns, isKnownPagePath, matchesPattern } from '@medipay/shared/routes';
import { adminDetailRoutes, pfDetailPath, pjDetailPath } from './review-paths';

describe('review paths', () => {
  it('agree with the shared route table the server uses', () => {
    expect(`/onboarding/admin/${adminDetailRoutes.pf}`).toBe(adminDetailRoutePatterns.pf);
    expect(`/onboarding/admin/${adminDetailRoutes.pj}`).toBe(adminDetailRoutePatterns.pj);
    const id = '3f2b8c1e-6d4a-4b5f-9c7d-1e2f3a4b5c6d';
    expect(pfDetailPath(id)).toBe(`/onboarding/admin/${id}`);
    expect(pjDetailPath(id)).toBe(`/onboarding/admin/pj/${id}`);
    expect(matchesPattern(adminDetailRoutePatterns.pf, pfDetailPath(id))).toBe(true);
    expect(matchesPattern(adminDetailRoutePatterns.pj, pjDetailPath(id))).toBe(true);
    expect(isKnownPagePath(pfDetailPath(id))).toBe(true);
    expect(isKnownPagePath(pjDetailPath(id))).toBe(true);
  });
});
