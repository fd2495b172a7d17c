/* Fixtures of the review pages' tests: API answers shaped by packages/shared/src/admin-review.ts. */
import { comparePfIdentity, comparePjIdentity } from '@medipay/shared/identity-comparison';
import type {
  ApplicationDetail,
  ApplicationList,
  ApplicationListItem,
} from '@medipay/shared/admin-review';
import type { UploadedDocument } from '@medipay/shared/documents';
import type { LinkedApplications, ReviewCase } from '@medipay/shared/case-review';
import type { ApplicationScreening } from '@medipay/shared/screening';

export const pfId = '3f2b8c1e-6d4a-4b5f-9c7d-1e2f3a4b5c6d';
export const pfId2 = '7a1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b';
export const pjId = 'c0ffee00-1234-4abc-8def-0123456789ab';
export const pjId2 = 'd1e2f3a4-b5c6-47d8-9e0f-a1b2c3d4e5f6';

/** An ordinary case: nobody holds it, no due time shown, one approval enough. */
export const noCase: ReviewCase = {
  prazo: null,
  prazoStatus: null,
  analista: null,
  heldByMe: false,
  secondApprovalReasons: [],
  primeiraAprovacao: null,
};

/** An application linked to no other. */
export const noLinks: LinkedApplications = { items: [], faceSearched: true };

/** An application never screened: no hits. */
export const noScreening: ApplicationScreening = {
  lastScreenedAt: { pep: null, ceis: null, cnep: null, unsc: null },
  hits: [],
};

export function listOf(
  items: ApplicationListItem[],
  extra: Partial<ApplicationList> = {},
): ApplicationList {
  return {
    items,
    total: items.length,
    totalCapped: false,
    filtered: items.length,
    filteredCapped: false,
    page: 1,
    pageSize: 20,
    next: null,
    previous: null,
    ...extra,
  };
}

export const pfAnalysing: ApplicationListItem = {
  id: pfId,
  protocolo: 'PF-20250310-A1B2C3',
  status: 'EM_ANALISE',
  currentStep: 6,
  name: 'Maria Oliveira',
  razaoSocial: null,
  document: '52998224725',
  email: 'maria.oliveira@example.com',
  tipoEmpresa: null,
  createdAt: '2025-03-10T13:05:00.000Z',
  analisadoPor: null,
  analisadoEm: null,
  biometricDecision: null,
  openScreeningHits: false,
  prazoAnalise: null,
  prazoStatus: null,
  analistaEmail: null,
};

export const pfRequirement: ApplicationListItem = {
  id: pfId2,
  protocolo: 'PF-20250309-Z9Y8X7',
  status: 'EM_EXIGENCIA',
  currentStep: 9,
  name: 'João Santos',
  razaoSocial: null,
  document: '11144477735',
  email: 'joao.santos@example.com',
  tipoEmpresa: null,
  createdAt: '2025-03-09T02:30:00.000Z',
  analisadoPor: 'ana.souza@medipay.com.br',
  analisadoEm: '2025-03-09T15:00:00.000Z',
  biometricDecision: null,
  openScreeningHits: false,
  prazoAnalise: null,
  prazoStatus: null,
  analistaEmail: null,
};

export const pjAnalysing: ApplicationListItem = {
  id: pjId,
  protocolo: 'PJ-20250310-H0SP1T',
  status: 'ENVIADO_PARA_ANALISE',
  currentStep: 6,
  name: 'Hospital Vida',
  razaoSocial: 'Hospital Vida Saúde Ltda',
  document: '11222333000181',
  email: 'contato@hospitalvida.com.br',
  tipoEmpresa: 'hospital',
  createdAt: '2025-03-10T13:05:00.000Z',
  analisadoPor: null,
  analisadoEm: null,
  biometricDecision: null,
  openScreeningHits: false,
  prazoAnalise: null,
  prazoStatus: null,
  analistaEmail: null,
};

export const pjRequirement: ApplicationListItem = {
  id: pjId2,
  protocolo: 'PJ-20250301-CL1N1C',
  status: 'EM_EXIGENCIA',
  currentStep: 4,
  name: null,
  razaoSocial: 'Clínica Bem Estar S.A.',
  document: '12ABC34501DE35',
  email: 'adm@bemestar.com.br',
  tipoEmpresa: 'clinica',
  createdAt: '2025-03-01T12:00:00.000Z',
  analisadoPor: 'bruno.lima@medipay.com.br',
  analisadoEm: '2025-03-05T14:00:00.000Z',
  biometricDecision: null,
  openScreeningHits: false,
  prazoAnalise: null,
  prazoStatus: null,
  analistaEmail: null,
};

