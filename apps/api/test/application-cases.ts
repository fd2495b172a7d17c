/**
 * What the application tests of both flows expect of each (src/modules/application/*.test.ts run
 * once per flow with `describe.each(flowCases)`): the flow's client, table, form values, stored
 * forms, messages, statuses and protocols.
 */
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { UploadedDocument } from '@medipay/shared/documents';
import { validationMessages } from '@medipay/shared/messages';
import type { Flow } from '@medipay/shared/status';
import { onboardingPf, onboardingPj } from '@medipay/db/schema';
import { maskedCnpj } from './cnpj';
import {
  pfClient,
  pfValues,
  pjClient,
  pjValues,
  type Applicant,
  type FlowClient,
  type PfApplicant,
  type PjApplicant,
} from './flow-applicant';
import type { TestApp } from './test-app';

type Documents = Awaited<ReturnType<FlowClient['fillSteps']>>;
/** A change to a step's valid values, and the message it is refused with. */
export type Refusal = [change: Record<string, unknown>, message: string];

/** A step's stored columns; method syntax keeps `FlowCase<PfApplicant>` a `FlowCase`. */
type StoredStep<A> = {
  columns(documents: Documents, applicant: A): Record<string, unknown>;
}['columns'];

export type FlowCase<A extends Applicant = Applicant> = {
  flow: Flow;
  /** The other flow: its sessions are no sessions of this flow's routes. */
  otherFlow: Flow;
  client(t: TestApp): FlowClient<A>;
  table: typeof onboardingPf | typeof onboardingPj;
  taxIdColumn: PgColumn;
  taxIdField: 'cpf' | 'cnpj';
  taxIdName: 'CPF' | 'CNPJ';
  /** The prefix of the flow's session ids (`sess_`, `pj_`). */
  sessionPrefix: string;
  /** The applicant's tax id (CPF, CNPJ) as a form field and an `applicant()` option. */
  sameTaxId(applicant: A): { cpf: string } | { cnpj: string };
  /** The applicant's tax id as stored (CPF digits, CNPJ upper case). */
  storedTaxId(applicant: A): string;
  /** Forms of a stored tax id that the database itself refuses. */
  taxIdVariants(stored: string): string[];

  /** Every value `fillSteps` saved, in its stored form. */
  savedValues(applicant: A, documents: Documents): Record<string, unknown>;
  /** A document field uploaded as a photo, which gets a thumbnail. */
  photoField: 'selfie' | 'responsavelDocFrente';
  /** The stored row after step 1, and a change of a name in it. */
  step1Row(applicant: A): Record<string, unknown>;
  renamed: Record<string, string>;
  step2(document: UploadedDocument): Record<string, unknown>;
  proofField: string;
  /** A document field of a later step (a document of another field). */
  laterField: string;
  /** Step 3's two-sided document and its values. */
  front: string;
  step3(front: UploadedDocument, back: UploadedDocument): Record<string, unknown>;
  /** Stored rows after steps saved by `fillSteps` (of the steps not checked elsewhere). */
  storedSteps: Partial<Record<3 | 4 | 5, StoredStep<A>>>;
  /** A column of step 4, empty until step 4 is saved. */
  step4Column: 'selfieUrl' | 'contratoSocialUrl';
  /** Refusals of steps 1, 3 and 5 (changes to the step's valid values), and of an empty step 1. */
  refusals: { 1: Refusal[]; 3: Refusal[]; 5: Refusal[] };
  firstInvalidMessage: string;

  submittedStatus: string;
  /** Statuses in which an application holds its tax id: no second one may reach them. */
  holdingStatuses: string[];
  duplicate: { code: string; message: string };
  stepTitles: Record<1 | 2 | 3 | 4 | 5, string>;
  /** Changes behind the API, one after another, and the step each leaves incomplete. */
  tampering: [set: Record<string, unknown>, step: 1 | 2 | 3 | 4 | 5][];
  protocol: {
    pattern: RegExp;
    prefix: string;
    /** The numbers a day's protocols take (PF 0000-9999, PJ 1000-9999). */
    first: number;
    perDay: number;
  };
  confirmation: { template: string; data: Record<string, string>; greeting: string };
};

/** "Аna SΟuza Lima": a Cyrillic А and a Greek Ο that pass for Latin letters (issue 23, item 9). */
const mixedScripts = '\u0410na S\u039Fuza Lima';

const documentUrl = (document: UploadedDocument | undefined) => `/api/documents/${document!.id}`;
const missingDocument = '/api/documents/00000000-0000-4000-8000-000000000000';
const digits = (value: string) => value.replace(/\D/g, '');
const duplicateMessage = (taxId: string) =>
  `Já existe um cadastro para este ${taxId} em análise, em exigência ou aprovado. Em caso de dúvida, fale com o suporte.`;

