import { describe, expect, it } from 'vitest';
import {
  medipayAccountSchema,
  medipayActionPaths,
  medipayActionValues,
  medipayAuditActions,
} from './medipay-account';

describe('the MediPay account contract', () => {
  it('reads an account as the detail sends it, and refuses an unknown state', () => {
    const account = {
      state: 'done',
      userId: 'mpu_1',
      existingAccount: false,
      attempts: 1,
      error: null,
      errorCode: null,
      requestedAt: '2026-11-22T12:00:00.000Z',
      completedAt: '2026-11-22T12:00:01.000Z',
      onboardingUrl: 'https://medipay.example/onboarding/mpu_1',
      documentsSentAt: null,
      documentsSent: null,
      onboardingSentAt: null,
      emailVerificationSentAt: null,
    };
    expect(medipayAccountSchema.parse(account)).toEqual(account);
    expect(medipayAccountSchema.safeParse({ ...account, state: 'created' }).success).toBe(false);
    expect(medipayAccountSchema.safeParse({ ...account, errorCode: 'TEAPOT' }).success).toBe(false);
  });

  it('gives every action its own path and the spec its ERRO_* audit names', () => {
    const segments = medipayActionValues.map((action) => medipayActionPaths[action]);
    expect(new Set(segments).size).toBe(medipayActionValues.length);
    expect(Object.values(medipayAuditActions)).toEqual(
      expect.arrayContaining([
        'ERRO_CRIACAO_CONTA',
        'ERRO_UPLOAD_DOCUMENTOS',
        'ERRO_ONBOARD_EMAIL',
        'ERRO_EMAIL_VERIFICACAO',
      ]),
    );
  });
});
