import { describe, expect, it } from 'vitest';
import {
  createAccountRequestSchema,
  createAccountResponseSchema,
  describeIssues,
  emailVerificationRequestSchema,
  idempotencyKeySchema,
  onboardingLinkRequestSchema,
  onboardingLinkResponseSchema,
  paymentPlatformMessages,
  paymentPlatformPaths,
  platformErrorBodySchema,
  uploadDocumentsRequestSchema,
} from './payment-platform';

const pf = {
  kind: 'PF',
  document: '52998224725',
  name: 'Maria da Silva',
  email: 'maria@example.com',
  phone: '+5511987654321',
  externalId: 'rec-1',
};
const pj = { ...pf, kind: 'PJ', document: '11222333000181', name: 'Clínica Ltda' };

describe('payment platform wire format', () => {
  it('accepts a PF account with a CPF and a PJ account with a CNPJ', () => {
    expect(createAccountRequestSchema.parse(pf)).toEqual(pf);
    expect(createAccountRequestSchema.parse(pj)).toEqual(pj);
    expect(
      createAccountRequestSchema.safeParse({ ...pj, document: '12ABC34501DE35' }).success,
    ).toBe(true);
  });

  it('refuses a document that does not fit the kind, with a message naming the field', () => {
    for (const input of [
      { ...pf, document: '529.982.247-25' },
      { ...pf, document: '52998224724' },
      { ...pf, document: pj.document },
      { ...pj, document: pf.document },
      { ...pj, document: '11.222.333/0001-81' },
    ]) {
      const result = createAccountRequestSchema.safeParse(input);
      expect(result.success).toBe(false);
      if (!result.success) expect(describeIssues(result.error)).toMatch(/^document: .*(CPF|CNPJ)/);
    }
  });

  it('refuses a phone outside E.164, an empty name and a bad e-mail', () => {
    const result = createAccountRequestSchema.safeParse({
      ...pf,
      phone: '(11) 98765-4321',
      name: ' ',
      email: 'x',
    });
    expect(result.success).toBe(false);
    if (!result.success) {
      const text = describeIssues(result.error);
      expect(text).toContain('phone: ');
      expect(text).toContain('name: ');
      expect(text).toContain('email: ');
    }
  });

  it('describes issues without a path', () => {
    const result = idempotencyKeySchema.safeParse('chave com espaço');
    expect(result.success).toBe(false);
    if (!result.success) expect(describeIssues(result.error)).toMatch(/^Idempotency-Key/);
    expect(idempotencyKeySchema.safeParse('account:2f1c').success).toBe(true);
    expect(idempotencyKeySchema.safeParse('').success).toBe(false);
  });

  it('checks documents, links, e-mail verification and error bodies', () => {
    const document = {
      type: 'RG_FRENTE',
      fileName: 'rg.jpg',
      contentType: 'image/jpeg',
      contentBase64: 'aW1hZ2Vt',
    };
    expect(uploadDocumentsRequestSchema.safeParse({ documents: [document] }).success).toBe(true);
    expect(uploadDocumentsRequestSchema.safeParse({ documents: [] }).success).toBe(false);
    expect(
      uploadDocumentsRequestSchema.safeParse({
        documents: [{ ...document, contentBase64: 'não é base64' }],
      }).success,
    ).toBe(false);
    expect(onboardingLinkRequestSchema.safeParse({}).success).toBe(true);
    expect(onboardingLinkRequestSchema.safeParse({ x: 1 }).success).toBe(false);
    expect(onboardingLinkResponseSchema.safeParse({ url: 'https://x.example/o' }).success).toBe(
      true,
    );
    expect(emailVerificationRequestSchema.safeParse({ email: 'a@b.co' }).success).toBe(true);
    expect(
      createAccountResponseSchema.safeParse({ userId: '', existingAccount: true }).success,
    ).toBe(false);
    expect(platformErrorBodySchema.parse({ code: 'ACCOUNT_NOT_FOUND' })).toEqual({
      code: 'ACCOUNT_NOT_FOUND',
    });
  });

  it('builds versioned paths with the user id encoded', () => {
    expect(paymentPlatformPaths.accounts).toBe('/v1/accounts');
    expect(paymentPlatformPaths.documents('mpu_1')).toBe('/v1/accounts/mpu_1/documents');
    expect(paymentPlatformPaths.onboardingLink('a/b')).toBe('/v1/accounts/a%2Fb/onboarding-link');
    expect(paymentPlatformPaths.emailVerification('mpu_1')).toBe(
      '/v1/accounts/mpu_1/email-verification',
    );
  });

  it('has the admin messages of the catalogue', () => {
    expect(paymentPlatformMessages.alreadyRegistered).toBe(
      'Erro ao processar conta existente. Tente novamente.',
    );
    expect(paymentPlatformMessages.notConfigured).toContain('MEDIPAY_API_URL e MEDIPAY_API_KEY');
    expect(paymentPlatformMessages.userIdMissing).toBe(
      'ID do usuário MediPay não encontrado. Crie a conta primeiro.',
    );
    expect(paymentPlatformMessages.emailMissing).toBe('Email não encontrado');
  });
});
