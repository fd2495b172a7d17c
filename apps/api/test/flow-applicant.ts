/**
 * An applicant going through a flow's wizard on the real API (PF: a health professional, PJ: a
 * health company): a session with both contacts verified by one-time codes (read from the
 * outbox), uploads, each step's valid form values and, in the PF flow, the biometric check (on an
 * app started with KYC_CHECKS=sandbox).
 */
import { expect } from 'vitest';
import type { UploadedDocument } from '@medipay/shared/documents';
import {
  pfFileFields,
  pjFileFields,
  type PfFileField,
  type PjFileField,
} from '@medipay/shared/files';
import type { Flow } from '@medipay/shared/status';
import { keepSessionCookie, latestCodeFor, startApplicantSession } from './applicant';
import { cnpjFrom, maskedCnpj } from './cnpj';
import { cpfFrom } from './cpf';
import { image, multipart, pdf } from './files';
import type { TestApp } from './test-app';

let counter = 0;

export type Applicant = {
  cookie: string;
  /** The address the applicant's requests come from (each applicant its own: per-IP limits). */
  remoteAddress: string;
  email: string;
  /** As typed in the form, masked. */
  telefone: string;
  /** As stored: E.164. */
  phoneE164: string;
};
export type PfApplicant = Applicant & { cpf: string };
export type PjApplicant = Applicant & {
  /** As stored: 14 upper-case characters. */
  cnpj: string;
  /**
   * The representative's CPF as typed: one per company, so that test companies are not linked
   * to one another by a shared representative (linked applications).
   */
  responsavelCpf: string;
};

type Caller = Pick<Applicant, 'cookie' | 'remoteAddress'>;
type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;
type StepOptions = { biometrics?: 'aprovado' | 'em_revisao' };
/** A step's valid form values, with documents uploaded for it. */
type StepValues<A> = (applicant: A, options: StepOptions) => object | Promise<object>;

type SavedDocuments = Partial<Record<PfFileField | PjFileField, UploadedDocument>>;

/**
 * A flow's client as the tests of both flows drive it (`pfClient`, `pjClient`); `A` is the flow's
 * applicant, and an applicant given to a method is one the same client made.
 */
export type FlowClient<A extends Applicant = Applicant> = {
  flow: Flow;
  applicant(options?: { verified?: boolean; cpf?: string; cnpj?: string }): Promise<A>;
  verifyContact(
    applicant: Caller,
    channel: 'email' | 'phone',
    destination: string,
    recipient?: string,
  ): Promise<void>;
  uploadRaw(applicant: Caller, field: string, fileName?: string): Promise<Injected>;
  upload(applicant: Caller, field: string, fileName?: string): Promise<UploadedDocument>;
  saveStep(applicant: Caller, step: number | string, values: object): Promise<Injected>;
  getState(applicant: Caller): Promise<Injected>;
  submit(applicant: Caller, consents?: { lgpd: boolean; kyc: boolean }): Promise<Injected>;
  /** A step's valid values, with new documents uploaded for it. */
  stepValues(applicant: A, step: number, options?: StepOptions): Promise<Record<string, unknown>>;
  /** Saves steps 1 to `through` with valid values; answers the documents used. */
  fillSteps(applicant: A, through?: number, options?: StepOptions): Promise<SavedDocuments>;
};

/** What tells a flow's test applicants apart. */
type ApplicantFlow<A extends Applicant, Options> = {
  flow: Flow;
  /** The applicants' network (`10.8` gives 10.8.0.1, 10.8.0.2, ...), phones and e-mails. */
  network: string;
  firstPhone: number;
  emailName: string;
  identity: (n: number, options: Options) => Omit<A, keyof Applicant>;
  /** The name of an upload of a field: its content is a PDF for `.pdf`, a JPEG otherwise. */
  fileName: (field: string) => string;
  fileFields: readonly string[];
};

