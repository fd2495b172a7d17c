/**
 * A health company going through the PJ wizard on the real API: a session with both contacts
 * verified by one-time codes (read from the outbox), uploads and each step's form values.
 */
import { expect } from 'vitest';
import type { UploadedDocument } from '@medipay/shared/documents';
import { pjFileFields, type PjFileField } from '@medipay/shared/files';
import { latestCodeFor, startApplicantSession } from './applicant';
import { image, multipart, pdf } from './files';
import type { TestApp } from './test-app';
import { cnpjFrom, maskedCnpj } from './cnpj';

let counter = 0;

export type PjApplicant = {
  cookie: string;
  /** The address the applicant's requests come from (each applicant its own: per-IP limits). */
  remoteAddress: string;
  email: string;
  /** As typed in the form, masked. */
  telefone: string;
  /** As stored: E.164. */
  phoneE164: string;
  /** As stored: 14 upper-case characters. */
  cnpj: string;
};

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;

export function pjClient(t: TestApp) {
  const call = (
    applicant: Pick<PjApplicant, 'cookie' | 'remoteAddress'>,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: object,
  ): Promise<Injected> =>
    t.app.inject({
      method,
      url,
      headers: { cookie: applicant.cookie },
      remoteAddress: applicant.remoteAddress,
      ...(payload && { payload }),
    });

  async function verifyContact(
    applicant: Pick<PjApplicant, 'cookie' | 'remoteAddress'>,
    channel: 'email' | 'phone',
    destination: string,
    recipient = destination,
  ) {
    const sent = await call(applicant, 'POST', '/api/applicant/PJ/verification/send', {
      channel,
      destination,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const code = await latestCodeFor(t.database.db, recipient);
    const verified = await call(applicant, 'POST', '/api/applicant/PJ/verification/verify', {
      channel,
      code,
    });
    expect(verified.statusCode, verified.body).toBe(200);
  }

  /** A new session; by default with its e-mail and phone verified. */
  async function applicant(
    options: { cnpj?: string; verified?: boolean } = {},
  ): Promise<PjApplicant> {
    counter += 1;
    const n = counter;
    const remoteAddress = `10.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;
    const { cookie } = await startApplicantSession(t.app, 'PJ', remoteAddress);
    const national = `119${String(60_000_000 + n).padStart(8, '0')}`;
    const company: PjApplicant = {
      cookie,
      remoteAddress,
      email: `empresa${n}@example.com`,
      telefone: `+55 (11) ${national.slice(2, 7)}-${national.slice(7)}`,
      phoneE164: `+55${national}`,
      cnpj: options.cnpj ?? cnpjFrom(`${String(20_000_000 + n * 7919).slice(-8)}0001`),
    };
    if (options.verified !== false) {
      await verifyContact(company, 'email', company.email);
      await verifyContact(company, 'phone', company.telefone, company.phoneE164);
    }
    return company;
  }

  /** Uploads a file for a field: an image for the representative's document, a PDF otherwise. */
  async function upload(
    applicant: Pick<PjApplicant, 'cookie' | 'remoteAddress'>,
    field: PjFileField,
    kind: 'pdf' | 'image' = field.startsWith('responsavelDoc') ? 'image' : 'pdf',
  ): Promise<UploadedDocument> {
    const response = await uploadRaw(applicant, field, kind);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  async function uploadRaw(
    applicant: Pick<PjApplicant, 'cookie' | 'remoteAddress'>,
    field: string,
    kind: 'pdf' | 'image',
  ) {
    const data = kind === 'pdf' ? await pdf() : await image('jpeg', 64, 64);
    const body = multipart('file', kind === 'pdf' ? `${field}.pdf` : `${field}.jpg`, data);
    return t.app.inject({
      method: 'POST',
      url: `/api/applicant/PJ/documents/${field}`,
      headers: { ...body.headers, cookie: applicant.cookie },
      remoteAddress: applicant.remoteAddress,
      payload: body.payload,
    });
  }

  const saveStep = (applicant: PjApplicant, step: number | string, values: object) =>
    call(applicant, 'PUT', `/api/applicant/PJ/application/steps/${step}`, values);
  const getState = (applicant: Pick<PjApplicant, 'cookie' | 'remoteAddress'>) =>
    call(applicant, 'GET', '/api/applicant/PJ/application');
  const submit = (applicant: PjApplicant, consents = { lgpd: true, kyc: true }) =>
    call(applicant, 'POST', '/api/applicant/PJ/application/submit', {
      consentimentoLgpd: consents.lgpd,
      consentimentoKyc: consents.kyc,
    });

  const company = (applicant: PjApplicant) => ({
    razaoSocial: 'Hospital Exemplo S.A.',
    nomeFantasia: 'Hospital Exemplo',
    cnpj: maskedCnpj(applicant.cnpj).toLowerCase(),
    inscricaoEstadual: '123.456.789.110',
    inscricaoMunicipal: '',
    tipoEmpresa: 'hospital',
    areaAtuacao: 'geral',
    email: applicant.email.toUpperCase(),
    telefone: applicant.telefone,
  });

  const address = (comprovanteEndereco: UploadedDocument) => ({
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    numero: '1000',
    complemento: 'Conjunto 42',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'sp',
    comprovanteEndereco,
  });

  const responsible = (front: UploadedDocument, back: UploadedDocument) => ({
    responsavelNome: 'Carlos Pereira',
    responsavelCpf: '529.982.247-25',
    responsavelRg: '12.345.678-9',
    responsavelCargo: 'diretor',
    responsavelDocFrente: front,
    responsavelDocVerso: back,
  });

  const documents = (files: {
    contratoSocial: UploadedDocument;
    cartaoCnpj: UploadedDocument;
    alvaraFuncionamento: UploadedDocument;
    cnesDocumento?: UploadedDocument;
  }) => ({ ...files, cnes: files.cnesDocumento ? '1234567' : '' });

  const finance = () => ({
    banco: '341',
    agencia: '0001',
    conta: '12345-6',
    tipoConta: 'corrente',
    faturamentoMensal: '100k_500k',
    numeroFuncionarios: '51_100',
  });

  /** Saves steps 1 to `through` with valid values; answers the documents used. */
  async function fillSteps(applicant: PjApplicant, through = 5) {
    const saved: Partial<Record<PjFileField, UploadedDocument>> = {};
    const expectSaved = async (step: number, values: object) => {
      const response = await saveStep(applicant, step, values);
      expect(response.statusCode, response.body).toBe(200);
    };
    if (through >= 1) await expectSaved(1, company(applicant));
    if (through >= 2) {
      saved.comprovanteEndereco = await upload(applicant, 'comprovanteEndereco');
      await expectSaved(2, address(saved.comprovanteEndereco));
    }
    if (through >= 3) {
      saved.responsavelDocFrente = await upload(applicant, 'responsavelDocFrente');
      saved.responsavelDocVerso = await upload(applicant, 'responsavelDocVerso');
      await expectSaved(3, responsible(saved.responsavelDocFrente, saved.responsavelDocVerso));
    }
    if (through >= 4) {
      saved.contratoSocial = await upload(applicant, 'contratoSocial');
      saved.cartaoCnpj = await upload(applicant, 'cartaoCnpj');
      saved.alvaraFuncionamento = await upload(applicant, 'alvaraFuncionamento');
      saved.cnesDocumento = await upload(applicant, 'cnesDocumento');
      await expectSaved(
        4,
        documents({
          contratoSocial: saved.contratoSocial,
          cartaoCnpj: saved.cartaoCnpj,
          alvaraFuncionamento: saved.alvaraFuncionamento,
          cnesDocumento: saved.cnesDocumento,
        }),
      );
    }
    if (through >= 5) await expectSaved(5, finance());
    return saved;
  }

  return {
    applicant,
    verifyContact,
    upload,
    uploadRaw,
    saveStep,
    getState,
    submit,
    fillSteps,
    fileFields: Object.keys(pjFileFields) as PjFileField[],
    values: { company, address, responsible, documents, finance },
  };
}
