import { describe, expect, it } from 'vitest';
import {
  adminLoginRequestSchema,
  adminMessages,
  createAdminUserSchema,
  resetAdminPasswordSchema,
} from './admin';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('admin login request', () => {
  it('asks for both fields with their own messages', () => {
    const result = adminLoginRequestSchema.safeParse({ credential: '   ', password: '' });
    expect(messagesOf(result)).toEqual([
      adminMessages.credentialRequired,
      adminMessages.passwordRequired,
    ]);
  });

  it('trims the credential and keeps the password exactly as typed', () => {
    expect(
      adminLoginRequestSchema.parse({ credential: ' Admin@MediPay.test ', password: ' a b ' }),
    ).toEqual({ credential: 'Admin@MediPay.test', password: ' a b ' });
  });

  it('answers an absurdly long credential or password like a wrong one', () => {
    const result = adminLoginRequestSchema.safeParse({
      credential: 'a'.repeat(255),
      password: 'b'.repeat(257),
    });
    expect(messagesOf(result)).toEqual([
      adminMessages.invalidCredentials,
      adminMessages.invalidCredentials,
    ]);
  });
});

describe('admin accounts', () => {
  const valid = {
    name: 'Marina Costa',
    email: 'Marina@MediPay.test',
    username: 'Marina.Costa',
    role: 'admin_mini',
    password: 'doze-caracteres',
  };

  it('stores e-mail and username lower-cased', () => {
    expect(createAdminUserSchema.parse(valid)).toMatchObject({
      email: 'marina@medipay.test',
      username: 'marina.costa',
    });
  });

  it('names each broken rule', () => {
    const result = createAdminUserSchema.safeParse({
      name: 'Ma',
      email: 'marina@',
      username: 'ma rina',
      role: 'root',
      password: 'curta',
    });
    expect(messagesOf(result)).toEqual([
      adminMessages.nameRequired,
      'E-mail inválido',
      adminMessages.usernameFormat,
      adminMessages.roleRequired,
      adminMessages.passwordLength,
    ]);
  });

  it('asks for a password of at least 12 characters on a reset', () => {
    expect(resetAdminPasswordSchema.safeParse({ password: 'onze-chars!' }).success).toBe(false);
    expect(resetAdminPasswordSchema.safeParse({ password: 'doze-chars!!' }).success).toBe(true);
  });

  it('says how many sessions a cleanup removed, in the singular and the plural', () => {
    expect(adminMessages.cleanupDoneDescription(1)).toBe('1 sessão abandonada foi removida.');
    expect(adminMessages.cleanupDoneDescription(12)).toBe(
      '12 sessões abandonadas foram removidas.',
    );
  });
});
