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
import { demoPf } from './demo-pf-dataset';
import { demoPj } from './demo-pj-dataset';

export { demoPf, demoPj };

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
