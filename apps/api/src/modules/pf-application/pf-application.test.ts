import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingPf, statusHistory } from '@medipay/db/schema';
import { MAX_UPLOAD_BYTES } from '@medipay/shared/constants';
import { startApplicantSession } from '../../../test/applicant';
import { pfClient, type PfApplicant } from '../../../test/flow-applicant';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';

const clock = createTestClock();
let t: TestApp;
let pf: ReturnType<typeof pfClient>;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { KYC_CHECKS: 'sandbox' } });
  pf = pfClient(t);
});
afterAll(async () => {
  await t.close();
});

/** The stored row of an applicant, found through its CPF (digits). */
async function storedRow(applicant: PfApplicant) {
  const [row] = await t.database.db
    .select()
    .from(onboardingPf)
    .where(eq(onboardingPf.cpf, applicant.cpf.replace(/\D/g, '')));
  return row;
}

function expectError(
  response: Awaited<ReturnType<typeof pf.saveStep>>,
  status: number,
  code: string,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ code, message });
}

describe('resuming the application', () => {
  it('answers an empty application before step 1, and 401 without a session', async () => {
    const applicant = await pf.applicant({ verified: false });
    const response = await pf.getState(applicant);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ currentStep: 1, status: null, protocolo: null, values: {} });

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/applicant/PF/application' });
    expect(anonymous.statusCode).toBe(401);
    const company = await startApplicantSession(t.app, 'PJ', '10.9.0.1');
    const wrongFlow = await t.app.inject({
      method: 'GET',
      url: '/api/applicant/PF/application',
      headers: { cookie: company.cookie },
    });
    expect(wrongFlow.statusCode).toBe(401);
  });

  it('gives back every saved value in its stored form, with the documents, after step 5', async () => {
    const applicant = await pf.applicant();
    const documents = await pf.fillSteps(applicant);
    const response = await pf.getState(applicant);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      currentStep: 6,
      status: 'INICIADO',
      protocolo: null,
      values: {
        nomeCompleto: 'Ana Beatriz Souza',
        nacionalidade: 'brasileira',
        cpf: applicant.cpf.replace(/\D/g, ''),
        estadoCivil: 'casado',
        email: applicant.email,
        telefone: applicant.phoneE164,
        cep: '01310100',
        logradouro: 'Avenida Paulista',
        numero: '1000',
        complemento: 'Apto 12',
        bairro: 'Bela Vista',
        cidade: 'São Paulo',
        uf: 'SP',
        comprovanteResidencia: documents.comprovanteResidencia,
        docProfissionalTipo: 'CRM',
        docProfissionalNumero: '123456',
        docProfissionalUf: 'SP',
        docProfissionalOrgaoEmissor: 'CRM-SP',
        docIdentidadeFrente: documents.docIdentidadeFrente,
        docIdentidadeVerso: documents.docIdentidadeVerso,
        docIdentidadeNome: 'ANA BEATRIZ SOUZA',
        docIdentidadeNumero: '12.345.678-9',
        docIdentidadeOrgao: 'SSP',
        docIdentidadeUf: 'SP',
        selfie: documents.selfie,
        selfieDoc: documents.selfieDoc,
        livenessPassed: true,
        livenessConfidence: 0.962,
        biometricDecision: 'aprovado',
        pepTipo: 'NAO',
      },
    });
    expect(documents.selfie!.thumbnailUrl).toMatch(/\/thumbnail$/);

    // The stored values are valid form values: saving them again changes nothing.
    const values = response.json().values;
    const again = await pf.saveStep(applicant, 1, {
      nomeCompleto: values.nomeCompleto,
      nacionalidade: values.nacionalidade,
      cpf: values.cpf,
      estadoCivil: values.estadoCivil,
      email: values.email,
      telefone: values.telefone,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(response.json());
  });
});

