import { describe, expect, it } from 'vitest';
import {
  pjApplicationSchema,
  pjCompanySchema,
  pjConsentSchema,
  pjDocumentsSchema,
  pjFinanceSchema,
  pjResponsibleSchema,
  pjStepFields,
  pjStepSchemas,
  pjSteps,
} from './pj-onboarding';
import { pdfFile, sampleFile, validPjApplication } from './testing/fixtures';
import { messagesOf } from './testing/issues';
import { firstIncompleteStep } from './wizard';

const company = {
  razaoSocial: 'Hospital Exemplo S.A.',
  nomeFantasia: 'Hospital Exemplo',
  cnpj: '11.222.333/0001-81',
  tipoEmpresa: 'hospital',
  areaAtuacao: 'geral',
  email: 'contato@hospital.com.br',
  telefone: '(11) 98765-4321',
};

describe('PJ step 1: company', () => {
  it('accepts numeric and alphanumeric CNPJs and stores them canonically', () => {
    expect(pjCompanySchema.parse(company).cnpj).toBe('11222333000181');
    expect(pjCompanySchema.parse({ ...company, cnpj: '12.abc.345/01de-35' }).cnpj).toBe(
      '12ABC34501DE35',
    );
  });

  it('gives the spec messages', () => {
    expect(messagesOf(pjCompanySchema, {})).toEqual({
      razaoSocial: ['Razão social deve ter pelo menos 5 caracteres'],
      nomeFantasia: ['Nome fantasia é obrigatório'],
      cnpj: ['CNPJ deve ter 14 dígitos'],
      tipoEmpresa: ['Selecione o tipo de empresa'],
      areaAtuacao: ['Área de atuação é obrigatória'],
      email: ['E-mail inválido'],
      telefone: ['Telefone deve ter DDD + número'],
    });
  });

  it('tells an incomplete CNPJ from a wrong one', () => {
    expect(messagesOf(pjCompanySchema, { ...company, cnpj: '12.ABC.345/01DE-3' })).toEqual({
      cnpj: ['CNPJ deve ter 14 dígitos'],
    });
    expect(messagesOf(pjCompanySchema, { ...company, cnpj: '12.ABC.345/01DE-36' })).toEqual({
      cnpj: ['CNPJ inválido'],
    });
    expect(messagesOf(pjCompanySchema, { ...company, cnpj: '00.000.000/0000-00' })).toEqual({
      cnpj: ['CNPJ inválido'],
    });
  });

  it('keeps the registrations optional', () => {
    const parsed = pjCompanySchema.parse({
      ...company,
      inscricaoEstadual: '',
      inscricaoMunicipal: ' 123 ',
    });
    expect(parsed.inscricaoEstadual).toBeUndefined();
    expect(parsed.inscricaoMunicipal).toBe('123');
  });
});

describe('PJ step 3: legal representative', () => {
  const responsible = {
    responsavelNome: 'Carlos Pereira',
    responsavelCpf: '529.982.247-25',
    responsavelRg: '12.345.678-9',
    responsavelCargo: 'diretor',
    responsavelDocFrente: sampleFile(),
    responsavelDocVerso: sampleFile(),
  };

  it('accepts a representative', () => {
    expect(pjResponsibleSchema.parse(responsible).responsavelCpf).toBe('52998224725');
  });

  it('gives the messages of each rule', () => {
    expect(messagesOf(pjResponsibleSchema, {})).toEqual({
      responsavelNome: ['Nome do responsável deve ter pelo menos 5 caracteres'],
      responsavelCpf: ['CPF deve ter 11 dígitos'],
      responsavelRg: ['RG é obrigatório'],
      responsavelCargo: ['Selecione o cargo do responsável'],
      responsavelDocFrente: ['Arquivo é obrigatório'],
      responsavelDocVerso: ['Arquivo é obrigatório'],
    });
    expect(
      messagesOf(pjResponsibleSchema, { ...responsible, responsavelCpf: '111.111.111-11' }),
    ).toEqual({
      responsavelCpf: ['CPF inválido'],
    });
  });
});

