import { describe, expect, it } from 'vitest';
import { denySchema, rectificationSchema, requestChangesSchema } from './back-office';
import { otpCodeSchema } from './fields';
import { messagesOf } from './testing/issues';

describe('back-office decisions', () => {
  it('needs a non-blank requirements text', () => {
    expect(requestChangesSchema.parse({ exigencias: '  Envie o RG legível.  ' })).toEqual({
      exigencias: 'Envie o RG legível.',
    });
    expect(messagesOf(requestChangesSchema, { exigencias: '   ' })).toEqual({
      exigencias: ['Descreva as exigências'],
    });
  });

  it('needs a non-blank denial reason', () => {
    expect(messagesOf(denySchema, { motivo: '' })).toEqual({
      motivo: ['Informe o motivo da negação'],
    });
    expect(messagesOf(denySchema, { motivo: 'Documento falso' })).toEqual({});
  });

  it('limits long texts', () => {
    expect(messagesOf(denySchema, { motivo: 'x'.repeat(5001) })).toEqual({
      motivo: ['Use no máximo 5000 caracteres'],
    });
  });
});

describe('rectification', () => {
  it('needs a justification or at least one replaced document', () => {
    expect(messagesOf(rectificationSchema, { justificativa: ' ', replacedDocuments: 0 })).toEqual({
      '': ['Adicione uma justificativa ou atualize pelo menos um documento'],
    });
    expect(
      messagesOf(rectificationSchema, {
        justificativa: 'Segue o documento.',
        replacedDocuments: 0,
      }),
    ).toEqual({});
    expect(messagesOf(rectificationSchema, { replacedDocuments: 2 })).toEqual({});
  });
});

describe('one-time code', () => {
  it('is exactly six digits', () => {
    expect(otpCodeSchema.safeParse('123456').success).toBe(true);
    for (const code of ['12345', '1234567', '12a456', ' 123456']) {
      expect(messagesOf(otpCodeSchema, code)).toEqual({ '': ['O código deve ter 6 dígitos'] });
    }
  });
});