describe('step 1: identification', () => {
  it('creates the record (INICIADO) with the stored forms and both contacts verified', async () => {
    const applicant = await pf.applicant();
    const response = await pf.saveStep(applicant, 1, pf.values.identification(applicant));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      currentStep: 2,
      status: 'INICIADO',
      protocolo: null,
      values: { email: applicant.email, telefone: applicant.phoneE164 },
    });
    const row = (await storedRow(applicant))!;
    expect(row).toMatchObject({
      status: 'INICIADO',
      currentStep: 2,
      cpf: applicant.cpf.replace(/\D/g, ''),
      email: applicant.email,
      telefone: applicant.phoneE164,
      emailVerificado: true,
      telefoneVerificado: true,
      protocolo: null,
      submittedAt: null,
    });
    const history = await t.database.db
      .select()
      .from(statusHistory)
      .where(eq(statusHistory.recordId, row.id));
    expect(history).toEqual([
      expect.objectContaining({
        flow: 'PF',
        fromStatus: null,
        toStatus: 'INICIADO',
        actorType: 'applicant',
        actorId: null,
      }),
    ]);
  });

  it.each([
    [{ nomeCompleto: 'Ana' }, 'Nome completo deve ter pelo menos 5 caracteres'],
    [{ nacionalidade: '' }, 'Selecione a nacionalidade'],
    [{ cpf: '123.456.789' }, 'CPF deve ter 11 dígitos'],
    [{ cpf: '111.111.111-11' }, 'CPF inválido'],
    [{ cpf: '529.982.247-26' }, 'CPF inválido'],
    [{ estadoCivil: 'outro' }, 'Selecione o estado civil'],
    [{ email: 'ana@' }, 'E-mail inválido'],
    [{ telefone: '(11) 8765-432' }, 'Telefone deve ter DDD + número'],
  ])('refuses %j with its message and saves nothing', async (change, message) => {
    const applicant = await pf.applicant({ verified: false });
    const response = await pf.saveStep(applicant, 1, {
      ...pf.values.identification(applicant),
      ...change,
    });
    expectError(response, 400, 'VALIDATION_ERROR', message);
    expect((await pf.getState(applicant)).json().status).toBeNull();
  });

  it('names the first invalid field in form order', async () => {
    const applicant = await pf.applicant({ verified: false });
    const response = await pf.saveStep(applicant, 1, {});
    expectError(
      response,
      400,
      'VALIDATION_ERROR',
      'Nome completo deve ter pelo menos 5 caracteres',
    );
    const notObject = await t.app.inject({
      method: 'PUT',
      url: '/api/applicant/PF/application/steps/1',
      headers: { cookie: applicant.cookie, 'content-type': 'application/json' },
      remoteAddress: applicant.remoteAddress,
      payload: '[1]',
    });
    expectError(notObject, 400, 'VALIDATION_ERROR', 'Dados inválidos.');
  });

  it('requires the e-mail and the phone the session verified', async () => {
    const unverified = await pf.applicant({ verified: false });
    expectError(
      await pf.saveStep(unverified, 1, pf.values.identification(unverified)),
      400,
      'EMAIL_NOT_VERIFIED',
      'É necessário verificar seu e-mail para continuar',
    );

    const emailOnly = await pf.applicant({ verified: false });
    await pf.verifyContact(emailOnly, 'email', emailOnly.email);
    expectError(
      await pf.saveStep(emailOnly, 1, pf.values.identification(emailOnly)),
      400,
      'PHONE_NOT_VERIFIED',
      'É necessário verificar seu telefone para continuar',
    );

    const verified = await pf.applicant();
    expectError(
      await pf.saveStep(verified, 1, {
        ...pf.values.identification(verified),
        email: 'outra.pessoa@example.com',
      }),
      400,
      'EMAIL_NOT_VERIFIED',
      'É necessário verificar seu e-mail para continuar',
    );
    expectError(
      await pf.saveStep(verified, 1, {
        ...pf.values.identification(verified),
        telefone: '(21) 99876-5432',
      }),
      400,
      'PHONE_NOT_VERIFIED',
      'É necessário verificar seu telefone para continuar',
    );
    expect((await pf.getState(verified)).json().status).toBeNull();
  });
});