/** The applicant's verified contacts as typed in step 1 (the e-mail in upper case). */
const contacts = (applicant: Applicant) => ({
  email: applicant.email.toUpperCase(),
  telefone: applicant.telefone,
});

/** Step 2's values: the street of every test applicant as typed, and the proof of address. */
const address = (complemento: string, proofField: string) => (document: UploadedDocument) => ({
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  numero: '1000',
  complemento,
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  uf: 'sp',
  [proofField]: document,
});

/** Valid form values of PF steps 1-3, as typed in the forms (the documents given). */
export const pfValues = {
  identification: (applicant: PfApplicant) => ({
    nomeCompleto: 'Ana Beatriz Souza',
    nacionalidade: 'brasileira',
    cpf: applicant.cpf,
    estadoCivil: 'casado',
    ...contacts(applicant),
  }),
  address: address('Apto 12', 'comprovanteResidencia'),
  professional: (front: UploadedDocument, back: UploadedDocument) => ({
    docProfissionalTipo: 'CRM',
    docProfissionalNumero: '123456',
    docProfissionalUf: 'SP',
    docProfissionalOrgaoEmissor: 'CRM-SP',
    docIdentidadeFrente: front,
    docIdentidadeVerso: back,
    docIdentidadeNome: 'ANA BEATRIZ SOUZA',
    docIdentidadeNumero: '12.345.678-9',
    docIdentidadeOrgao: 'SSP',
    docIdentidadeUf: 'SP',
    docIdentidadeValidade: '',
  }),
};

/** Valid form values of the PJ steps, as typed in the forms (the documents given). */
export const pjValues = {
  company: (applicant: PjApplicant) => ({
    razaoSocial: 'Hospital Exemplo S.A.',
    nomeFantasia: 'Hospital Exemplo',
    cnpj: maskedCnpj(applicant.cnpj).toLowerCase(),
    inscricaoEstadual: '123.456.789.110',
    inscricaoMunicipal: '',
    tipoEmpresa: 'hospital',
    areaAtuacao: 'geral',
    ...contacts(applicant),
  }),
  address: address('Conjunto 42', 'comprovanteEndereco'),
  responsible: (
    front: UploadedDocument,
    back: UploadedDocument,
    responsavelCpf = '529.982.247-25',
  ) => ({
    responsavelNome: 'Carlos Pereira',
    responsavelCpf,
    responsavelRg: '12.345.678-9',
    responsavelCargo: 'diretor',
    responsavelDocFrente: front,
    responsavelDocVerso: back,
  }),
  documents: (files: {
    contratoSocial: UploadedDocument;
    cartaoCnpj: UploadedDocument;
    alvaraFuncionamento: UploadedDocument;
    cnesDocumento?: UploadedDocument;
  }) => ({ ...files, cnes: files.cnesDocumento ? '1234567' : '' }),
  finance: () => ({
    banco: '341',
    agencia: '0001',
    conta: '12345-6',
    tipoConta: 'corrente',
    faturamentoMensal: '100k_500k',
    numeroFuncionarios: '51_100',
  }),
};

