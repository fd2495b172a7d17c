import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listQuerySchema } from './admin-review';
import { denySchema, rectificationSchema, requestChangesSchema } from './back-office';
import {
  minText,
  optionalLongText,
  optionalText,
  requiredLongText,
  requiredText,
  uploadedFile,
} from './fields';
import { validationMessages as m } from './messages';
import { pfIdentificationSchema } from './pf-onboarding';
import { pjCompanySchema } from './pj-onboarding';
import { rectificationSubmitSchema } from './rectification';
import { messagesOf } from './testing/issues';
import './zod-messages';

const english = /invalid|too (big|small)|expected|received|required/i;

function messageOf(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('parsed');
  return result.error.issues[0]!.message;
}

describe("zod's messages", () => {
  it.each([
    ['a missing value', z.object({ a: z.string() }), {}, 'Campo obrigatório'],
    ['a value of another type', z.string(), 12, 'Valor inválido'],
    ['a value outside a list', z.enum(['a', 'b']), 'c', 'Selecione uma opção válida'],
    ['another literal', z.literal('sim'), 'não', 'Selecione uma opção válida'],
    ['an empty text', z.string().min(1), '', 'Campo obrigatório'],
    ['a short text', z.string().min(3), 'ab', 'Use pelo menos 3 caracteres'],
    ['a long text', z.string().max(100), 'a'.repeat(101), 'Use no máximo 100 caracteres'],
    ['a text of the wrong length', z.string().length(6), '123', 'Use exatamente 6 caracteres'],
    ['a small number', z.number().min(1), 0, 'O valor deve ser no mínimo 1'],
    ['a big number', z.number().max(10), 11, 'O valor deve ser no máximo 10'],
    ['a number not positive', z.number().positive(), 0, 'O valor deve ser maior que 0'],
    ['a number not below', z.number().lt(5), 5, 'O valor deve ser menor que 5'],
    ['a fraction for an integer', z.number().int(), 1.5, 'Valor inválido'],
    ['too few items', z.array(z.string()).min(2), ['a'], 'Informe pelo menos 2 itens'],
    ['too many items', z.array(z.string()).max(1), ['a', 'b'], 'Informe no máximo 1 item'],
    ['an e-mail', z.email(), 'nao-e-email', m.email],
    ['a UUID', z.uuid(), 'abc', 'Formato inválido'],
    ['a pattern', z.string().regex(/^\d+$/), 'abc', 'Formato inválido'],
    [
      'an unknown field',
      z.strictObject({}),
      { x: 1 },
      'A requisição contém campos não reconhecidos',
    ],
    ['a union', z.union([z.string(), z.number()]), true, 'Valor inválido'],
    ['a refinement', z.string().refine(() => false), 'a', 'Valor inválido'],
  ])('say %s in Portuguese', (_name, schema, input, message) => {
    expect(messageOf(schema, input)).toBe(message);
    expect(messageOf(schema, input)).not.toMatch(english);
  });

  it("leave a schema's own message as it is", () => {
    expect(messageOf(z.string().min(5, 'Nome curto'), 'Ana')).toBe('Nome curto');
    expect(messageOf(z.enum(['a'], { error: 'Escolha' }), 'b')).toBe('Escolha');
    expect(messagesOf(pfIdentificationSchema, {})).toMatchObject({
      nomeCompleto: [m.nomeCompleto],
      nacionalidade: [m.nacionalidade],
      cpf: [m.cpfLength],
      estadoCivil: [m.estadoCivil],
      email: [m.email],
      telefone: [m.telefone],
    });
  });

  it('reach every message of the shared schemas in Portuguese', () => {
    const cases: [z.ZodType, unknown][] = [
      [pfIdentificationSchema, { nomeCompleto: 1, cpf: [], email: {}, telefone: null }],
      [pjCompanySchema, { razaoSocial: 'x'.repeat(300), inscricaoEstadual: 5 }],
      [listQuerySchema, { page: 'x', pageSize: 3, sort: 'nome', status: 'ZZ', search: 1 }],
      [rectificationSubmitSchema, { justification: 2, documents: { a: 'b' } }],
      [uploadedFile('document'), { id: '', name: 1, size: -1, type: 'text/html' }],
    ];
    for (const [schema, input] of cases) {
      for (const messages of Object.values(messagesOf(schema, input))) {
        for (const message of messages) expect(message).not.toMatch(english);
      }
    }
  });
});

describe('text fields', () => {
  const invisible = '\u200B\u200C\u200D\uFEFF\u2060\u202E\u2066\u200E\u0000';

  it('answer only-invisible text with the field’s "required" message', () => {
    expect(messageOf(requiredText(m.logradouro), invisible)).toBe(m.logradouro);
    expect(messageOf(minText(5, m.nomeCompleto), `${invisible}Ana${invisible}`)).toBe(
      m.nomeCompleto,
    );
    expect(messageOf(requestChangesSchema, { exigencias: invisible })).toBe(m.exigencias);
    expect(messageOf(denySchema, { motivo: ` \n${invisible}\t` })).toBe(m.motivoNegacao);
    expect(optionalText().parse(invisible)).toBeUndefined();
    expect(optionalLongText().parse(invisible)).toBeUndefined();
  });

  it('store a text without controls or invisible characters; breaks become spaces', () => {
    expect(requiredText(m.logradouro).parse('\uFEFFRua\u0000 das\nFlores\u202E ')).toBe(
      'Rua das Flores',
    );
    expect(pfIdentificationSchema.shape.nomeCompleto.parse('Ana\u0000 Beatriz\r\nSouza')).toBe(
      'Ana Beatriz Souza',
    );
    // A name refuses an invisible character rather than removing it (names.test.ts).
    expect(messageOf(pfIdentificationSchema.shape.nomeCompleto, 'Ana\u200B Souza')).toBe(
      m.nameLatin,
    );
  });

  it('keep the lines of a text area', () => {
    expect(requiredLongText(m.exigencias).parse('Envie:\r\n- o RG\u0000\n- o CPF\u200B')).toBe(
      'Envie:\n- o RG\n- o CPF',
    );
    expect(
      rectificationSchema.parse({ justificativa: 'Segue\n\u2066anexo', replacedDocuments: 0 }),
    ).toEqual({ justificativa: 'Segue\nanexo', replacedDocuments: 0 });
    expect(rectificationSubmitSchema.parse({ justification: ' Segue\u0000\nanexo ' })).toEqual({
      justification: 'Segue\nanexo',
      documents: {},
    });
  });

  it('count the length after cleaning', () => {
    expect(requiredText('x', 3).parse(`abc${'\u200B'.repeat(50)}`)).toBe('abc');
    expect(messageOf(requiredText('x', 3), 'abcd')).toBe(m.tooLong(3));
  });

  it('clean the admin search term', () => {
    expect(listQuerySchema.parse({ search: 'Ana\u0000 Souza\u200B' }).search).toBe('Ana Souza');
    expect(listQuerySchema.parse({ search: '' }).search).toBeUndefined();
  });
});