describe('PJ step 4: documents', () => {
  const documents = {
    contratoSocial: pdfFile(),
    cartaoCnpj: sampleFile(),
    alvaraFuncionamento: pdfFile(),
  };

  it('accepts the company documents, CNES and its certificate optional', () => {
    expect(messagesOf(pjDocumentsSchema, documents)).toEqual({});
    const parsed = pjDocumentsSchema.parse({
      ...documents,
      cnes: '1234567',
      cnesDocumento: pdfFile(),
    });
    expect(parsed.cnes).toBe('1234567');
    expect(pjDocumentsSchema.parse({ ...documents, cnes: '' }).cnes).toBeUndefined();
  });

  it('accepts only a PDF for the Contrato Social', () => {
    expect(
      messagesOf(pjDocumentsSchema, { ...documents, contratoSocial: sampleFile('image/png') }),
    ).toEqual({
      'contratoSocial.type': ['Formato não aceito. Envie um arquivo PDF'],
    });
  });

  it.each(['12345678', '12a4', '123 45'])('rejects the CNES %s', (cnes) => {
    expect(messagesOf(pjDocumentsSchema, { ...documents, cnes })).toEqual({
      cnes: ['CNES deve conter apenas números, com até 7 dígitos'],
    });
  });

  it('needs each required document', () => {
    expect(messagesOf(pjDocumentsSchema, {})).toEqual({
      contratoSocial: ['Arquivo é obrigatório'],
      cartaoCnpj: ['Arquivo é obrigatório'],
      alvaraFuncionamento: ['Arquivo é obrigatório'],
    });
  });
});

describe('PJ step 5: finance', () => {
  const finance = {
    banco: '341',
    agencia: '1234',
    conta: '12345-6',
    tipoConta: 'poupanca',
    faturamentoMensal: 'acima_1m',
    numeroFuncionarios: 'acima_500',
  };

  it('accepts digits and hyphens in branch and account', () => {
    expect(messagesOf(pjFinanceSchema, finance)).toEqual({});
    expect(messagesOf(pjFinanceSchema, { ...finance, agencia: '1234-5' })).toEqual({});
  });

  it('rejects other characters in branch and account', () => {
    expect(messagesOf(pjFinanceSchema, { ...finance, agencia: '12.34', conta: '12345 6' })).toEqual(
      {
        agencia: ['Agência deve conter apenas números e hífen'],
        conta: ['Conta deve conter apenas números e hífen'],
      },
    );
  });

  it('gives the messages of each required field', () => {
    expect(messagesOf(pjFinanceSchema, { agencia: '', conta: '' })).toEqual({
      banco: ['Selecione o banco'],
      agencia: ['Agência é obrigatória'],
      conta: ['Conta é obrigatória'],
      tipoConta: ['Selecione o tipo de conta'],
      faturamentoMensal: ['Selecione o faturamento mensal'],
      numeroFuncionarios: ['Selecione o número de funcionários'],
    });
  });

  it('accepts only known bank codes', () => {
    expect(messagesOf(pjFinanceSchema, { ...finance, banco: '999' })).toEqual({
      banco: ['Selecione o banco'],
    });
  });
});

describe('PJ step 6 and the whole application', () => {
  it('needs both consents', () => {
    expect(messagesOf(pjConsentSchema, {})).toEqual({
      consentimentoLgpd: ['Consentimento LGPD é obrigatório'],
      consentimentoKyc: ['Consentimento KYC é obrigatório'],
    });
  });

  it('accepts a complete application, and parsing its output again changes nothing', () => {
    const parsed = pjApplicationSchema.parse(validPjApplication);
    expect(parsed).toMatchObject({
      cnpj: '12ABC34501DE35',
      responsavelCpf: '52998224725',
      cep: '01310100',
    });
    expect(parsed.cnes).toBeUndefined();
    expect(pjApplicationSchema.parse(parsed)).toEqual(parsed);
  });

  it('has six steps whose fields cover the application exactly once', () => {
    expect(pjSteps.map((step) => step.title)).toEqual([
      'Dados da Empresa',
      'Endereço',
      'Responsável Legal',
      'Documentos',
      'Dados Financeiros',
      'Revisão e Consentimentos',
    ]);
    expect(Object.keys(pjStepSchemas)).toEqual(['1', '2', '3', '4', '5', '6']);
    const fields = Object.values(pjStepFields).flat();
    expect(new Set(fields).size).toBe(fields.length);
    expect(new Set(fields)).toEqual(new Set([...Object.keys(validPjApplication), 'cnesDocumento']));
  });

  it('names the first step with a problem', () => {
    const issues = pjApplicationSchema.safeParse({
      ...validPjApplication,
      conta: '',
      contratoSocial: undefined,
    }).error?.issues;
    expect(firstIncompleteStep(pjStepFields, issues ?? [])).toBe(4);
  });
});
