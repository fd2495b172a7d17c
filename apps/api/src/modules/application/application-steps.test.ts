import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusHistory } from '@medipay/db/schema';
import { MAX_UPLOAD_BYTES } from '@medipay/shared/constants';
import { startApplicantSession } from '../../../test/applicant';
import { flowCases, type Refusal } from '../../../test/application-cases';
import { expectError, storedRow as storedRowOf } from '../../../test/application-checks';
import type { Applicant, FlowClient } from '../../../test/flow-applicant';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { sessionCookieNames } from '../applicant-session/applicant-session.service';

const clock = createTestClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { KYC_CHECKS: 'sandbox' } });
});
afterAll(async () => {
  await t.close();
});

const documentNotFound = [
  400,
  'DOCUMENT_NOT_FOUND',
  'Documento não encontrado. Envie o arquivo novamente.',
] as const;
const stepLocked = [409, 'STEP_LOCKED', 'Conclua as etapas anteriores antes desta.'] as const;

describe.each(flowCases)('the $flow application', (flowCase) => {
  const { flow, table } = flowCase;
  let client: FlowClient;
  beforeAll(() => {
    client = flowCase.client(t);
  });

  const storedRow = (applicant: Applicant) => storedRowOf(t, table, applicant);

  describe('resuming the application', () => {
    it(`answers an empty application before step 1, and 401 without a ${flow} session`, async () => {
      const applicant = await client.applicant({ verified: false });
      const response = await client.getState(applicant);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        currentStep: 1,
        status: null,
        protocolo: null,
        values: {},
      });

      const url = `/api/applicant/${flow}/application`;
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      const other = await startApplicantSession(t.app, flowCase.otherFlow, '10.9.0.1');
      const wrongFlow = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: other.cookie },
      });
      expect(wrongFlow.statusCode).toBe(401);
    });

    it('gives back every saved value in its stored form, with the documents, after step 5', async () => {
      const applicant = await client.applicant();
      const documents = await client.fillSteps(applicant);
      const response = await client.getState(applicant);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        currentStep: 6,
        status: 'INICIADO',
        protocolo: null,
        values: flowCase.savedValues(applicant, documents),
      });
      expect(documents[flowCase.photoField]!.thumbnailUrl).toMatch(/\/thumbnail$/);

      // The stored values are valid form values: saving them again changes nothing.
      const values = response.json().values;
      const step1 = Object.keys(await client.stepValues(applicant, 1)).filter(
        (key) => key in values,
      );
      const again = await client.saveStep(
        applicant,
        1,
        Object.fromEntries(step1.map((key) => [key, values[key]])),
      );
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(response.json());
    });
  });

  describe('step 1', () => {
    it('creates the record (INICIADO) with the stored forms and both contacts verified', async () => {
      const applicant = await client.applicant();
      const response = await client.saveStep(applicant, 1, await client.stepValues(applicant, 1));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        currentStep: 2,
        status: 'INICIADO',
        protocolo: null,
        values: { email: applicant.email, telefone: applicant.phoneE164 },
      });
      const row = (await storedRow(applicant))!;
      expect(row).toMatchObject({
        ...flowCase.step1Row(applicant),
        status: 'INICIADO',
        currentStep: 2,
        email: applicant.email,
        telefone: applicant.phoneE164,
        emailVerificado: true,
        telefoneVerificado: true,
        protocolo: null,
        submittedAt: null,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
      const history = await t.database.db
        .select()
        .from(statusHistory)
        .where(eq(statusHistory.recordId, row.id));
      expect(history).toEqual([
        expect.objectContaining({
          flow,
          fromStatus: null,
          toStatus: 'INICIADO',
          actorType: 'applicant',
          actorId: null,
        }),
      ]);

      // A later save updates updated_at.
      clock.advance(5000);
      await client.saveStep(applicant, 1, {
        ...(await client.stepValues(applicant, 1)),
        ...flowCase.renamed,
      });
      expect(await storedRow(applicant)).toMatchObject({
        ...flowCase.renamed,
        createdAt: row.createdAt,
        updatedAt: clock.now(),
      });
    });

    it.each(flowCase.refusals[1])(
      'refuses %j with its message and saves nothing',
      async (change, message) => {
        const applicant = await client.applicant({ verified: false });
        const response = await client.saveStep(applicant, 1, {
          ...(await client.stepValues(applicant, 1)),
          ...change,
        });
        expectError(response, 400, 'VALIDATION_ERROR', message);
        expect((await client.getState(applicant)).json().status).toBeNull();
      },
    );

    it('names the first invalid field in form order', async () => {
      const applicant = await client.applicant({ verified: false });
      const response = await client.saveStep(applicant, 1, {});
      expectError(response, 400, 'VALIDATION_ERROR', flowCase.firstInvalidMessage);
      const notObject = await t.app.inject({
        method: 'PUT',
        url: `/api/applicant/${flow}/application/steps/1`,
        headers: { cookie: applicant.cookie, 'content-type': 'application/json' },
        remoteAddress: applicant.remoteAddress,
        payload: '[1]',
      });
      expectError(notObject, 400, 'VALIDATION_ERROR', 'Dados inválidos.');
    });

    it('requires the e-mail and the phone the session verified', async () => {
      const emailNotVerified = [
        400,
        'EMAIL_NOT_VERIFIED',
        'É necessário verificar seu e-mail para continuar',
      ] as const;
      const phoneNotVerified = [
        400,
        'PHONE_NOT_VERIFIED',
        'É necessário verificar seu telefone para continuar',
      ] as const;
      const step1 = async (applicant: Applicant, change: object = {}) =>
        client.saveStep(applicant, 1, { ...(await client.stepValues(applicant, 1)), ...change });

      const unverified = await client.applicant({ verified: false });
      expectError(await step1(unverified), ...emailNotVerified);

      const emailOnly = await client.applicant({ verified: false });
      await client.verifyContact(emailOnly, 'email', emailOnly.email);
      expectError(await step1(emailOnly), ...phoneNotVerified);

      const verified = await client.applicant();
      expectError(
        await step1(verified, { email: 'outra.pessoa@example.com' }),
        ...emailNotVerified,
      );
      expectError(await step1(verified, { telefone: '(21) 99876-5432' }), ...phoneNotVerified);
      expect((await client.getState(verified)).json().status).toBeNull();
    });
  });

  describe('step order', () => {
    it('opens a step only once every earlier step was saved', async () => {
      const applicant = await client.applicant();
      // Valid values for every step, documents (and the PF biometric check) included.
      const valid: Record<number, object> = {};
      for (const step of [2, 3, 4, 5]) valid[step] = await client.stepValues(applicant, step);
      const locked = async (step: number) =>
        expectError(await client.saveStep(applicant, step, valid[step]!), ...stepLocked);
      for (const step of [2, 3, 4, 5]) await locked(step);
      expect((await client.getState(applicant)).json().status).toBeNull();
      await client.fillSteps(applicant, 1);
      for (const step of [3, 4, 5]) await locked(step);
      expect((await client.saveStep(applicant, 2, valid[2]!)).statusCode).toBe(200);
      expect((await client.getState(applicant)).json().currentStep).toBe(3);
      for (const step of [4, 5]) await locked(step);
      expect((await storedRow(applicant))![flowCase.step4Column as keyof object]).toBeNull();
    });

    it('never moves back when an earlier step is saved again', async () => {
      const applicant = await client.applicant();
      await client.fillSteps(applicant, 3);
      const response = await client.saveStep(applicant, 1, {
        ...(await client.stepValues(applicant, 1)),
        ...flowCase.renamed,
      });
      expect(response.json()).toMatchObject({ currentStep: 4, values: flowCase.renamed });
    });

    it('knows only steps 1 to 5', async () => {
      const applicant = await client.applicant();
      for (const step of ['0', '6', 'abc', '1.5']) {
        expectError(
          await client.saveStep(applicant, step, {}),
          400,
          'VALIDATION_ERROR',
          'Dados inválidos.',
        );
      }
    });
  });

  describe('step 2: address', () => {
    const { proofField } = flowCase;
    const proofColumn = `${proofField}Url` as keyof object;

    it('stores the address and the proof of address as the portal route of the document', async () => {
      const applicant = await client.applicant();
      await client.fillSteps(applicant, 1);
      const proof = await client.upload(applicant, proofField);
      const address = flowCase.step2(proof);
      const response = await client.saveStep(applicant, 2, address);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        currentStep: 3,
        values: {
          cep: '01310100',
          uf: 'SP',
          complemento: address.complemento,
          [proofField]: proof,
        },
      });
      expect(await storedRow(applicant)).toMatchObject({
        cep: '01310100',
        logradouro: 'Avenida Paulista',
        [proofColumn]: `/api/documents/${proof.id}`,
      });

      // An optional field left empty is stored as nothing.
      const cleared = await client.saveStep(applicant, 2, { ...address, complemento: '' });
      expect(cleared.json().values).not.toHaveProperty('complemento');
      expect((await storedRow(applicant))!.complemento).toBeNull();
    });

    it('refuses a file over 10 MB with its message', async () => {
      const applicant = await client.applicant();
      await client.fillSteps(applicant, 1);
      const proof = await client.upload(applicant, proofField);
      const response = await client.saveStep(
        applicant,
        2,
        flowCase.step2({ ...proof, size: MAX_UPLOAD_BYTES + 1 }),
      );
      expectError(response, 400, 'VALIDATION_ERROR', 'Arquivo deve ter até 10MB');
    });

    it("refuses a document of another session, of another field, or that doesn't exist", async () => {
      const applicant = await client.applicant();
      await client.fillSteps(applicant, 1);
      const stranger = await client.applicant({ verified: false });
      const strangersProof = await client.upload(stranger, proofField);
      const ownOther = await client.upload(applicant, flowCase.laterField);
      const ownProof = await client.upload(applicant, proofField);
      for (const document of [
        strangersProof,
        ownOther,
        { ...ownProof, id: '00000000-0000-4000-8000-000000000000' },
        { ...ownProof, id: 'não-é-um-id' },
      ]) {
        expectError(
          await client.saveStep(applicant, 2, flowCase.step2(document)),
          ...documentNotFound,
        );
      }
      expect((await storedRow(applicant))![proofColumn]).toBeNull();
    });
  });

  describe('step 3', () => {
    it('refuses the front of the document sent as its back', async () => {
      const applicant = await client.applicant();
      await client.fillSteps(applicant, 2);
      const front = await client.upload(applicant, flowCase.front);
      expectError(
        await client.saveStep(applicant, 3, flowCase.step3(front, front)),
        ...documentNotFound,
      );
    });
  });

  const storedSteps = Object.entries(flowCase.storedSteps).map(
    ([step, expected]) => [Number(step), expected] as const,
  );
  it.each(storedSteps)('stores the values of step %i', async (step, expected) => {
    const applicant = await client.applicant();
    const documents = await client.fillSteps(applicant, step);
    expect(await storedRow(applicant)).toMatchObject({
      currentStep: step + 1,
      ...expected(documents, applicant),
    });
  });

  const refusals: Record<2 | 3 | 5, Refusal[]> = {
    2: [
      [{ cep: '01310-10' }, 'CEP deve ter 8 dígitos'],
      [{ logradouro: ' ' }, 'Logradouro é obrigatório'],
      [{ numero: '' }, 'Número é obrigatório'],
      [{ bairro: '' }, 'Bairro é obrigatório'],
      [{ cidade: '' }, 'Cidade é obrigatória'],
      [{ uf: '' }, 'UF é obrigatória'],
      [{ [flowCase.proofField]: undefined }, 'Arquivo é obrigatório'],
    ],
    3: flowCase.refusals[3],
    5: flowCase.refusals[5],
  };
  describe.each([2, 3, 5] as const)('step %i', (step) => {
    it.each(refusals[step])('refuses %j with its message', async (change, message) => {
      const applicant = await client.applicant();
      await client.fillSteps(applicant, step - 1);
      const response = await client.saveStep(applicant, step, {
        ...(await client.stepValues(applicant, step)),
        ...change,
      });
      expectError(response, 400, 'VALIDATION_ERROR', message);
      expect((await client.getState(applicant)).json().currentStep).toBe(step);
    });
  });

  describe("another session's application", () => {
    it('can be neither read nor written: the session cookie decides', async () => {
      const owner = await client.applicant();
      const documents = await client.fillSteps(owner, 2);
      const ownersProof = documents[flowCase.proofField as keyof typeof documents]!;
      const before = (await client.getState(owner)).json();

      const other = await client.applicant();
      expect((await client.getState(other)).json()).toEqual({
        currentStep: 1,
        status: null,
        protocolo: null,
        values: {},
      });
      // The owner's document is not its own; and its step 2 is locked (it has no record).
      expectError(
        await client.saveStep(other, 2, flowCase.step2(ownersProof)),
        ...documentNotFound,
      );
      expectError(
        await client.saveStep(other, 2, await client.stepValues(other, 2)),
        ...stepLocked,
      );
      // Its own step 1, even with the owner's tax id, creates its own record.
      const own = await client.saveStep(other, 1, {
        ...(await client.stepValues(other, 1)),
        ...flowCase.sameTaxId(owner),
      });
      expect(own.statusCode).toBe(200);
      expectError(
        await client.saveStep(other, 2, flowCase.step2(ownersProof)),
        ...documentNotFound,
      );
      // A forged session cookie is no session.
      const forged = await t.app.inject({
        method: 'PUT',
        url: `/api/applicant/${flow}/application/steps/1`,
        headers: {
          cookie: `${sessionCookieNames[flow]}=${flowCase.sessionPrefix}${'A'.repeat(32)}`,
        },
        payload: await client.stepValues(owner, 1),
      });
      expect(forged.statusCode).toBe(401);

      expect((await client.getState(owner)).json()).toEqual(before);
      const rows = await t.database.db
        .select({ sessionId: table.sessionId })
        .from(table)
        .where(eq(flowCase.taxIdColumn, flowCase.storedTaxId(owner)));
      expect(rows).toHaveLength(2);
    });
  });
});