describe('step order', () => {
  it('opens a step only once every earlier step was saved', async () => {
    const applicant = await pf.applicant();
    // Valid values for every step, documents and biometric check included.
    const proof = await pf.upload(applicant, 'comprovanteResidencia');
    const front = await pf.upload(applicant, 'docIdentidadeFrente');
    const back = await pf.upload(applicant, 'docIdentidadeVerso');
    const { selfie, selfieDoc } = await pf.biometricCheck(applicant);
    const valid: Record<number, object> = {
      2: pf.values.address(proof),
      3: pf.values.professional(front, back),
      4: { selfie, selfieDoc, livenessPassed: true },
      5: { pepTipo: 'NAO' },
    };
    const locked = async (step: number) =>
      expectError(
        await pf.saveStep(applicant, step, valid[step]!),
        409,
        'STEP_LOCKED',
        'Conclua as etapas anteriores antes desta.',
      );
    for (const step of [2, 3, 4, 5]) await locked(step);
    expect((await pf.getState(applicant)).json().status).toBeNull();
    await pf.fillSteps(applicant, 1);
    for (const step of [3, 4, 5]) await locked(step);
    expect((await pf.saveStep(applicant, 2, valid[2]!)).statusCode).toBe(200);
    expect((await pf.getState(applicant)).json().currentStep).toBe(3);
    for (const step of [4, 5]) await locked(step);
    expect((await storedRow(applicant))!.selfieUrl).toBeNull();
  });

  it('never moves back when an earlier step is saved again', async () => {
    const applicant = await pf.applicant();
    await pf.fillSteps(applicant, 3);
    const response = await pf.saveStep(applicant, 1, {
      ...pf.values.identification(applicant),
      nomeCompleto: 'Ana Beatriz Souza Lima',
    });
    expect(response.json()).toMatchObject({
      currentStep: 4,
      values: { nomeCompleto: 'Ana Beatriz Souza Lima' },
    });
  });

  it('knows only steps 1 to 5', async () => {
    const applicant = await pf.applicant();
    for (const step of ['0', '6', 'abc', '1.5']) {
      expectError(
        await pf.saveStep(applicant, step, {}),
        400,
        'VALIDATION_ERROR',
        'Dados inválidos.',
      );
    }
  });
});

