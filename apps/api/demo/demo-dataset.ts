/**
 * The demonstration dataset (`npm run seed:demo`, and the back-office server of the browser
 * tests): fictitious people and companies in every status of both flows. Pure data, free of I/O,
 * so that the browser specs can import what they expect from here.
 *
 * Every name, number and address below is made up for the demonstration; CPFs and CNPJs are
 * computed with valid check digits, e-mails use the reserved `example.com` domain.
 */
import type {
  AreaAtuacao,
  Banco,
  DocProfissionalTipo,
  EstadoCivil,
  FaturamentoMensal,
  Nacionalidade,
  NumeroFuncionarios,
  PepTipo,
  ResponsavelCargo,
  TipoConta,
  TipoEmpresa,
  Uf,
} from '@medipay/shared/options';
import type { PfFileField, PjFileField } from '@medipay/shared/files';
import { cnpjFrom } from '../test/cnpj';
import { cpfFrom } from '../test/cpf';

/** A CPF's 11 digits, check digits computed from a 9-digit base. */
const cpf = (base: number) => cpfFrom(base).replace(/\D/g, '');

export type DemoAddress = {
  /** 8 digits. */
  cep: string;
  logradouro: string;
  numero: string;
  complemento?: string;
  bairro: string;
  cidade: string;
  uf: Uf;
};

/**
 * The identity document photographed in the wizard (drawn by the seed with these data). The
 * number of a CIN is its holder's CPF.
 */
export type DemoIdentity =
  | { kind: 'CIN'; orgao: string; uf: Uf; /** `dd/MM/yyyy`. */ validade: string }
  | {
      kind: 'RG' | 'CNH';
      numero: string;
      orgao: string;
      uf: Uf;
      /** `dd/MM/yyyy`; an old RG has none. */
      validade: string | null;
    };

/**
 * An earlier 'Em Exigência' the applicant answered with a new version of one document, before
 * the current decision.
 */
export type DemoRectification<Field extends string> = { exigencias: string; field: Field };

type DemoCommon = {
  /** Days before the seed ran on which the application was started (0: today). */
  daysAgo: number;
  /** The step the wizard resumes at: steps before it are saved; 6 for a submitted one. */
  currentStep: number;
  /** The 4 digits after the São Paulo date of the submission in the protocol; none before it. */
  protocolSuffix?: string;
  email: string;
  /** E.164. */
  telefone: string;
  endereco: DemoAddress;
  /** EM_EXIGENCIA: what the reviewer asked for. */
  exigencias?: string;
  /** NEGADO / REJEITADO: why. */
  motivoNegacao?: string;
};

export type DemoPf = DemoCommon & {
  nome: string;
  status: 'INICIADO' | 'EM_ANALISE' | 'EM_EXIGENCIA' | 'APROVADO' | 'NEGADO' | 'REJEITADO';
  nacionalidade: Nacionalidade;
  cpf: string;
  estadoCivil: EstadoCivil;
  profissional: { tipo: DocProfissionalTipo; numero: string; uf: Uf; orgaoEmissor: string };
  identidade: DemoIdentity;
  /** The score of the biometric check kept with the selfie step. */
  livenessConfidence: number;
  /**
   * A biometric check that ended em revisão (the face match uncertain: a reviewer compares the
   * photos), with its similarities; without it, the check was aprovado.
   */
  biometriaEmRevisao?: { selfieToSelfieDoc: number; selfieToDocument: number };
  pep: { tipo: Extract<PepTipo, 'NAO'> } | { tipo: 'PEP'; cargo: string; orgao: string };
  rectification?: DemoRectification<PfFileField>;
  /** An identity photo sent out of focus (what the requirement of an 'Em Exigência' is about). */
  blurred?: Extract<PfFileField, 'docIdentidadeFrente' | 'docIdentidadeVerso'>;
};

