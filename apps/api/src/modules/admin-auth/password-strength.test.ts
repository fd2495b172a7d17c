import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD_MIN_SCORE, isStrongPassword, ownerInputs } from './password-strength';

const owner = { email: 'ana.souza@clinica.com.br', username: 'ana.souza', name: 'Ana Souza' };

describe('the strength of admin passwords', () => {
  it('refuses passwords that only the length rule let through', async () => {
    expect(ADMIN_PASSWORD_MIN_SCORE).toBe(3);
    for (const weak of [
      'aaaaaaaaaaaa',
      'password1234',
      '123456789012',
      'qwertyuiop12',
      'senha12345678',
      'senhasenhasenha',
      'medipay12345',
    ]) {
      expect(await isStrongPassword(weak, {}), weak).toBe(false);
    }
  });

  it("refuses a password built on the account's own e-mail, username or name", async () => {
    for (const weak of ['anasouza2024', 'ana.souza.2024', 'Ana Souza 2024']) {
      expect(await isStrongPassword(weak, owner), weak).toBe(false);
    }
  });

  it('accepts long passphrases and random passwords', async () => {
    for (const strong of [
      'senha-forte-do-admin-e2e',
      'cavalo correto bateria grampo',
      'uma-senha-longa-de-teste',
      'Tr7#kq9!Lm2@wZ',
      'zP4-hW8_qR1-vN6',
    ]) {
      expect(await isStrongPassword(strong, owner), strong).toBe(true);
    }
  });

  it('feeds the owner, whole, joined and in words, as user inputs', () => {
    expect(ownerInputs(owner)).toEqual(
      expect.arrayContaining(['ana.souza@clinica.com.br', 'anasouza', 'souza', 'clinica', 'ana']),
    );
  });
});