describe('step 2: address', () => {
  it('stores the address and the proof of residence as the portal route of the document', async () => {
    const applicant = await pf.applicant();
    await pf.fillSteps(applicant, 1);
    const proof = await pf.upload(applicant, 'comprovanteResidencia');
    const response = await pf.saveStep(applicant, 2, pf.values.address(proof));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      currentStep: 3,
      values: { cep: '01310100', uf: 'SP', complemento: 'Apto 12', comprovanteResidencia: proof },
    });
    expect(await storedRow(applicant)).toMatchObject({
      cep: '01310100',
      logradouro: 'Avenida Paulista',
      comprovanteResidenciaUrl: `/api/documents/${proof.id}`,
    });

    // An optional field left empty is stored as nothing.
    const cleared = await pf.saveStep(applicant, 2, {
      ...pf.values.address(proof),
      complemento: '',
    });
    expect(cleared.json().values).not.toHaveProperty('complemento');
    expect((await storedRow(applicant))!.complemento).toBeNull();
  });

  it.each([
    [{ cep: '01310-10' }, 'CEP deve ter 8 dígitos'],
    [{ logradouro: ' ' }, 'Logradouro é obrigatório'],
    [{ numero: '' }, 'Número é obrigatório'],
    [{ bairro: '' }, 'Bairro é obrigatório'],
    [{ cidade: '' }, 'Cidade é obrigatória'],
    [{ uf: '' }, 'UF é obrigatória'],
    [{ comprovanteResidencia: undefined }, 'Arquivo é obrigatório'],
  ])('refuses %j with its message', async (change, message) => {
    const applicant = await pf.applicant();
    await pf.fillSteps(applicant, 1);
    const proof = await pf.upload(applicant, 'comprovanteResidencia');
    const response = await pf.saveStep(applicant, 2, { ...pf.values.address(proof), ...change });
    expectError(response, 400, 'VALIDATION_ERROR', message);
    expect((await pf.getState(applicant)).json().currentStep).toBe(2);
  });

  it('refuses a file over 10 MB with its message', async () => {
    const applicant = await pf.applicant();
    await pf.fillSteps(applicant, 1);
    const proof = await pf.upload(applicant, 'comprovanteResidencia');
    const response = await pf.saveStep(applicant, 2, {
      ...pf.values.address({ ...proof, size: MAX_UPLOAD_BYTES + 1 }),
    });
    expectError(response, 400, 'VALIDATION_ERROR', 'Arquivo deve ter até 10MB');
  });

  it("refuses a document of another session, of another field, or that doesn't exist", async () => {
    const applicant = await pf.applicant();
    await pf.fillSteps(applicant, 1);
    const stranger = await pf.applicant({ verified: false });
    const strangersProof = await pf.upload(stranger, 'comprovanteResidencia');
    const ownBack = await pf.upload(applicant, 'docIdentidadeVerso');
    const ownProof = await pf.upload(applicant, 'comprovanteResidencia');
    for (const document of [
      strangersProof,
      ownBack,
      { ...ownProof, id: '00000000-0000-4000-8000-000000000000' },
      { ...ownProof, id: 'não-é-um-id' },
    ]) {
      expectError(
        await pf.saveStep(applicant, 2, pf.values.address(document)),
        400,
        'DOCUMENT_NOT_FOUND',
        'Documento não encontrado. Envie o arquivo novamente.',
      );
    }
    expect((await storedRow(applicant))!.comprovanteResidenciaUrl).toBeNull();
  });
});

