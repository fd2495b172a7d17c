import { describe, expect, it } from 'vitest';
import { isKnownPagePath, matchesPattern, pageRoutePatterns, paths } from './routes';

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

  it('lists only paths of the route table', () => {
    const known = new Set<string>(Object.values(paths));
    for (const pattern of pageRoutePatterns) expect(known.has(pattern)).toBe(true);
  });
});
