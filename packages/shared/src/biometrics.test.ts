import { describe, expect, it } from 'vitest';
import {
  biometricCheckRequestSchema,
  biometricCheckSchema,
  biometricDecisionAccepted,
  biometricDecisions,
  biometricReasonMessages,
  biometricReasons,
  formatConfidence,
} from './biometrics';

describe('formatConfidence', () => {
  it.each([
    [0.962, '96,2%'],
    [0.8765, '87,7%'],
    [1, '100,0%'],
    [0, '0,0%'],
    [0.41249, '41,2%'],
  ])('shows %s as %s', (confidence, text) => {
    expect(formatConfidence(confidence)).toBe(text);
  });
});

describe('biometric schemas', () => {
  it('has a Portuguese message for every reason', () => {
    for (const reason of biometricReasons) expect(biometricReasonMessages[reason]).toMatch(/\.$/);
  });

  it('accepts a check request with or without a challenge, and refuses other ids', () => {
    const ids = {
      selfieId: '0b7f6a52-3c1e-4d8a-9f2b-5e6d7c8b9a01',
      selfieDocId: '1c8e7b63-4d2f-4e9b-8a3c-6f7e8d9cab12',
    };
    expect(biometricCheckRequestSchema.safeParse({ ...ids, challengeId: null }).success).toBe(true);
    expect(
      biometricCheckRequestSchema.safeParse({ ...ids, challengeId: ids.selfieId }).success,
    ).toBe(true);
    expect(
      biometricCheckRequestSchema.safeParse({ ...ids, selfieId: '../x', challengeId: null })
        .success,
    ).toBe(false);
  });

  it('keeps the confidence and the similarities between 0 and 1, with one of three decisions', () => {
    const check = {
      decision: 'em_revisao',
      similarities: { selfieToSelfieDoc: 0.473, selfieToDocument: null },
      reasons: [],
      selfieId: 'a',
      selfieDocId: 'b',
      sandbox: false,
      checkedAt: '2026-11-22T12:00:00.000Z',
    };
    expect(biometricCheckSchema.safeParse({ ...check, confidence: 0.9 }).success).toBe(true);
    expect(biometricCheckSchema.safeParse({ ...check, confidence: 1.2 }).success).toBe(false);
    expect(
      biometricCheckSchema.safeParse({
        ...check,
        confidence: 0.9,
        similarities: { selfieToSelfieDoc: 1.5, selfieToDocument: null },
      }).success,
    ).toBe(false);
    expect(
      biometricCheckSchema.safeParse({ ...check, confidence: 0.9, decision: 'passed' }).success,
    ).toBe(false);
  });

  it('lets the applicant go on after aprovado and em revisão, not after reprovado', () => {
    expect(biometricDecisions.filter(biometricDecisionAccepted)).toEqual([
      'aprovado',
      'em_revisao',
    ]);
  });
});
