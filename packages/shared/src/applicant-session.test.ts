import { describe, expect, it } from 'vitest';
import { apiErrorSchema, errorCodes, genericMessages } from './api-error';
import {
  applicantSessionSchema,
  sendCodeRequestSchema,
  verificationMessages,
  verifyCodeRequestSchema,
} from './applicant-session';
import { devOutboxResponseSchema } from './dev-outbox';
import { messagesOf } from './testing/issues';

describe('verification requests', () => {
  it('checks and normalises the destination with the rules of its channel', () => {
    expect(
      sendCodeRequestSchema.parse({ channel: 'email', destination: ' Ana@Example.com ' }),
    ).toEqual({
      channel: 'email',
      destination: 'ana@example.com',
    });
    expect(
      sendCodeRequestSchema.parse({ channel: 'phone', destination: '(11) 98765-4321' }),
    ).toEqual({
      channel: 'phone',
      destination: '+5511987654321',
    });
    expect(
      messagesOf(sendCodeRequestSchema, { channel: 'phone', destination: 'ana@example.com' }),
    ).toEqual({
      destination: ['Telefone deve ter DDD + número'],
    });
    expect(
      messagesOf(sendCodeRequestSchema, { channel: 'email', destination: '11987654321' }),
    ).toEqual({
      destination: ['E-mail inválido'],
    });
    expect(sendCodeRequestSchema.safeParse({ channel: 'fax', destination: 'x' }).success).toBe(
      false,
    );
  });

  it('accepts only a six-digit code', () => {
    expect(verifyCodeRequestSchema.safeParse({ channel: 'email', code: '012345' }).success).toBe(
      true,
    );
    expect(messagesOf(verifyCodeRequestSchema, { channel: 'email', code: '12345' })).toEqual({
      code: ['O código deve ter 6 dígitos'],
    });
  });

  it('describes a session without its id', () => {
    const session = applicantSessionSchema.parse({
      flow: 'PF',
      verifiedEmail: null,
      verifiedPhone: '+5511987654321',
      id: 'sess_secret',
    });
    expect(session).toEqual({ flow: 'PF', verifiedEmail: null, verifiedPhone: '+5511987654321' });
  });

  it('words the verification errors', () => {
    expect(verificationMessages.invalidCode).toBe('O código informado está incorreto ou expirado.');
    expect(verificationMessages.resendTooSoon(42)).toBe('Aguarde 42s para pedir um novo código.');
  });
});

describe('wire formats', () => {
  it('parses an API error, with the optional retry delay', () => {
    expect(
      apiErrorSchema.parse({
        code: errorCodes.rateLimited,
        message: genericMessages.rateLimited,
        retryAfterSeconds: 30,
      }),
    ).toEqual({
      code: 'RATE_LIMITED',
      message: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
      retryAfterSeconds: 30,
    });
    expect(apiErrorSchema.safeParse({ code: 'X' }).success).toBe(false);
  });

  it('parses the local outbox view', () => {
    const message = {
      id: '1',
      channel: 'email',
      template: 'otp-code',
      recipient: 'a@example.com',
      status: 'sent',
      attempts: 1,
      lastError: null,
      createdAt: '2026-11-22T12:00:00.000Z',
      sentAt: '2026-11-22T12:00:01.000Z',
      subject: 'Assunto',
      text: 'Texto',
    };
    expect(devOutboxResponseSchema.parse({ messages: [message] }).messages).toHaveLength(1);
    expect(
      devOutboxResponseSchema.safeParse({ messages: [{ ...message, status: 'lost' }] }).success,
    ).toBe(false);
  });
});
