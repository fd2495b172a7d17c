import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateProtocol, isProtocol, pfProtocolPattern, pjProtocolPattern } from './protocol';
import { generateSessionId, sessionIdFlow, sessionIdPattern } from './session-id';

const instants = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2040-12-31T23:59:59Z'),
  noInvalidDate: true,
});

describe('protocols', () => {
  it('PF protocols match MEDI-YYYYMMDD-NNNN and PJ protocols PJ-YYYYMMDD-NNNN (1000-9999)', () => {
    fc.assert(
      fc.property(instants, (now) => {
        const pf = generateProtocol('PF', now);
        const pj = generateProtocol('PJ', now);
        const pjNumber = Number(pj.slice(-4));
        return (
          pfProtocolPattern.test(pf) &&
          pjProtocolPattern.test(pj) &&
          pjNumber >= 1000 &&
          pjNumber <= 9999 &&
          isProtocol(pf) &&
          isProtocol(pj)
        );
      }),
    );
  });

  it('dates the protocol in the São Paulo day', () => {
    // 01:30 UTC on 23 Nov is still 22 Nov in São Paulo (UTC-3).
    expect(generateProtocol('PF', new Date('2026-11-23T01:30:00Z'))).toMatch(
      /^MEDI-20261122-\d{4}$/,
    );
    expect(generateProtocol('PJ', new Date('2026-11-23T03:00:00Z'))).toMatch(/^PJ-20261123-\d{4}$/);
  });

  it('uses the full range of random digits', () => {
    const suffixes = new Set(
      Array.from({ length: 2000 }, () => generateProtocol('PF', new Date()).slice(-4)),
    );
    expect(suffixes.size).toBeGreaterThan(1500);
  });

  it('rejects what is not a protocol', () => {
    expect(isProtocol('PJ-20261122-0999')).toBe(false);
    expect(isProtocol('MEDI-2026112-1234')).toBe(false);
    expect(isProtocol('')).toBe(false);
  });
});

describe('session ids', () => {
  it('carries the flow prefix and 192 random URL-safe bits', () => {
    const pf = generateSessionId('PF');
    const pj = generateSessionId('PJ');
    expect(pf).toMatch(/^sess_[A-Za-z0-9_-]{32}$/);
    expect(pj).toMatch(/^pj_[A-Za-z0-9_-]{32}$/);
    expect(sessionIdFlow(pf)).toBe('PF');
    expect(sessionIdFlow(pj)).toBe('PJ');
  });

  it('never repeats', () => {
    const ids = new Set(Array.from({ length: 5000 }, () => generateSessionId('PF')));
    expect(ids.size).toBe(5000);
  });

  it('refuses anything else', () => {
    expect(sessionIdFlow('sess_short')).toBeNull();
    expect(sessionIdFlow(`admin_${'a'.repeat(32)}`)).toBeNull();
    expect(sessionIdPattern.test(`pj_${'a'.repeat(31)}/`)).toBe(false);
  });
});