export type DemoPj = DemoCommon & {
  razaoSocial: string;
  nomeFantasia: string;
  status: 'ENVIADO_PARA_ANALISE' | 'EM_EXIGENCIA' | 'APROVADO' | 'NEGADO';
  cnpj: string;
  inscricaoEstadual?: string;
  inscricaoMunicipal?: string;
  tipoEmpresa: TipoEmpresa;
  areaAtuacao: AreaAtuacao;
  /** The main activity (CNAE) printed on the generated registry card. */
  atividadePrincipal: string;
  responsavel: {
    nome: string;
    cpf: string;
    rg: string;
    cargo: ResponsavelCargo;
    identidade: DemoIdentity;
  };
  cnes?: string;
  banco: Banco;
  agencia: string;
  conta: string;
  tipoConta: TipoConta;
  faturamentoMensal: FaturamentoMensal;
  numeroFuncionarios: NumeroFuncionarios;
  rectification?: DemoRectification<PjFileField>;
};

/** PF: 8 applications, 3 of them started today. */
export const demoPf: readonly DemoPf[] = [
  {
    nome: 'Ana Beatriz Moreira',
    status: 'INICIADO',
    currentStep: 3,
    daysAgo: 0,
    nacionalidade: 'brasileira',
    cpf: cpf(318624079),
    estadoCivil: 'solteiro',
    email: 'ana.moreira@example.com',
    telefone: '+5541991234567',
    endereco: {
      cep: '80020310',
      logradouro: 'Rua XV de Novembro',
      numero: '700',
      complemento: 'Apto 52',
      bairro: 'Centro',
      cidade: 'Curitiba',
      uf: 'PR',
    },
    profissional: { tipo: 'CRM', numero: '41873', uf: 'PR', orgaoEmissor: 'CRM-PR' },
    identidade: { kind: 'RG', numero: '9.187.342-6', orgao: 'SSP', uf: 'PR', validade: null },
    livenessConfidence: 0.954,
    pep: { tipo: 'NAO' },
  },
  {
    nome: 'Bruno Carvalho Lima',
    status: 'EM_ANALISE',
    currentStep: 6,
    daysAgo: 0,
    protocolSuffix: '4821',
    nacionalidade: 'brasileira',
    cpf: cpf(452917036),
    estadoCivil: 'casado',
    email: 'bruno.lima@example.com',
    telefone: '+5511987452310',
    endereco: {
      cep: '01304001',
      logradouro: 'Rua Augusta',
      numero: '1508',
      complemento: 'Apto 84',
      bairro: 'Consolação',
      cidade: 'São Paulo',
      uf: 'SP',
    },
    profissional: { tipo: 'CRM', numero: '183452', uf: 'SP', orgaoEmissor: 'CRM-SP' },
    identidade: {
      kind: 'CNH',
      numero: '04718293650',
      orgao: 'DETRAN',
      uf: 'SP',
      validade: '14/08/2031',
    },
    livenessConfidence: 0.962,
    pep: { tipo: 'NAO' },
  },
  {
    nome: 'Carla Dias Nogueira',
    status: 'EM_ANALISE',
    currentStep: 6,
    daysAgo: 0,
    protocolSuffix: '0937',
    nacionalidade: 'brasileira',
    cpf: cpf(603185742),
    estadoCivil: 'uniao_estavel',
    email: 'carla.nogueira@example.com',
    telefone: '+5521998761204',
    endereco: {
      cep: '22270010',
      logradouro: 'Rua Voluntários da Pátria',
      numero: '190',
      complemento: 'Bloco 2, apto 301',
      bairro: 'Botafogo',
      cidade: 'Rio de Janeiro',
      uf: 'RJ',
    },
    profissional: { tipo: 'COREN', numero: '512908', uf: 'RJ', orgaoEmissor: 'COREN-RJ' },
    identidade: { kind: 'RG', numero: '21.458.903-7', orgao: 'DETRAN', uf: 'RJ', validade: null },
    // The weakest comparison: the photo on the document, uncertain.
    livenessConfidence: 0.587,
    biometriaEmRevisao: { selfieToSelfieDoc: 0.612, selfieToDocument: 0.587 },
    pep: { tipo: 'NAO' },
  },
  {
    nome: 'Daniel Souza Prado',
    status: 'EM_EXIGENCIA',
    currentStep: 6,
    daysAgo: 2,
    protocolSuffix: '7315',
    nacionalidade: 'brasileira',
    cpf: cpf(247560931),
    estadoCivil: 'divorciado',
    email: 'daniel.prado@example.com',
    telefone: '+5531991827364',
    endereco: {
      cep: '30130005',
      logradouro: 'Avenida Afonso Pena',
      numero: '1500',
      complemento: 'Sala 1204',
      bairro: 'Centro',
      cidade: 'Belo Horizonte',
      uf: 'MG',
    },
    profissional: { tipo: 'CRO', numero: '41207', uf: 'MG', orgaoEmissor: 'CRO-MG' },
    identidade: { kind: 'CIN', orgao: 'SSP', uf: 'MG', validade: '02/09/2034' },
    livenessConfidence: 0.931,
    pep: { tipo: 'NAO' },
    blurred: 'docIdentidadeVerso',
    exigencias:
      'A foto do verso do documento de identidade está desfocada e não permite ler a filiação nem a data de expedição. Envie uma nova foto do verso, com boa iluminação e sem reflexos.',
  },
  {
    nome: 'Elisa Martins Rocha',
    status: 'APROVADO',
    currentStep: 6,
    daysAgo: 5,
    protocolSuffix: '2604',
    nacionalidade: 'brasileira',
    cpf: cpf(781204365),
    estadoCivil: 'casado',
    email: 'elisa.rocha@example.com',
    telefone: '+5571988142057',
    endereco: {
      cep: '40080002',
      logradouro: 'Avenida Sete de Setembro',
      numero: '2100',
      bairro: 'Vitória',
      cidade: 'Salvador',
      uf: 'BA',
    },
    profissional: { tipo: 'CRF', numero: '9834', uf: 'BA', orgaoEmissor: 'CRF-BA' },
    identidade: { kind: 'RG', numero: '11.284.507-3', orgao: 'SSP', uf: 'BA', validade: null },
    livenessConfidence: 0.971,
    pep: {
      tipo: 'PEP',
      cargo: 'Secretária Municipal de Saúde',
      orgao: 'Prefeitura Municipal de Lauro de Freitas',
    },
  },
  {
    nome: 'Fábio Teixeira Campos',
    status: 'APROVADO',
    currentStep: 6,
    daysAgo: 6,
    protocolSuffix: '5148',
    nacionalidade: 'brasileira',
    cpf: cpf(135790246),
    estadoCivil: 'solteiro',
    email: 'fabio.campos@example.com',
    telefone: '+5551996301478',
    endereco: {
      cep: '90020008',
      logradouro: 'Rua dos Andradas',
      numero: '1234',
      complemento: 'Apto 1101',
      bairro: 'Centro Histórico',
      cidade: 'Porto Alegre',
      uf: 'RS',
    },
    profissional: { tipo: 'CREFITO', numero: '187654-F', uf: 'RS', orgaoEmissor: 'CREFITO-5' },
    identidade: {
      kind: 'CNH',
      numero: '83016472591',
      orgao: 'DETRAN',
      uf: 'RS',
      validade: '23/05/2030',
    },
    livenessConfidence: 0.958,
    pep: { tipo: 'NAO' },
    rectification: {
      field: 'comprovanteResidencia',
      exigencias:
        'O comprovante de residência enviado foi emitido há mais de 90 dias. Envie uma conta de consumo (água, luz, gás ou telefone) emitida nos últimos 3 meses, em seu nome.',
    },
  },
  {
    nome: 'Gabriela Pires Duarte',
    status: 'NEGADO',
    currentStep: 6,
    daysAgo: 8,
    protocolSuffix: '8472',
    nacionalidade: 'brasileira',
    cpf: cpf(964213870),
    estadoCivil: 'casado',
    email: 'gabriela.duarte@example.com',
    telefone: '+5581997356218',
    endereco: {
      cep: '51020000',
      logradouro: 'Avenida Boa Viagem',
      numero: '3200',
      complemento: 'Apto 702',
      bairro: 'Boa Viagem',
      cidade: 'Recife',
      uf: 'PE',
    },
    profissional: { tipo: 'CRM', numero: '29876', uf: 'PE', orgaoEmissor: 'CRM-PE' },
    identidade: { kind: 'CIN', orgao: 'SDS', uf: 'PE', validade: '11/03/2033' },
    livenessConfidence: 0.938,
    pep: { tipo: 'NAO' },
    motivoNegacao:
      'O registro profissional informado (CRM-PE 29876) consta como cancelado na consulta pública do Conselho Regional de Medicina de Pernambuco.',
  },
  {
    nome: 'Heitor Ramos Vieira',
    status: 'REJEITADO',
    currentStep: 6,
    daysAgo: 9,
    protocolSuffix: '3069',
    nacionalidade: 'naturalizada',
    cpf: cpf(570318624),
    estadoCivil: 'viuvo',
    email: 'heitor.vieira@example.com',
    telefone: '+5585988674103',
    endereco: {
      cep: '60165121',
      logradouro: 'Avenida Beira Mar',
      numero: '2500',
      complemento: 'Apto 1503',
      bairro: 'Meireles',
      cidade: 'Fortaleza',
      uf: 'CE',
    },
    profissional: { tipo: 'CRP', numero: '14523', uf: 'CE', orgaoEmissor: 'CRP-11' },
    identidade: { kind: 'RG', numero: '2004.187.365-2', orgao: 'SSPDS', uf: 'CE', validade: null },
    livenessConfidence: 0.912,
    pep: { tipo: 'NAO' },
    motivoNegacao:
      'Os dados do documento de identidade não conferem com a base da Receita Federal para o CPF informado, e a foto do documento apresenta sinais de adulteração.',
  },
];