describe('step 3: documents', () => {
  it('stores the professional document and both sides of the identity document', async () => {
    const applicant = await pf.applicant();
    const documents = await pf.fillSteps(applicant, 3);
    expect(await storedRow(applicant)).toMatchObject({
      currentStep: 4,
      docProfissionalTipo: 'CRM',
      docProfissionalNumero: '123456',
      docProfissionalUf: 'SP',
      docProfissionalOrgaoEmissor: 'CRM-SP',
      docIdentidadeFrenteUrl: `/api/documents/${documents.docIdentidadeFrente!.id}`,
      docIdentidadeVersoUrl: `/api/documents/${documents.docIdentidadeVerso!.id}`,
      docIdentidadeNome: 'ANA BEATRIZ SOUZA',
      docIdentidadeNumero: '12.345.678-9',
      docIdentidadeOrgao: 'SSP',
      docIdentidadeUf: 'SP',
      docIdentidadeValidade: null,
    });
  });

  it.each([
    [{ docProfissionalTipo: 'XYZ' }, 'Selecione o tipo de documento'],
    [{ docProfissionalNumero: '' }, 'Número do documento é obrigatório'],
    [{ docProfissionalUf: '' }, 'UF é obrigatória'],
    [{ docIdentidadeVerso: null }, 'Arquivo é obrigatório'],
    [{ docIdentidadeNome: '' }, 'Nome no documento é obrigatório'],
    [{ docIdentidadeNumero: '  ' }, 'Número do documento é obrigatório'],
    [{ docIdentidadeNumero: undefined }, 'Número do documento é obrigatório'],
    [{ docIdentidadeValidade: '31/02/2031' }, 'Validade inválida. Use o formato DD/MM/AAAA'],
  ])('refuses %j with its message', async (change, message) => {
    const applicant = await pf.applicant();
    await pf.fillSteps(applicant, 2);
    const front = await pf.upload(applicant, 'docIdentidadeFrente');
    const back = await pf.upload(applicant, 'docIdentidadeVerso');
    const response = await pf.saveStep(applicant, 3, {
      ...pf.values.professional(front, back),
      ...change,
    });
    expectError(response, 400, 'VALIDATION_ERROR', message);
  });

  it('refuses an empty name and number of the identity document, and changes nothing', async () => {
    const applicant = await pf.applicant();
    const documents = await pf.fillSteps(applicant, 3);
    const before = await storedRow(applicant);
    const stateBefore = (await pf.getState(applicant)).json();
    clock.advance(1000);
    const response = await pf.saveStep(applicant, 3, {
      ...pf.values.professional(documents.docIdentidadeFrente!, documents.docIdentidadeVerso!),
      docProfissionalNumero: '654321',
      docIdentidadeNome: '',
      docIdentidadeNumero: '',
    });
    expectError(response, 400, 'VALIDATION_ERROR', 'Nome no documento é obrigatório');
    expect(await storedRow(applicant)).toEqual(before);
    expect((await pf.getState(applicant)).json()).toEqual(stateBefore);
    expect(before).toMatchObject({
      docIdentidadeNome: 'ANA BEATRIZ SOUZA',
      docIdentidadeNumero: '12.345.678-9',
      docProfissionalNumero: '123456',
    });

    // A first save of step 3 with them empty records nothing either.
    const other = await pf.applicant();
    await pf.fillSteps(other, 2);
    const front = await pf.upload(other, 'docIdentidadeFrente');
    const back = await pf.upload(other, 'docIdentidadeVerso');
    const otherBefore = await storedRow(other);
    expectError(
      await pf.saveStep(other, 3, {
        ...pf.values.professional(front, back),
        docIdentidadeNome: '',
        docIdentidadeNumero: '',
      }),
      400,
      'VALIDATION_ERROR',
      'Nome no documento é obrigatório',
    );
    expect(await storedRow(other)).toEqual(otherBefore);
    expect(otherBefore).toMatchObject({ currentStep: 3, docIdentidadeFrenteUrl: null });
  });

  it('refuses the front of the identity document sent as its back', async () => {
    const applicant = await pf.applicant();
    await pf.fillSteps(applicant, 2);
    const front = await pf.upload(applicant, 'docIdentidadeFrente');
    expectError(
      await pf.saveStep(applicant, 3, pf.values.professional(front, front)),
      400,
      'DOCUMENT_NOT_FOUND',
      'Documento não encontrado. Envie o arquivo novamente.',
    );
  });

  it('asks for a new biometric check when the identity document changes', async () => {
    const applicant = await pf.applicant();
    const documents = await pf.fillSteps(applicant, 4);
    const sameAgain = await pf.saveStep(
      applicant,
      3,
      pf.values.professional(documents.docIdentidadeFrente!, documents.docIdentidadeVerso!),
    );
    expect(sameAgain.json().values.livenessPassed).toBe(true);

    const newFront = await pf.upload(applicant, 'docIdentidadeFrente');
    const changed = await pf.saveStep(
      applicant,
      3,
      pf.values.professional(newFront, documents.docIdentidadeVerso!),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().values).not.toHaveProperty('livenessPassed');
    expect(changed.json().values).not.toHaveProperty('livenessConfidence');
    expect((await storedRow(applicant))!.livenessPassed).toBe(false);
  });
});

