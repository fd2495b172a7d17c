import { describe, expect, it } from 'vitest';
import {
  handoffHintCpf,
  handoffHintEmail,
  handoffHintFirstName,
  handoffProgressSchema,
  phoneHandoffSchema,
} from './handoff';

describe('the masked hint of a phone handoff', () => {
  it('shows only the middle digits of a whole CPF, formatted or not', () => {
    expect(handoffHintCpf('529.982.247-25')).toBe('***.982.247-**');
    expect(handoffHintCpf('52998224725')).toBe('***.982.247-**');
  });

  it('shows no CPF when there is none or it is not whole', () => {
    expect(handoffHintCpf(null)).toBeNull();
    expect(handoffHintCpf(undefined)).toBeNull();
    expect(handoffHintCpf('529.982.247')).toBeNull();
  });

  it('keeps the first letters of an e-mail and its domain suffix', () => {
    expect(handoffHintEmail('  Helena.Ramos@Clinica.com.br ')).toBe('h***@c***.com.br');
  });

  it('shows no e-mail that is missing or malformed', () => {
    expect(handoffHintEmail(null)).toBeNull();
    expect(handoffHintEmail(undefined)).toBeNull();
    expect(handoffHintEmail('sem-arroba')).toBeNull();
    expect(handoffHintEmail('@clinica.com')).toBeNull();
    expect(handoffHintEmail('a@b@clinica.com')).toBeNull();
    expect(handoffHintEmail('helena@localhost')).toBeNull();
    expect(handoffHintEmail('helena@.com')).toBeNull();
  });

  it('takes the first name only, at most 40 characters', () => {
    expect(handoffHintFirstName('  Helena Duarte Ramos')).toBe('Helena');
    expect(handoffHintFirstName('A'.repeat(50))).toBe('A'.repeat(40));
    expect(handoffHintFirstName('   ')).toBeNull();
    expect(handoffHintFirstName(null)).toBeNull();
    expect(handoffHintFirstName(undefined)).toBeNull();
  });
});

describe('handoff answers', () => {
  it('accept a masked hint and a progress without a result, and refuse an unknown state', () => {
    expect(
      phoneHandoffSchema.parse({
        hint: { firstName: 'Helena', cpf: '***.982.247-**', email: null },
        expiresInSeconds: 600,
      }).expiresInSeconds,
    ).toBe(600);
    expect(handoffProgressSchema.parse({ state: 'waiting', result: null }).state).toBe('waiting');
    expect(handoffProgressSchema.safeParse({ state: 'lost', result: null }).success).toBe(false);
  });
});