/** PJ: 6 submitted applications, 2 of them today. */
export const demoPj: readonly DemoPj[] = [
  {
    razaoSocial: 'Hospital Santa Aurora Ltda',
    nomeFantasia: 'Hospital Santa Aurora',
    status: 'ENVIADO_PARA_ANALISE',
    currentStep: 6,
    daysAgo: 0,
    protocolSuffix: '5317',
    cnpj: cnpjFrom('472819350001'),
    inscricaoEstadual: '118224867110',
    inscricaoMunicipal: '40125873',
    tipoEmpresa: 'hospital',
    areaAtuacao: 'geral',
    atividadePrincipal:
      '86.10-1-01 - Atividades de atendimento hospitalar, exceto pronto-socorro e unidades para atendimento a urgências',
    email: 'cadastro@santaaurora.example.com',
    telefone: '+5511991407720',
    endereco: {
      cep: '04037002',
      logradouro: 'Rua Doutor Diogo de Faria',
      numero: '820',
      bairro: 'Vila Clementino',
      cidade: 'São Paulo',
      uf: 'SP',
    },
    responsavel: {
      nome: 'Marcelo Antunes Ribeiro',
      cpf: cpf(284619507),
      rg: '32.418.907-5',
      cargo: 'diretor',
      identidade: { kind: 'RG', numero: '32.418.907-5', orgao: 'SSP', uf: 'SP', validade: null },
    },
    cnes: '7418203',
    banco: '001',
    agencia: '3045',
    conta: '28714-6',
    tipoConta: 'corrente',
    faturamentoMensal: 'acima_1m',
    numeroFuncionarios: 'acima_500',
  },
  {
    razaoSocial: 'Clínica Vida Plena Ltda',
    nomeFantasia: 'Vida Plena Cardiologia',
    status: 'ENVIADO_PARA_ANALISE',
    currentStep: 6,
    daysAgo: 0,
    protocolSuffix: '2846',
    // An alphanumeric CNPJ, as the Receita Federal issues to new companies from July 2026.
    cnpj: cnpjFrom('12ABC3450001'),
    inscricaoMunicipal: '0098127',
    tipoEmpresa: 'clinica',
    areaAtuacao: 'cardiologia',
    atividadePrincipal: '86.30-5-03 - Atividade médica ambulatorial restrita a consultas',
    email: 'administrativo@vidaplena.example.com',
    telefone: '+5519992851036',
    endereco: {
      cep: '13015002',
      logradouro: 'Rua Barão de Jaguara',
      numero: '1481',
      complemento: 'Sala 42',
      bairro: 'Centro',
      cidade: 'Campinas',
      uf: 'SP',
    },
    responsavel: {
      nome: 'Juliana Ferraz Coelho',
      cpf: cpf(396027158),
      rg: '44.902.316-8',
      cargo: 'socio',
      identidade: {
        kind: 'CNH',
        numero: '61930485127',
        orgao: 'DETRAN',
        uf: 'SP',
        validade: '07/12/2032',
      },
    },
    cnes: '6932157',
    banco: '341',
    agencia: '0762',
    conta: '45120-3',
    tipoConta: 'corrente',
    faturamentoMensal: '100k_500k',
    numeroFuncionarios: '11_50',
  },
  {
    razaoSocial: 'Laboratório Análise Certa S.A.',
    nomeFantasia: 'Análise Certa',
    status: 'EM_EXIGENCIA',
    currentStep: 6,
    daysAgo: 3,
    protocolSuffix: '7092',
    cnpj: cnpjFrom('153846200001'),
    inscricaoEstadual: '0621849270035',
    tipoEmpresa: 'laboratorio',
    areaAtuacao: 'geral',
    atividadePrincipal: '86.40-2-02 - Laboratórios clínicos',
    email: 'compliance@analisecerta.example.com',
    telefone: '+5531993017482',
    endereco: {
      cep: '30160011',
      logradouro: 'Rua da Bahia',
      numero: '1148',
      bairro: 'Centro',
      cidade: 'Belo Horizonte',
      uf: 'MG',
    },
    responsavel: {
      nome: 'Ricardo Mendes Tavares',
      cpf: cpf(417853920),
      rg: 'MG-14.385.207',
      cargo: 'diretor',
      identidade: { kind: 'RG', numero: 'MG-14.385.207', orgao: 'PC', uf: 'MG', validade: null },
    },
    cnes: '5820461',
    banco: '237',
    agencia: '1523',
    conta: '0098412-7',
    tipoConta: 'corrente',
    faturamentoMensal: '500k_1m',
    numeroFuncionarios: '101_500',
    exigencias:
      '1. O estatuto social enviado é anterior à última assembleia: envie o estatuto consolidado vigente, com o registro na Junta Comercial.\n2. Envie também a ata da assembleia que elegeu o diretor Ricardo Mendes Tavares como representante legal.',
  },
  {
    razaoSocial: 'Centro de Diagnóstico Imagem Sul Ltda',
    nomeFantasia: 'Imagem Sul Diagnósticos',
    status: 'APROVADO',
    currentStep: 6,
    daysAgo: 7,
    protocolSuffix: '4638',
    cnpj: cnpjFrom('609172840001'),
    inscricaoEstadual: '257914380',
    inscricaoMunicipal: '581274',
    tipoEmpresa: 'centro_diagnostico',
    areaAtuacao: 'geral',
    atividadePrincipal:
      '86.40-2-05 - Serviços de diagnóstico por imagem com uso de radiação ionizante, exceto tomografia',
    email: 'contato@imagemsul.example.com',
    telefone: '+5548996624810',
    endereco: {
      cep: '88010001',
      logradouro: 'Rua Felipe Schmidt',
      numero: '515',
      complemento: 'Térreo',
      bairro: 'Centro',
      cidade: 'Florianópolis',
      uf: 'SC',
    },
    responsavel: {
      nome: 'Patrícia Lemos Guimarães',
      cpf: cpf(523640198),
      rg: '5.418.293',
      cargo: 'administrador',
      identidade: {
        kind: 'CIN',
        orgao: 'SSP',
        uf: 'SC',
        validade: '19/06/2035',
      },
    },
    cnes: '3390742',
    banco: '748',
    agencia: '0101',
    conta: '52318-9',
    tipoConta: 'corrente',
    faturamentoMensal: '500k_1m',
    numeroFuncionarios: '51_100',
    rectification: {
      field: 'contratoSocial',
      exigencias:
        'O contrato social enviado está sem as páginas de assinatura dos sócios. Envie o documento completo.',
    },
  },
  {
    razaoSocial: 'Ambulatório Bem Estar Ltda',
    nomeFantasia: 'Ambulatório Bem Estar',
    status: 'APROVADO',
    currentStep: 6,
    daysAgo: 10,
    protocolSuffix: '9175',
    cnpj: cnpjFrom('830461750001'),
    inscricaoMunicipal: '3021847',
    tipoEmpresa: 'ambulatorio',
    areaAtuacao: 'pediatria',
    atividadePrincipal:
      '86.30-5-01 - Atividade médica ambulatorial com recursos para realização de procedimentos cirúrgicos',
    email: 'financeiro@bemestar.example.com',
    telefone: '+5562994087135',
    endereco: {
      cep: '74230100',
      logradouro: 'Avenida T-63',
      numero: '1296',
      complemento: 'Quadra 145, lote 12',
      bairro: 'Setor Bueno',
      cidade: 'Goiânia',
      uf: 'GO',
    },
    responsavel: {
      nome: 'Rogério Batista Falcão',
      cpf: cpf(649172035),
      rg: '4.127.680',
      cargo: 'socio',
      identidade: { kind: 'RG', numero: '4.127.680', orgao: 'DGPC', uf: 'GO', validade: null },
    },
    banco: '104',
    agencia: '2468',
    conta: '00012345-0',
    tipoConta: 'corrente',
    faturamentoMensal: '50k_100k',
    numeroFuncionarios: '11_50',
  },
  {
    razaoSocial: 'Organização Social Saúde Para Todos',
    nomeFantasia: 'Saúde Para Todos',
    status: 'NEGADO',
    currentStep: 6,
    daysAgo: 12,
    protocolSuffix: '1583',
    cnpj: cnpjFrom('295730180001'),
    tipoEmpresa: 'organizacao_social',
    areaAtuacao: 'geral',
    atividadePrincipal: '94.30-8-00 - Atividades de associações de defesa de direitos sociais',
    email: 'diretoria@saudeparatodos.example.com',
    telefone: '+5592991548302',
    endereco: {
      cep: '69010001',
      logradouro: 'Avenida Eduardo Ribeiro',
      numero: '520',
      complemento: 'Sala 305',
      bairro: 'Centro',
      cidade: 'Manaus',
      uf: 'AM',
    },
    responsavel: {
      nome: 'Sandra Regina Albuquerque',
      cpf: cpf(758306412),
      rg: '1.893.542-0',
      cargo: 'representante_legal',
      identidade: {
        kind: 'CNH',
        numero: '27458193060',
        orgao: 'DETRAN',
        uf: 'AM',
        validade: '30/01/2029',
      },
    },
    banco: '033',
    agencia: '3381',
    conta: '13004521-8',
    tipoConta: 'corrente',
    faturamentoMensal: 'ate_50k',
    numeroFuncionarios: '1_10',
    motivoNegacao:
      'A entidade não mantém estabelecimento de saúde: a atividade principal do cartão CNPJ (associação de defesa de direitos sociais) e a ausência de CNES não atendem aos requisitos de credenciamento da MediPay.',
  },
];

/** Applicant sessions that never saved step 1 (no application), last seen two days ago. */
export const demoAbandonedSessions: readonly { flow: 'PF' | 'PJ'; idleDays: number }[] = [
  { flow: 'PF', idleDays: 2 },
  { flow: 'PJ', idleDays: 2 },
  { flow: 'PF', idleDays: 2 },
];

export const demoDataset = {
  pf: demoPf,
  pj: demoPj,
  abandonedSessions: demoAbandonedSessions,
} as const;