export function document(
  id: string,
  name: string,
  type = 'image/jpeg',
  thumbnail = true,
): UploadedDocument {
  return {
    id,
    name,
    size: 123_456,
    type,
    url: `/api/documents/${id}`,
    thumbnailUrl: thumbnail && type !== 'application/pdf' ? `/api/documents/${id}/thumbnail` : null,
  };
}

const front = document('doc-front-2', 'rg-frente.jpg');
const back = document('doc-back', 'rg-verso.png', 'image/png');
const residence = document('doc-residence', 'conta-de-luz.pdf', 'application/pdf');
const selfie = document('doc-selfie', 'selfie.webp', 'image/webp');

export const pfDetail: Extract<ApplicationDetail, { flow: 'PF' }> = {
  flow: 'PF',
  id: pfId,
  protocolo: 'PF-20250310-A1B2C3',
  status: 'EM_ANALISE',
  currentStep: 6,
  createdAt: '2025-03-10T13:05:00.000Z',
  updatedAt: '2025-03-10T14:00:00.000Z',
  submittedAt: '2025-03-10T14:00:00.000Z',
  analisadoPor: null,
  analisadoEm: null,
  exigencias: null,
  motivoNegacao: null,
  emailVerificado: true,
  telefoneVerificado: false,
  documents: [
    {
      field: 'docIdentidadeFrente',
      current: front,
      versions: [
        { ...front, createdAt: '2025-03-10T13:40:00.000Z', uploadedBy: 'applicant' },
        {
          ...document('doc-front-1', 'rg-frente-borrado.jpg'),
          createdAt: '2025-03-10T13:20:00.000Z',
          uploadedBy: 'applicant',
        },
      ],
      review: null,
    },
    {
      field: 'docIdentidadeVerso',
      current: back,
      versions: [{ ...back, createdAt: '2025-03-10T13:21:00.000Z', uploadedBy: 'applicant' }],
      review: null,
    },
    {
      field: 'comprovanteResidencia',
      current: residence,
      versions: [{ ...residence, createdAt: '2025-03-10T13:22:00.000Z', uploadedBy: 'applicant' }],
      review: null,
    },
    {
      field: 'selfie',
      current: selfie,
      versions: [{ ...selfie, createdAt: '2025-03-10T13:30:00.000Z', uploadedBy: 'applicant' }],
      review: null,
    },
    { field: 'selfieDoc', current: null, versions: [], review: null },
  ],
  history: [
    {
      fromStatus: 'INICIADO',
      toStatus: 'EM_ANALISE',
      actorType: 'applicant',
      actorEmail: null,
      reason: null,
      createdAt: '2025-03-10T14:00:00.000Z',
    },
    {
      fromStatus: null,
      toStatus: 'INICIADO',
      actorType: 'applicant',
      actorEmail: null,
      reason: null,
      createdAt: '2025-03-10T13:05:00.000Z',
    },
  ],
  audit: [],
  allowedActions: ['approve', 'request-changes', 'deny'],
  medipay: null,
  medipayActions: [],
  interactions: [],
  case: noCase,
  values: {
    nomeCompleto: 'Maria Oliveira',
    nacionalidade: 'brasileira',
    cpf: '52998224725',
    estadoCivil: 'casado',
    email: 'maria.oliveira@example.com',
    telefone: '+5511987654321',
    cep: '01310100',
    logradouro: 'Avenida Paulista',
    numero: '1000',
    complemento: 'Apto 12',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'SP',
    comprovanteResidencia: residence,
    docProfissionalTipo: 'CRM',
    docProfissionalNumero: '123456',
    docProfissionalUf: 'SP',
    docProfissionalOrgaoEmissor: 'CRM-SP',
    docIdentidadeFrente: front,
    docIdentidadeVerso: back,
    docIdentidadeNome: 'Maria Oliveira',
    docIdentidadeNumero: '12.345.678-9',
    docIdentidadeOrgao: 'SSP',
    docIdentidadeUf: 'SP',
    docIdentidadeValidade: '2030-05-20',
    selfie,
    livenessPassed: true,
    livenessConfidence: 0.93,
    pepTipo: 'PEP',
    pepNome: 'Carlos Oliveira',
    pepCpf: '11144477735',
    pepCargo: 'Deputado estadual',
    pepOrgao: 'Assembleia Legislativa de SP',
    consentimentoLgpd: true,
    consentimentoKyc: false,
  },
  checks: {
    extraction: {
      field: 'docIdentidadeFrente',
      kind: 'RG',
      fields: {
        nome: { value: 'MARIA OLIVEIRA', confidence: 0.97 },
        numero: { value: '12345678-9', confidence: 0.9 },
        orgao: { value: 'SSP', confidence: 0.88 },
        uf: { value: 'RJ', confidence: 0.85 },
        validade: null,
      },
    },
    faceMatch: { selfieDoc: 0.8754, documentPhoto: 0.912 },
    liveness: { passed: true, confidence: 0.9349 },
    biometricDecision: 'aprovado',
  },
  // What the server answers for the values and the reading above.
  identity: comparePfIdentity({
    typed: { nome: 'Maria Oliveira', cpf: '52998224725' },
    read: {
      kind: 'RG',
      nome: 'MARIA OLIVEIRA',
      numero: '12345678-9',
      orgao: 'SSP',
      uf: 'RJ',
      validade: null,
    },
    corrected: {
      nome: 'Maria Oliveira',
      numero: '12.345.678-9',
      orgao: 'SSP',
      uf: 'SP',
      validade: '2030-05-20',
    },
    confirmed: false,
  }),
};

