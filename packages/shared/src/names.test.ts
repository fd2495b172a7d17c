import { describe, expect, it } from 'vitest';
import { type z } from 'zod';
import { createAdminUserSchema } from './admin';
import { companyName, optionalPersonName, personName } from './fields';
import { validationMessages as m } from './messages';
import { isLatinCompanyName, isLatinPersonName, normaliseNameText } from './names';
import { pfDocumentsSchema, pfIdentificationSchema, pfPepSchema } from './pf-onboarding';
import { pjCompanySchema, pjResponsibleSchema } from './pj-onboarding';
import { hasInvisible } from './text';

/** "Аna SΟuza Lima": a Cyrillic А and a Greek Ο that look like the Latin letters. */
const mixedScripts = '\u0410na S\u039Fuza Lima';

const messageOf = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues[0]?.message;

describe('person names', () => {
  it.each([
    'Ana Souza',
    "Maria D'Ávila",
    'Maria D’Ávila',
    'Maria D´Ávila',
    'Ana-Maria Gonçalves',
    'João Ñúñez Ü. Jr.',
    'Mª José',
    'Straße Ørsted Æbelø',
    'Nguyễn Thị Ánh',
    'Ștefan Țurcan',
    'Joa\u0303o',
    '',
  ])('accepts %j', (name) => {
    expect(isLatinPersonName(name)).toBe(true);
  });

  it.each([
    ['Cyrillic and Greek lookalikes', mixedScripts],
    ['Cyrillic', 'Анна Петрова'],
    ['Greek', 'Σοφία'],
    ['Han', '李小龍'],
    ['Arabic', 'محمد'],
    ['a digit', 'Ana Souza 2'],
    ['no letter', '. - .'],
    ['a symbol', 'Ana@Souza'],
    ['an emoji', 'Ana 😀'],
    ['mathematical letters', '𝐀𝐧𝐚 Souza'],
    ['full-width letters', 'Ａｎａ Souza'],
    ['phonetic lookalikes', 'ɑna ᴀna'],
    ['a click letter', 'ǀvo'],
    ['a Cyrillic accent', 'Ana\u0483'],
    ['three stacked accents', 'Ana\u0301\u0301\u0301'],
  ])('refuses %s', (_, name) => {
    expect(isLatinPersonName(name)).toBe(false);
  });
});

describe('company names', () => {
  it.each([
    'M&A Saúde S/A',
    '99',
    'Clínica São José Ltda. - ME',
    'Saúde+ (Unidade 2), Nº 1',
    '“Vida” – Clínica 24h',
    "Hospital D'Ávila #3",
  ])('accepts %j', (name) => {
    expect(isLatinCompanyName(name)).toBe(true);
  });

  it.each(['Сlínica Vida', 'ΑΒ Saúde', 'Clínica ٣', 'Clínica ❤'])('refuses %j', (name) => {
    expect(isLatinCompanyName(name)).toBe(false);
  });
});

describe('name fields', () => {
  const name = personName(5, m.nomeCompleto);

  it('refuses mixed scripts with the Portuguese message, before the length rule', () => {
    expect(messageOf(name, mixedScripts)).toBe(m.nameLatin);
    expect(messageOf(name, 'Аna')).toBe(m.nameLatin);
    expect(messageOf(name, 'Ana')).toBe(m.nomeCompleto);
  });

  it.each([
    ['zero-width joiner', 'Ana\u200DSouza'],
    ['zero-width space', 'Ana Souza\u200B'],
    ['bidi override', 'Ana \u202Eazuos'],
    ['bidi isolate', '\u2066Ana Souza\u2069'],
    ['byte order mark', '\uFEFFAna Souza'],
  ])('refuses a %s rather than removing it', (_, value) => {
    expect(hasInvisible(value)).toBe(true);
    expect(messageOf(name, value)).toBe(m.nameLatin);
  });

  it('answers a name of invisible characters only with the "required" message', () => {
    expect(messageOf(name, '\u200B\u202E ')).toBe(m.nomeCompleto);
  });

  it('stores the accents composed and every space plain', () => {
    expect(normaliseNameText('Joa\u0303o\u00A0Souza')).toBe('João Souza');
    expect(name.parse(' Joa\u0303o\u00A0Souza\u3000')).toBe('João Souza');
  });

  it('keeps an optional name optional', () => {
    expect(optionalPersonName().parse('  ')).toBeUndefined();
    expect(optionalPersonName().parse('José Lima')).toBe('José Lima');
    expect(messageOf(optionalPersonName(), 'Иван')).toBe(m.nameLatin);
  });

  it('gives a company name its own message', () => {
    expect(companyName(5, m.razaoSocial).parse(' Clínica 24h S/A ')).toBe('Clínica 24h S/A');
    expect(messageOf(companyName(5, m.razaoSocial), 'Сlínica Vida')).toBe(m.companyNameLatin);
    expect(messageOf(companyName(5, m.razaoSocial), 'Vida')).toBe(m.razaoSocial);
  });
});

describe('every name field of the forms', () => {
  const pepRelative = {
    pepTipo: 'RELACIONADO',
    pepCpf: '529.982.247-25',
    pepCargo: 'x',
    pepOrgao: 'y',
  };
  it.each([
    ['PF nomeCompleto', pfIdentificationSchema, 'nomeCompleto', {}, m.nameLatin],
    ['PF docIdentidadeNome', pfDocumentsSchema, 'docIdentidadeNome', {}, m.nameLatin],
    ['PF pepNome', pfPepSchema, 'pepNome', pepRelative, m.nameLatin],
    ['PJ razaoSocial', pjCompanySchema, 'razaoSocial', {}, m.companyNameLatin],
    ['PJ nomeFantasia', pjCompanySchema, 'nomeFantasia', {}, m.companyNameLatin],
    ['PJ responsavelNome', pjResponsibleSchema, 'responsavelNome', {}, m.nameLatin],
    ['admin name', createAdminUserSchema, 'name', {}, m.nameLatin],
  ] as const)('%s', (_, schema, field, others, message) => {
    const issues = schema.safeParse({ ...others, [field]: mixedScripts }).error?.issues ?? [];
    expect(issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });
});