describe('step 4: biometrics', () => {
  it('stores the photos with the confidence of the passed check', async () => {
    const applicant = await pf.applicant();
    const documents = await pf.fillSteps(applicant, 4);
    expect(await storedRow(applicant)).toMatchObject({
      currentStep: 5,
      selfieUrl: `/api/documents/${documents.selfie!.id}`,
      selfieDocUrl: `/api/documents/${documents.selfieDoc!.id}`,
      livenessPassed: true,
      livenessConfidence: 0.962,
      biometriaDecisao: 'aprovado',
    });
  });

  it('accepts a check em revisão and flags the application for the reviewer', async () => {
    const applicant = await pf.applicant();
    await pf.fillSteps(applicant, 3);
    const check = await pf.biometricCheck(applicant, { outcome: 'em_revisao' });
    const saved = await pf.saveStep(applicant, 4, {
      selfie: check.selfie,
      selfieDoc: check.selfieDoc,
      livenessPassed: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ currentStep: 5, values: { livenessPassed: true } });
    expect(await storedRow(applicant)).toMatchObject({
      livenessPassed: true,
      livenessConfidence: check.confidence,
      biometriaDecisao: 'em_revisao',
    });

    // Another identity document voids the check, and with it the flag.
    const state = (await pf.getState(applicant)).json();
    const front = await pf.upload(applicant, 'docIdentidadeFrente');
    await pf.saveStep(applicant, 3, pf.values.professional(front, state.values.docIdentidadeVerso));
    expect(await storedRow(applicant)).toMatchObject({
      livenessPassed: false,
      biometriaDecisao: null,
    });
  });

  it('refuses a check reprovado: the applicant tries again', async () => {
    const applicant = await pf.applicant();
    await pf.fillSteps(applicant, 3);
    const check = await pf.biometricCheck(applicant, { outcome: 'reprovado' });
    expectError(
      await pf.saveStep(applicant, 4, {
        selfie: check.selfie,
        selfieDoc: check.selfieDoc,
        livenessPassed: true,
      }),
      400,
      'LIVENESS_NOT_PASSED',
      'É necessário passar na verificação de vivacidade para continuar.',
    );
    expect(await storedRow(applicant)).toMatchObject({
      currentStep: 4,
      livenessPassed: false,
      biometriaDecisao: null,
    });
  });

  it('refuses livenessPassed false with the schema message', async () => {
    const applicant = await pf.applicant();
    await pf.fillSteps(applicant, 3);
    const { selfie, selfieDoc } = await pf.biometricCheck(applicant);
    expectError(
      await pf.saveStep(applicant, 4, { selfie, selfieDoc, livenessPassed: false }),
      400,
      'VALIDATION_ERROR',
      'Verificação de vivacidade deve passar',
    );
  });

  it('refuses a claimed liveness that the server did not see pass for those photos', async () => {
    const applicant = await pf.applicant();
    await pf.fillSteps(applicant, 3);
    const notPassed = async (values: object) =>
      expectError(
        await pf.saveStep(applicant, 4, { ...values, livenessPassed: true }),
        400,
        'LIVENESS_NOT_PASSED',
        'É necessário passar na verificação de vivacidade para continuar.',
      );

    // No check at all.
    const selfie = await pf.upload(applicant, 'selfie');
    const selfieDoc = await pf.upload(applicant, 'selfieDoc');
    await notPassed({ selfie, selfieDoc });
    // A check that failed.
    const failed = await pf.biometricCheck(applicant, { outcome: 'reprovado' });
    await notPassed({ selfie: failed.selfie, selfieDoc: failed.selfieDoc });
    // A check that passed, for other photos than the ones sent.
    const passed = await pf.biometricCheck(applicant);
    await notPassed({ selfie, selfieDoc: passed.selfieDoc });
    await notPassed({ selfie: passed.selfie, selfieDoc });
    expect((await storedRow(applicant))!.livenessPassed).toBe(false);

    const ok = await pf.saveStep(applicant, 4, {
      selfie: passed.selfie,
      selfieDoc: passed.selfieDoc,
      livenessPassed: true,
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('step 5: PEP', () => {
  it('keeps only the fields the answer uses', async () => {
    const applicant = await pf.applicant();
    await pf.fillSteps(applicant, 4);
    const pep = {
      pepNome: 'Carlos Souza',
      pepCpf: '529.982.247-25',
      pepCargo: 'Deputado',
      pepOrgao: 'Câmara',
    };

    const relative = await pf.saveStep(applicant, 5, { pepTipo: 'RELACIONADO', ...pep });
    expect(relative.statusCode, relative.body).toBe(200);
    expect(relative.json()).toMatchObject({
      currentStep: 6,
      values: { pepTipo: 'RELACIONADO', ...pep, pepCpf: '52998224725' },
    });

    const self = await pf.saveStep(applicant, 5, { pepTipo: 'PEP', ...pep });
    expect(await storedRow(applicant)).toMatchObject({
      pepTipo: 'PEP',
      pepNome: null,
      pepCpf: null,
      pepCargo: 'Deputado',
      pepOrgao: 'Câmara',
    });
    expect(self.json().values).not.toHaveProperty('pepNome');

    await pf.saveStep(applicant, 5, { pepTipo: 'NAO', ...pep });
    expect(await storedRow(applicant)).toMatchObject({
      pepTipo: 'NAO',
      pepNome: null,
      pepCpf: null,
      pepCargo: null,
      pepOrgao: null,
    });
  });

  it.each([
    [{}, 'Selecione uma opção sobre PEP'],
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
  ])('refuses %j with its message', async (values, message) => {
    const applicant = await pf.applicant();
    await pf.fillSteps(applicant, 4);
    expectError(await pf.saveStep(applicant, 5, values), 400, 'VALIDATION_ERROR', message);
    expect((await pf.getState(applicant)).json().currentStep).toBe(5);
  });
});

describe("another session's application", () => {
  it('can be neither read nor written: the session cookie decides', async () => {
    const owner = await pf.applicant();
    const documents = await pf.fillSteps(owner, 2);
    const before = (await pf.getState(owner)).json();

    const other = await pf.applicant();
    expect((await pf.getState(other)).json()).toEqual({
      currentStep: 1,
      status: null,
      protocolo: null,
      values: {},
    });
    // The owner's document is not its own; and its step 2 is locked (it has no record).
    expectError(
      await pf.saveStep(other, 2, pf.values.address(documents.comprovanteResidencia!)),
      400,
      'DOCUMENT_NOT_FOUND',
      'Documento não encontrado. Envie o arquivo novamente.',
    );
    expectError(
      await pf.saveStep(
        other,
        2,
        pf.values.address(await pf.upload(other, 'comprovanteResidencia')),
      ),
      409,
      'STEP_LOCKED',
      'Conclua as etapas anteriores antes desta.',
    );
    // Its own step 1, even with the owner's CPF, creates its own record.
    const own = await pf.saveStep(other, 1, { ...pf.values.identification(other), cpf: owner.cpf });
    expect(own.statusCode).toBe(200);
    expectError(
      await pf.saveStep(other, 2, pf.values.address(documents.comprovanteResidencia!)),
      400,
      'DOCUMENT_NOT_FOUND',
      'Documento não encontrado. Envie o arquivo novamente.',
    );
    // A forged session cookie is no session.
    const forged = await t.app.inject({
      method: 'PUT',
      url: '/api/applicant/PF/application/steps/1',
      headers: { cookie: `medipay_pf=sess_${'A'.repeat(32)}` },
      payload: pf.values.identification(owner),
    });
    expect(forged.statusCode).toBe(401);

    expect((await pf.getState(owner)).json()).toEqual(before);
    const rows = await t.database.db
      .select({ sessionId: onboardingPf.sessionId })
      .from(onboardingPf)
      .where(eq(onboardingPf.cpf, owner.cpf.replace(/\D/g, '')));
    expect(rows).toHaveLength(2);
  });
});