const contrato = document('pj-contrato', 'contrato-social.pdf', 'application/pdf');
const cartao = document('pj-cartao-2', 'cartao-cnpj.pdf', 'application/pdf');

export const pjDetail: Extract<ApplicationDetail, { flow: 'PJ' }> = {
  flow: 'PJ',
  id: pjId,
  protocolo: 'PJ-20250310-H0SP1T',
  status: 'APROVADO',
  currentStep: 6,
  createdAt: '2025-03-10T13:05:00.000Z',
  updatedAt: '2025-03-11T12:00:00.000Z',
  submittedAt: '2025-03-10T14:00:00.000Z',
  analisadoPor: 'ana.souza@medipay.com.br',
  analisadoEm: '2025-03-11T12:00:00.000Z',
  exigencias: null,
  motivoNegacao: null,
  emailVerificado: true,
  telefoneVerificado: true,
  documents: [
    {
      field: 'contratoSocial',
      current: contrato,
      versions: [{ ...contrato, createdAt: '2025-03-10T13:30:00.000Z', uploadedBy: 'applicant' }],
      review: null,
    },
    {
      field: 'cartaoCnpj',
      current: cartao,
      versions: [
        { ...cartao, createdAt: '2025-03-10T13:35:00.000Z', uploadedBy: 'applicant' },
        {
          ...document('pj-cartao-1', 'cartao-cnpj-antigo.pdf', 'application/pdf'),
          createdAt: '2025-03-10T13:31:00.000Z',
          uploadedBy: 'applicant',
        },
      ],
      review: null,
    },
  ],
  history: [
    {
      fromStatus: 'ENVIADO_PARA_ANALISE',
      toStatus: 'APROVADO',
      actorType: 'admin',
      actorEmail: 'ana.souza@medipay.com.br',
      reason: null,
      createdAt: '2025-03-11T12:00:00.000Z',
    },
  ],
  audit: [
    {
      action: 'APROVADO',
      adminEmail: 'ana.souza@medipay.com.br',
      observacoes: 'Conta MediPay criada.',
      motivo: null,
      notaInterna: null,
      createdAt: '2025-03-11T12:00:00.000Z',
    },
  ],
  allowedActions: ['reopen'],
  medipay: null,
  medipayActions: [],
  interactions: [],
  case: noCase,
  values: {
    razaoSocial: 'Hospital Vida Saúde Ltda',
    nomeFantasia: 'Hospital Vida',
    cnpj: '11222333000181',
    inscricaoEstadual: '123.456.789.110',
    inscricaoMunicipal: '9876543',
    tipoEmpresa: 'hospital',
    areaAtuacao: 'cardiologia',
    email: 'contato@hospitalvida.com.br',
    telefone: '+552133334444',
    cep: '20040020',
    logradouro: 'Rua da Assembleia',
    numero: '10',
    complemento: '',
    bairro: 'Centro',
    cidade: 'Rio de Janeiro',
    uf: 'RJ',
    responsavelNome: 'Paulo Mendes',
    responsavelCpf: '52998224725',
    responsavelRg: '12.345.678-9',
    responsavelCargo: 'diretor',
    contratoSocial: contrato,
    cartaoCnpj: cartao,
    banco: '341',
    agencia: '1234',
    conta: '56789-0',
    tipoConta: 'corrente',
    faturamentoMensal: '100k_500k',
    numeroFuncionarios: '51_100',
    consentimentoLgpd: true,
    consentimentoKyc: true,
  },
  identity: comparePjIdentity({
    typed: {
      razaoSocial: 'Hospital Vida Saúde Ltda',
      responsavelNome: 'Paulo Mendes',
      responsavelCpf: '52998224725',
      responsavelRg: '12.345.678-9',
    },
    registry: { razaoSocial: 'HOSPITAL VIDA SAUDE LTDA', partners: ['PAULO MENDES'] },
    read: null,
  }),
};