function applicantClient<A extends Applicant, Options>(
  t: TestApp,
  definition: ApplicantFlow<A, Options>,
) {
  const base = `/api/applicant/${definition.flow}`;
  /** A request of the applicant's browser, which keeps the session cookie the answer sets. */
  const call = async (
    applicant: Caller,
    method: 'GET' | 'PUT' | 'POST',
    path: string,
    payload?: object,
  ): Promise<Injected> => {
    const response = await t.app.inject({
      method,
      url: `${base}${path}`,
      headers: { cookie: applicant.cookie },
      remoteAddress: applicant.remoteAddress,
      ...(payload && { payload }),
    });
    keepSessionCookie(applicant, response);
    return response;
  };

  async function verifyContact(
    applicant: Caller,
    channel: 'email' | 'phone',
    destination: string,
    recipient = destination,
  ) {
    const sent = await call(applicant, 'POST', '/verification/send', { channel, destination });
    expect(sent.statusCode, sent.body).toBe(202);
    const code = await latestCodeFor(t.database.db, recipient);
    const verified = await call(applicant, 'POST', '/verification/verify', { channel, code });
    expect(verified.statusCode, verified.body).toBe(200);
  }

  /** A new session; by default with its e-mail and phone verified. */
  async function applicant(options: Options & { verified?: boolean }): Promise<A> {
    counter += 1;
    const n = counter;
    const remoteAddress = `${definition.network}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
    const { cookie } = await startApplicantSession(t.app, definition.flow, remoteAddress);
    const national = `119${String(definition.firstPhone + n).padStart(8, '0')}`;
    const person = {
      cookie,
      remoteAddress,
      email: `${definition.emailName}${n}@example.com`,
      telefone: `+55 (11) ${national.slice(2, 7)}-${national.slice(7)}`,
      phoneE164: `+55${national}`,
      ...definition.identity(n, options),
    } as A;
    if (options.verified !== false) {
      await verifyContact(person, 'email', person.email);
      await verifyContact(person, 'phone', person.telefone, person.phoneE164);
    }
    return person;
  }

  /** Uploads a file for a field and answers the response, whatever it is. */
  async function uploadRaw(
    applicant: Caller,
    field: string,
    fileName = definition.fileName(field),
  ) {
    const data = fileName.endsWith('.pdf') ? await pdf() : await image('jpeg', 64, 64);
    const body = multipart('file', fileName, data);
    return t.app.inject({
      method: 'POST',
      url: `${base}/documents/${field}`,
      headers: { ...body.headers, cookie: applicant.cookie },
      remoteAddress: applicant.remoteAddress,
      payload: body.payload,
    });
  }

  async function upload(
    applicant: Caller,
    field: string,
    fileName?: string,
  ): Promise<UploadedDocument> {
    const response = await uploadRaw(applicant, field, fileName);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  const saveStep = (applicant: Caller, step: number | string, values: object) =>
    call(applicant, 'PUT', `/application/steps/${step}`, values);
  const getState = (applicant: Caller) => call(applicant, 'GET', '/application');
  const submit = (applicant: Caller, consents = { lgpd: true, kyc: true }) =>
    call(applicant, 'POST', '/application/submit', {
      consentimentoLgpd: consents.lgpd,
      consentimentoKyc: consents.kyc,
    });

  /** With each step's valid values: the values of one step, and saving steps 1 to `through`. */
  function withSteps(steps: Record<1 | 2 | 3 | 4 | 5, StepValues<A>>) {
    const stepValues = async (applicant: A, step: number, options: StepOptions = {}) =>
      (await steps[step as 1 | 2 | 3 | 4 | 5](applicant, options)) as Record<string, unknown>;

    async function fillSteps(applicant: A, through = 5, options: StepOptions = {}) {
      const saved: SavedDocuments = {};
      for (let step = 1; step <= through; step += 1) {
        const values = await stepValues(applicant, step, options);
        const response = await saveStep(applicant, step, values);
        expect(response.statusCode, response.body).toBe(200);
        for (const field of definition.fileFields) {
          const document = values[field] as UploadedDocument | undefined;
          if (document) saved[field as PfFileField | PjFileField] = document;
        }
      }
      return saved;
    }
    return { stepValues, fillSteps };
  }

  return {
    call,
    withSteps,
    client: {
      flow: definition.flow,
      applicant,
      verifyContact,
      uploadRaw,
      upload,
      saveStep,
      getState,
      submit,
    },
  };
}

/** Health professionals (PF), each with a CPF of its own unless one is given. */
export function pfClient(t: TestApp) {
  const { call, withSteps, client } = applicantClient<PfApplicant, { cpf?: string }>(t, {
    flow: 'PF',
    network: '10.8',
    firstPhone: 70_000_000,
    emailName: 'profissional',
    identity: (n, options) => ({ cpf: options.cpf ?? cpfFrom(100_000_000 + n * 7919) }),
    fileName: (field) => (field === 'comprovanteResidencia' ? 'comprovante.pdf' : `${field}.jpg`),
    fileFields: Object.keys(pfFileFields),
  });

  /**
   * Uploads the selfie photos and runs the (sandbox) biometric check on them: aprovado, or the
   * outcome asked for (the selfie's file name decides in the sandbox).
   */
  async function biometricCheck(
    applicant: Caller,
    options: { outcome?: 'aprovado' | 'em_revisao' | 'reprovado' | undefined } = {},
  ) {
    const outcome = options.outcome ?? 'aprovado';
    const fileName = {
      aprovado: 'selfie.jpg',
      em_revisao: 'revisao.jpg',
      reprovado: 'reprovar.jpg',
    };
    const selfie = await client.upload(applicant, 'selfie', fileName[outcome]);
    const selfieDoc = await client.upload(applicant, 'selfieDoc');
    const response = await call(applicant, 'POST', '/biometrics/check', {
      selfieId: selfie.id,
      selfieDocId: selfieDoc.id,
      challengeId: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().decision).toBe(outcome);
    return { selfie, selfieDoc, confidence: response.json().confidence as number };
  }

  const steps = withSteps({
    1: pfValues.identification,
    2: async (applicant) =>
      pfValues.address(await client.upload(applicant, 'comprovanteResidencia')),
    3: async (applicant) =>
      pfValues.professional(
        await client.upload(applicant, 'docIdentidadeFrente'),
        await client.upload(applicant, 'docIdentidadeVerso'),
      ),
    // The check ends aprovado unless `biometrics` asks for em revisão.
    4: async (applicant, options) => {
      const check = await biometricCheck(applicant, { outcome: options.biometrics });
      return { selfie: check.selfie, selfieDoc: check.selfieDoc, livenessPassed: true };
    },
    5: () => ({ pepTipo: 'NAO' }),
  });

  return {
    ...client,
    ...steps,
    applicant: (options: { cpf?: string; verified?: boolean } = {}) => client.applicant(options),
    biometricCheck,
    values: pfValues,
  };
}

/** Health companies (PJ), each with a CNPJ of its own unless one is given. */
export function pjClient(t: TestApp) {
  const { withSteps, client } = applicantClient<PjApplicant, { cnpj?: string }>(t, {
    flow: 'PJ',
    network: '10.18',
    firstPhone: 60_000_000,
    emailName: 'empresa',
    identity: (n, options) => ({
      cnpj: options.cnpj ?? cnpjFrom(`${String(20_000_000 + n * 7919).slice(-8)}0001`),
      responsavelCpf: cpfFrom(600_000_000 + n * 7),
    }),
    // The representative's document is a photo; the company's documents are PDFs.
    fileName: (field) => (field.startsWith('responsavelDoc') ? `${field}.jpg` : `${field}.pdf`),
    fileFields: Object.keys(pjFileFields),
  });

  const steps = withSteps({
    1: pjValues.company,
    2: async (applicant) => pjValues.address(await client.upload(applicant, 'comprovanteEndereco')),
    3: async (applicant) =>
      pjValues.responsible(
        await client.upload(applicant, 'responsavelDocFrente'),
        await client.upload(applicant, 'responsavelDocVerso'),
        applicant.responsavelCpf,
      ),
    4: async (applicant) =>
      pjValues.documents({
        contratoSocial: await client.upload(applicant, 'contratoSocial'),
        cartaoCnpj: await client.upload(applicant, 'cartaoCnpj'),
        alvaraFuncionamento: await client.upload(applicant, 'alvaraFuncionamento'),
        cnesDocumento: await client.upload(applicant, 'cnesDocumento'),
      }),
    5: pjValues.finance,
  });

  return {
    ...client,
    ...steps,
    applicant: (options: { cnpj?: string; verified?: boolean } = {}) => client.applicant(options),
    fileFields: Object.keys(pjFileFields) as PjFileField[],
    values: pjValues,
  };
}