/** The stored address of every test applicant (typed masked and in lower case). */
const storedAddress = {
  cep: '01310100',
  logradouro: 'Avenida Paulista',
  numero: '1000',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  uf: 'SP',
};

const pfCase: FlowCase<PfApplicant> = {
  flow: 'PF',
  otherFlow: 'PJ',
  client: pfClient,
  table: onboardingPf,
  taxIdColumn: onboardingPf.cpf,
  taxIdField: 'cpf',
  taxIdName: 'CPF',
  sessionPrefix: 'sess_',
  sameTaxId: (applicant) => ({ cpf: applicant.cpf }),
  storedTaxId: (applicant) => digits(applicant.cpf),
  taxIdVariants: (stored) => [
    `${stored.slice(0, 3)}.${stored.slice(3, 6)}.${stored.slice(6, 9)}-${stored.slice(9)}`,
  ],

  savedValues: (applicant, documents) => ({
    ...pfValues.identification(applicant),
    cpf: digits(applicant.cpf),
    email: applicant.email,
    telefone: applicant.phoneE164,
    ...storedAddress,
    complemento: 'Apto 12',
    comprovanteResidencia: documents.comprovanteResidencia,
    ...pfValues.professional(documents.docIdentidadeFrente!, documents.docIdentidadeVerso!),
    docIdentidadeValidade: undefined,
    selfie: documents.selfie,
    selfieDoc: documents.selfieDoc,
    livenessPassed: true,
    livenessConfidence: 0.962,
    biometricDecision: 'aprovado',
    pepTipo: 'NAO',
  }),
  photoField: 'selfie',
  step1Row: (applicant) => ({ cpf: digits(applicant.cpf), nomeCompleto: 'Ana Beatriz Souza' }),
  renamed: { nomeCompleto: 'Ana Beatriz Souza Lima' },
  step2: pfValues.address,
  proofField: 'comprovanteResidencia',
  laterField: 'docIdentidadeVerso',
  front: 'docIdentidadeFrente',
  step3: pfValues.professional,
  storedSteps: {
    3: (documents) => ({
      docProfissionalTipo: 'CRM',
      docProfissionalNumero: '123456',
      docProfissionalUf: 'SP',
      docProfissionalOrgaoEmissor: 'CRM-SP',
      docIdentidadeFrenteUrl: documentUrl(documents.docIdentidadeFrente),
      docIdentidadeVersoUrl: documentUrl(documents.docIdentidadeVerso),
      docIdentidadeNome: 'ANA BEATRIZ SOUZA',
      docIdentidadeNumero: '12.345.678-9',
      docIdentidadeOrgao: 'SSP',
      docIdentidadeUf: 'SP',
      docIdentidadeValidade: null,
    }),
    // The photos, with the confidence of the passed check.
    4: (documents) => ({
      selfieUrl: documentUrl(documents.selfie),
      selfieDocUrl: documentUrl(documents.selfieDoc),
      livenessPassed: true,
      livenessConfidence: 0.962,
      biometriaDecisao: 'aprovado',
    }),
  },
  step4Column: 'selfieUrl',
  refusals: {
    1: [
      [{ nomeCompleto: 'Ana' }, 'Nome completo deve ter pelo menos 5 caracteres'],
      [{ nomeCompleto: mixedScripts }, validationMessages.nameLatin],
      [{ nacionalidade: '' }, 'Selecione a nacionalidade'],
      [{ cpf: '123.456.789' }, 'CPF deve ter 11 dígitos'],
      [{ cpf: '111.111.111-11' }, 'CPF inválido'],
      [{ cpf: '529.982.247-26' }, 'CPF inválido'],
      [{ estadoCivil: 'outro' }, 'Selecione o estado civil'],
      [{ email: 'ana@' }, 'E-mail inválido'],
      [{ telefone: '(11) 8765-432' }, 'Telefone deve ter DDD + número'],
    ],
    3: [
      [{ docProfissionalTipo: 'XYZ' }, 'Selecione o tipo de documento'],
      [{ docProfissionalNumero: '' }, 'Número do documento é obrigatório'],
      [{ docProfissionalUf: '' }, 'UF é obrigatória'],
      [{ docIdentidadeVerso: null }, 'Arquivo é obrigatório'],
      [{ docIdentidadeNome: '' }, 'Nome no documento é obrigatório'],
      [{ docIdentidadeNome: mixedScripts }, validationMessages.nameLatin],
      [{ docIdentidadeNumero: '  ' }, 'Número do documento é obrigatório'],
      [{ docIdentidadeNumero: undefined }, 'Número do documento é obrigatório'],
      [{ docIdentidadeValidade: '31/02/2031' }, 'Validade inválida. Use o formato DD/MM/AAAA'],
    ],
    // Over the valid answer (NAO): an answer left out, or one without the fields it needs.
    5: [
      [{ pepTipo: undefined }, 'Selecione uma opção sobre PEP'],
      [{ pepTipo: 'TALVEZ' }, 'Selecione uma opção sobre PEP'],
      [{ pepTipo: 'PEP', pepCargo: 'Deputado' }, 'Preencha todos os campos obrigatórios para PEP'],
      [
        { pepTipo: 'RELACIONADO', pepCargo: 'Deputado', pepOrgao: 'Câmara', pepNome: 'Carlos' },
        'Preencha todos os campos obrigatórios para PEP',
      ],
      [
        {
          pepTipo: 'RELACIONADO',
          pepNome: 'Carlos',
          pepCpf: '111.111.111-11',
          pepCargo: 'Deputado',
          pepOrgao: 'Câmara',
        },
        'CPF inválido',
      ],
    ],
  },
  firstInvalidMessage: 'Nome completo deve ter pelo menos 5 caracteres',

  submittedStatus: 'EM_ANALISE',
  holdingStatuses: ['EM_ANALISE', 'EM_EXIGENCIA', 'APROVADO'],
  duplicate: { code: 'DUPLICATE_CPF', message: duplicateMessage('CPF') },
  stepTitles: {
    1: 'Identificação',
    2: 'Endereço',
    3: 'Documentos e Profissão',
    4: 'Biometria e Verificação',
    5: 'PEP',
  },
  tampering: [
    // A document row that disappeared (e.g. removed by an operator) makes its step incomplete.
    [{ comprovanteResidenciaUrl: missingDocument }, 2],
    [{ emailVerificado: false }, 1],
  ],
  protocol: {
    pattern: /^MEDI-\d{8}-\d{4}$/,
    prefix: 'MEDI',
    first: 0,
    perDay: 10_000,
  },
  confirmation: {
    template: 'pf-confirmation',
    data: { nome: 'Ana Beatriz Souza' },
    greeting: 'Olá, Ana Beatriz Souza!',
  },
};

