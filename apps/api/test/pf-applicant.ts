/**
 * A health professional going through the PF wizard on the real API: a session with both
 * contacts verified by one-time codes (read from the outbox), uploads, the biometric check (on an
 * app started with KYC_CHECKS=sandbox) and each step's form values.
 */
import { expect } from 'vitest';
import type { UploadedDocument } from '@medipay/shared/documents';
import { latestCodeFor, startApplicantSession } from './applicant';
import { cpfFrom } from './cpf';
import { image, multipart, pdf } from './files';
import type { TestApp } from './test-app';

let counter = 0;

export type PfApplicant = {
  cookie: string;
  /** The address the applicant's requests come from (each applicant its own: per-IP limits). */
  remoteAddress: string;
  email: string;
  /** As typed in the form, masked. */
  telefone: string;
  /** As stored: E.164. */
  phoneE164: string;
  cpf: string;
};

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;

export function pfClient(t: TestApp) {
  const call = (
    applicant: Pick<PfApplicant, 'cookie' | 'remoteAddress'>,
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
    applicant: Pick<PfApplicant, 'cookie' | 'remoteAddress'>,
    channel: 'email' | 'phone',
    destination: string,
    recipient = destination,
  ) {
    const sent = await call(applicant, 'POST', '/api/applicant/PF/verification/send', {
      channel,
      destination,
    });
    expect(sent.statusCode).toBe(202);
    const code = await latestCodeFor(t.database.db, recipient);
    const verified = await call(applicant, 'POST', '/api/applicant/PF/verification/verify', {
      channel,
      code,
    });
    expect(verified.statusCode).toBe(200);
  }

  /** A new session; by default with its e-mail and phone verified. */
  async function applicant(
    options: { cpf?: string; verified?: boolean } = {},
  ): Promise<PfApplicant> {
    counter += 1;
    const n = counter;
    const remoteAddress = `10.8.${Math.floor(n / 250)}.${(n % 250) + 1}`;
    const { cookie } = await startApplicantSession(t.app, 'PF', remoteAddress);
    const national = `119${String(70_000_000 + n).padStart(8, '0')}`;
    const person: PfApplicant = {
      cookie,
      remoteAddress,
      email: `profissional${n}@example.com`,
      telefone: `+55 (11) ${national.slice(2, 7)}-${national.slice(7)}`,
      phoneE164: `+55${national}`,
      cpf: options.cpf ?? cpfFrom(100_000_000 + n * 7919),
    };
    if (options.verified !== false) {
      await verifyContact(person, 'email', person.email);
      await verifyContact(person, 'phone', person.telefone, person.phoneE164);
    }
    return person;
  }

  async function upload(
    applicant: Pick<PfApplicant, 'cookie' | 'remoteAddress'>,
    field: string,
    fileName?: string,
  ): Promise<UploadedDocument> {
    const isPdf = field === 'comprovanteResidencia';
    const data = isPdf ? await pdf() : await image('jpeg', 64, 64);
    const body = multipart('file', fileName ?? (isPdf ? 'comprovante.pdf' : `${field}.jpg`), data);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/applicant/PF/documents/${field}`,
      headers: { ...body.headers, cookie: applicant.cookie },
      remoteAddress: applicant.remoteAddress,
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  /**
   * Uploads the selfie photos and runs the (sandbox) biometric check on them: aprovado, or the
   * outcome asked for (the selfie's file name decides in the sandbox).
   */
  async function biometricCheck(
    applicant: PfApplicant,
    options: { outcome?: 'aprovado' | 'em_revisao' | 'reprovado' | undefined } = {},
  ) {
    const outcome = options.outcome ?? 'aprovado';
    const fileName = {
      aprovado: 'selfie.jpg',
      em_revisao: 'revisao.jpg',
      reprovado: 'reprovar.jpg',
    };
    const selfie = await upload(applicant, 'selfie', fileName[outcome]);
    const selfieDoc = await upload(applicant, 'selfieDoc');
    const response = await call(applicant, 'POST', '/api/applicant/PF/biometrics/check', {
      selfieId: selfie.id,
      selfieDocId: selfieDoc.id,
      challengeId: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().decision).toBe(outcome);
    return { selfie, selfieDoc, confidence: response.json().confidence as number };
  }

  const saveStep = (applicant: PfApplicant, step: number | string, values: object) =>
    call(applicant, 'PUT', `/api/applicant/PF/application/steps/${step}`, values);
  const getState = (applicant: Pick<PfApplicant, 'cookie' | 'remoteAddress'>) =>
    call(applicant, 'GET', '/api/applicant/PF/application');
  const submit = (applicant: PfApplicant, consents = { lgpd: true, kyc: true }) =>
    call(applicant, 'POST', '/api/applicant/PF/application/submit', {
      consentimentoLgpd: consents.lgpd,
      consentimentoKyc: consents.kyc,
    });

  const identification = (applicant: PfApplicant) => ({
    nomeCompleto: 'Ana Beatriz Souza',
    nacionalidade: 'brasileira',
    cpf: applicant.cpf,
    estadoCivil: 'casado',
    email: applicant.email.toUpperCase(),
    telefone: applicant.telefone,
  });

  const address = (comprovanteResidencia: UploadedDocument) => ({
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    numero: '1000',
    complemento: 'Apto 12',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'sp',
    comprovanteResidencia,
  });

  const professional = (front: UploadedDocument, back: UploadedDocument) => ({
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
  });

  /**
   * Saves steps 1 to `through` with valid values; answers the documents used. The biometric
   * check ends aprovado unless `biometrics` asks for em revisão.
   */
  async function fillSteps(
    applicant: PfApplicant,
    through = 5,
    options: { biometrics?: 'aprovado' | 'em_revisao' } = {},
  ) {
    const saved: Record<string, UploadedDocument> = {};
    const expectSaved = async (step: number, values: object) => {
      const response = await saveStep(applicant, step, values);
      expect(response.statusCode, response.body).toBe(200);
    };
    if (through >= 1) await expectSaved(1, identification(applicant));
    if (through >= 2) {
      saved.comprovanteResidencia = await upload(applicant, 'comprovanteResidencia');
      await expectSaved(2, address(saved.comprovanteResidencia));
    }
    if (through >= 3) {
      saved.docIdentidadeFrente = await upload(applicant, 'docIdentidadeFrente');
      saved.docIdentidadeVerso = await upload(applicant, 'docIdentidadeVerso');
      await expectSaved(3, professional(saved.docIdentidadeFrente, saved.docIdentidadeVerso));
    }
    if (through >= 4) {
      const check = await biometricCheck(applicant, { outcome: options.biometrics });
      saved.selfie = check.selfie;
      saved.selfieDoc = check.selfieDoc;
      await expectSaved(4, {
        selfie: check.selfie,
        selfieDoc: check.selfieDoc,
        livenessPassed: true,
      });
    }
    if (through >= 5) await expectSaved(5, { pepTipo: 'NAO' });
    return saved;
  }

  return {
    applicant,
    verifyContact,
    upload,
    biometricCheck,
    saveStep,
    getState,
    submit,
    fillSteps,
    values: { identification, address, professional },
  };
}
