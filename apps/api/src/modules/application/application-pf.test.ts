import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingPf } from '@medipay/db/schema';
import { validationMessages } from '@medipay/shared/messages';
import {
  expectError,
  expectIncomplete,
  readyApplicant,
  storedRow as storedRowOf,
} from '../../../test/application-checks';
import { pfClient, type Applicant } from '../../../test/flow-applicant';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';

// What the PF application does and the PJ one does not: the identity document and the selfie
// step with its biometric check (spec, individual steps 3 and 4), and the PEP step. What both
// flows share is in application-steps.test.ts and application-submit.test.ts.
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

const storedRow = (applicant: Applicant) => storedRowOf(t, onboardingPf, applicant);

describe('step 3: documents', () => {
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
    // A name in mixed scripts ("АNA BEATRIZ SΟUZA": a Cyrillic А, a Greek Ο) neither (issue 23,
    // item 9).
    expectError(
      await pf.saveStep(applicant, 3, {
        ...pf.values.professional(documents.docIdentidadeFrente!, documents.docIdentidadeVerso!),
        docIdentidadeNome: '\u0410NA BEATRIZ S\u039FUZA',
      }),
      400,
      'VALIDATION_ERROR',
      validationMessages.nameLatin,
    );
    expect(await storedRow(applicant)).toEqual(before);
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
});

describe('submitting with the biometric check', () => {
  it('sends an application whose biometric check is em revisão, flagged for the reviewer', async () => {
    const applicant = await readyApplicant(pf, clock, { biometrics: 'em_revisao' });
    const response = await pf.submit(applicant);
    expect(response.statusCode, response.body).toBe(201);
    expect(await storedRow(applicant)).toMatchObject({
      status: 'EM_ANALISE',
      livenessPassed: true,
      biometriaDecisao: 'em_revisao',
    });
  });

  it('names step 4 when the newest biometric check is not the passed one of the stored photos', async () => {
    const applicant = await readyApplicant(pf, clock);
    await pf.biometricCheck(applicant, { outcome: 'reprovado' });
    expectIncomplete(await pf.submit(applicant), 4, 'Biometria e Verificação');
    // Nor one em revisão of other photos.
    await pf.biometricCheck(applicant, { outcome: 'em_revisao' });
    expectIncomplete(await pf.submit(applicant), 4, 'Biometria e Verificação');

    // A new passing check of other photos does not count for the stored ones either.
    await pf.biometricCheck(applicant);
    expectIncomplete(await pf.submit(applicant), 4, 'Biometria e Verificação');
  });

  it('names step 4 when the identity document changed after the check', async () => {
    const applicant = await readyApplicant(pf, clock);
    const state = (await pf.getState(applicant)).json();
    const front = await pf.upload(applicant, 'docIdentidadeFrente');
    await pf.saveStep(applicant, 3, pf.values.professional(front, state.values.docIdentidadeVerso));
    expectIncomplete(await pf.submit(applicant), 4, 'Biometria e Verificação');
  });
});