const pjCase: FlowCase<PjApplicant> = {
  flow: 'PJ',
  otherFlow: 'PF',
  client: pjClient,
  table: onboardingPj,
  taxIdColumn: onboardingPj.cnpj,
  taxIdField: 'cnpj',
  taxIdName: 'CNPJ',
  sessionPrefix: 'pj_',
  sameTaxId: (applicant) => ({ cnpj: applicant.cnpj }),
  storedTaxId: (applicant) => applicant.cnpj,
  taxIdVariants: (stored) => [maskedCnpj(stored), 'ab7cd12e000100'],

  savedValues: (applicant, documents) => ({
    ...pjValues.company(applicant),
    cnpj: applicant.cnpj,
    inscricaoMunicipal: undefined,
    email: applicant.email,
    telefone: applicant.phoneE164,
    ...storedAddress,
    complemento: 'Conjunto 42',
    comprovanteEndereco: documents.comprovanteEndereco,
    ...pjValues.responsible(documents.responsavelDocFrente!, documents.responsavelDocVerso!),
    responsavelCpf: applicant.responsavelCpf.replace(/\D/g, ''),
    contratoSocial: documents.contratoSocial,
    cartaoCnpj: documents.cartaoCnpj,
    alvaraFuncionamento: documents.alvaraFuncionamento,
    cnes: '1234567',
    cnesDocumento: documents.cnesDocumento,
    ...pjValues.finance(),
  }),
  photoField: 'responsavelDocFrente',
  step1Row: (applicant) => ({
    cnpj: applicant.cnpj,
    razaoSocial: 'Hospital Exemplo S.A.',
    inscricaoEstadual: '123.456.789.110',
    inscricaoMunicipal: null,
  }),
  renamed: { razaoSocial: 'Hospital Exemplo Ltda.' },
  step2: pjValues.address,
  proofField: 'comprovanteEndereco',
  laterField: 'cartaoCnpj',
  front: 'responsavelDocFrente',
  step3: pjValues.responsible,
  storedSteps: {
    3: (documents, applicant) => ({
      responsavelNome: 'Carlos Pereira',
      responsavelCpf: applicant.responsavelCpf.replace(/\D/g, ''),
      responsavelRg: '12.345.678-9',
      responsavelCargo: 'diretor',
      responsavelDocFrenteUrl: documentUrl(documents.responsavelDocFrente),
      responsavelDocVersoUrl: documentUrl(documents.responsavelDocVerso),
    }),
    // The bank account and the size of the company.
    5: () => pjValues.finance(),
  },
  step4Column: 'contratoSocialUrl',
  refusals: {
    1: [
      [{ razaoSocial: 'Hosp' }, 'Razão social deve ter pelo menos 5 caracteres'],
      [{ nomeFantasia: ' ' }, 'Nome fantasia é obrigatório'],
      [{ razaoSocial: 'Hospital \u0391lfa Ltda' }, validationMessages.companyNameLatin],
      [{ nomeFantasia: '\u0421línica Vida' }, validationMessages.companyNameLatin],
      [{ cnpj: '11.222.333/0001-8' }, 'CNPJ deve ter 14 dígitos'],
      [{ cnpj: '11.222.333/0001-82' }, 'CNPJ inválido'],
      [{ cnpj: '00.000.000/0000-00' }, 'CNPJ inválido'],
      [{ cnpj: '12.ABC.345/01DE-36' }, 'CNPJ inválido'],
      [{ tipoEmpresa: 'banco' }, 'Selecione o tipo de empresa'],
      [{ areaAtuacao: '' }, 'Área de atuação é obrigatória'],
      [{ email: 'contato@' }, 'E-mail inválido'],
      [{ telefone: '(11) 8765-432' }, 'Telefone deve ter DDD + número'],
    ],
    3: [
      [{ responsavelNome: 'Caio' }, 'Nome do responsável deve ter pelo menos 5 caracteres'],
      [{ responsavelNome: mixedScripts }, validationMessages.nameLatin],
      [{ responsavelCpf: '529.982.247' }, 'CPF deve ter 11 dígitos'],
      [{ responsavelCpf: '529.982.247-26' }, 'CPF inválido'],
      [{ responsavelRg: '' }, 'RG é obrigatório'],
      [{ responsavelCargo: 'estagiario' }, 'Selecione o cargo do responsável'],
      [{ responsavelDocVerso: null }, 'Arquivo é obrigatório'],
    ],
    5: [
      [{ banco: '999' }, 'Selecione o banco'],
      [{ agencia: '' }, 'Agência é obrigatória'],
      [{ agencia: '00A1' }, 'Agência deve conter apenas números e hífen'],
      [{ agencia: '0001.2' }, 'Agência deve conter apenas números e hífen'],
      [{ conta: ' ' }, 'Conta é obrigatória'],
      [{ conta: '12345/6' }, 'Conta deve conter apenas números e hífen'],
      [{ conta: '12345-X' }, 'Conta deve conter apenas números e hífen'],
      [{ tipoConta: 'salario' }, 'Selecione o tipo de conta'],
      [{ faturamentoMensal: '' }, 'Selecione o faturamento mensal'],
      [{ numeroFuncionarios: '0' }, 'Selecione o número de funcionários'],
    ],
  },
  firstInvalidMessage: 'Razão social deve ter pelo menos 5 caracteres',

  submittedStatus: 'ENVIADO_PARA_ANALISE',
  holdingStatuses: ['ENVIADO_PARA_ANALISE', 'EM_ANALISE', 'EM_EXIGENCIA', 'APROVADO'],
  duplicate: { code: 'DUPLICATE_CNPJ', message: duplicateMessage('CNPJ') },
  stepTitles: {
    1: 'Dados da Empresa',
    2: 'Endereço',
    3: 'Responsável Legal',
    4: 'Documentos',
    5: 'Dados Financeiros',
  },
  tampering: [
    // A document row that disappeared makes its step incomplete.
    [{ contratoSocialUrl: missingDocument }, 4],
    // A value changed behind the API is checked again.
    [{ conta: '12.345' }, 4],
    [{ responsavelCpf: '11111111111' }, 3],
    [{ emailVerificado: false }, 1],
  ],
  protocol: {
    pattern: /^PJ-\d{8}-[1-9]\d{3}$/,
    prefix: 'PJ',
    first: 1000,
    perDay: 9000,
  },
  confirmation: {
    template: 'pj-confirmation',
    data: { razaoSocial: 'Hospital Exemplo S.A.' },
    greeting: 'Olá, Hospital Exemplo S.A.!',
  },
};

/** Both flows, for `describe.each`: PF (a health professional, by CPF), PJ (a company, by CNPJ). */
export const flowCases: FlowCase[] = [pfCase, pjCase];
