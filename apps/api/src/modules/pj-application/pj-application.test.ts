import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingPj, statusHistory } from '@medipay/db/schema';
import { MAX_UPLOAD_BYTES } from '@medipay/shared/constants';
import { isValidCnpj } from '@medipay/shared/tax-id';
import { startApplicantSession } from '../../../test/applicant';
import { cnpjFrom } from '../../../test/cnpj';
import { pjClient, type PjApplicant } from '../../../test/flow-applicant';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';

const clock = createTestClock();
let t: TestApp;
let pj: ReturnType<typeof pjClient>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  pj = pjClient(t);
});
afterAll(async () => {
  await t.close();
});

/** The stored row of an applicant, found through its session's state. */
async function storedRow(applicant: PjApplicant) {
  const [row] = await t.database.db
    .select()
    .from(onboardingPj)
    .where(eq(onboardingPj.email, applicant.email));
  return row;
}

function expectError(
  response: Awaited<ReturnType<typeof pj.saveStep>>,
  status: number,
  code: string,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ code, message });
}

describe('the test CNPJs', () => {
  it('are valid, numeric and alphanumeric', () => {
    expect(cnpjFrom('112223330001')).toBe('11222333000181');
    expect(cnpjFrom('12ABC34501DE')).toBe('12ABC34501DE35');
    expect(isValidCnpj(cnpjFrom('6A3EDMWP0001'))).toBe(true);
  });
});

describe('resuming the application', () => {
  it('answers an empty application before step 1, and 401 without a PJ session', async () => {
    const applicant = await pj.applicant({ verified: false });
    const response = await pj.getState(applicant);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ currentStep: 1, status: null, protocolo: null, values: {} });

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/applicant/PJ/application' });
    expect(anonymous.statusCode).toBe(401);
    const individual = await startApplicantSession(t.app, 'PF', '10.19.0.1');
    const wrongFlow = await t.app.inject({
      method: 'GET',
      url: '/api/applicant/PJ/application',
      headers: { cookie: individual.cookie },
    });
    expect(wrongFlow.statusCode).toBe(401);
  });

  it('gives back every saved value in its stored form, with the documents, after step 5', async () => {
    const applicant = await pj.applicant();
    const documents = await pj.fillSteps(applicant);
    const response = await pj.getState(applicant);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      currentStep: 6,
      status: 'INICIADO',
      protocolo: null,
      values: {
        razaoSocial: 'Hospital Exemplo S.A.',
        nomeFantasia: 'Hospital Exemplo',
        cnpj: applicant.cnpj,
        inscricaoEstadual: '123.456.789.110',
        tipoEmpresa: 'hospital',
        areaAtuacao: 'geral',
        email: applicant.email,
        telefone: applicant.phoneE164,
        cep: '01310100',
        logradouro: 'Avenida Paulista',
        numero: '1000',
        complemento: 'Conjunto 42',
        bairro: 'Bela Vista',
        cidade: 'São Paulo',
        uf: 'SP',
        comprovanteEndereco: documents.comprovanteEndereco,
        responsavelNome: 'Carlos Pereira',
        responsavelCpf: '52998224725',
        responsavelRg: '12.345.678-9',
        responsavelCargo: 'diretor',
        responsavelDocFrente: documents.responsavelDocFrente,
        responsavelDocVerso: documents.responsavelDocVerso,
        contratoSocial: documents.contratoSocial,
        cartaoCnpj: documents.cartaoCnpj,
        alvaraFuncionamento: documents.alvaraFuncionamento,
        cnes: '1234567',
        cnesDocumento: documents.cnesDocumento,
        banco: '341',
        agencia: '0001',
        conta: '12345-6',
        tipoConta: 'corrente',
        faturamentoMensal: '100k_500k',
        numeroFuncionarios: '51_100',
      },
    });

    // The stored values are valid form values: saving them again changes nothing.
    const values = response.json().values;
    const again = await pj.saveStep(applicant, 1, {
      razaoSocial: values.razaoSocial,
      nomeFantasia: values.nomeFantasia,
      cnpj: values.cnpj,
      inscricaoEstadual: values.inscricaoEstadual,
      tipoEmpresa: values.tipoEmpresa,
      areaAtuacao: values.areaAtuacao,
      email: values.email,
      telefone: values.telefone,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(response.json());
  });
});

describe('step 1: company', () => {
  it('creates the record (INICIADO) with the stored forms and both contacts verified', async () => {
    const applicant = await pj.applicant();
    const response = await pj.saveStep(applicant, 1, pj.values.company(applicant));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      currentStep: 2,
      status: 'INICIADO',
      protocolo: null,
      values: { email: applicant.email, telefone: applicant.phoneE164, cnpj: applicant.cnpj },
    });
    const row = (await storedRow(applicant))!;
    expect(row).toMatchObject({
      status: 'INICIADO',
      currentStep: 2,
      cnpj: applicant.cnpj,
      razaoSocial: 'Hospital Exemplo S.A.',
      inscricaoEstadual: '123.456.789.110',
      inscricaoMunicipal: null,
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
        flow: 'PJ',
        fromStatus: null,
        toStatus: 'INICIADO',
        actorType: 'applicant',
        actorId: null,
      }),
    ]);

    // A later save updates updated_at.
    clock.advance(5000);
    await pj.saveStep(applicant, 1, { ...pj.values.company(applicant), nomeFantasia: 'HEX' });
    expect(await storedRow(applicant)).toMatchObject({
      nomeFantasia: 'HEX',
      createdAt: row.createdAt,
      updatedAt: clock.now(),
    });
  });

  it('stores an alphanumeric CNPJ upper-cased, 14 characters', async () => {
    const cnpj = cnpjFrom('12ABC34501DE');
    const applicant = await pj.applicant({ cnpj });
    const response = await pj.saveStep(applicant, 1, {
      ...pj.values.company(applicant),
      cnpj: '12.abc.345/01de-35',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().values.cnpj).toBe('12ABC34501DE35');
    expect((await storedRow(applicant))!.cnpj).toBe('12ABC34501DE35');
  });

  it.each([
    [{ razaoSocial: 'Hosp' }, 'Razão social deve ter pelo menos 5 caracteres'],
    [{ nomeFantasia: ' ' }, 'Nome fantasia é obrigatório'],
    [{ cnpj: '11.222.333/0001-8' }, 'CNPJ deve ter 14 dígitos'],
    [{ cnpj: '11.222.333/0001-82' }, 'CNPJ inválido'],
    [{ cnpj: '00.000.000/0000-00' }, 'CNPJ inválido'],
    [{ cnpj: '12.ABC.345/01DE-36' }, 'CNPJ inválido'],
    [{ tipoEmpresa: 'banco' }, 'Selecione o tipo de empresa'],
    [{ areaAtuacao: '' }, 'Área de atuação é obrigatória'],
    [{ email: 'contato@' }, 'E-mail inválido'],
    [{ telefone: '(11) 8765-432' }, 'Telefone deve ter DDD + número'],
  ])('refuses %j with its message and saves nothing', async (change, message) => {
    const applicant = await pj.applicant({ verified: false });
    const response = await pj.saveStep(applicant, 1, {
      ...pj.values.company(applicant),
      ...change,
    });
    expectError(response, 400, 'VALIDATION_ERROR', message);
    expect((await pj.getState(applicant)).json().status).toBeNull();
  });

  it('names the first invalid field in form order', async () => {
    const applicant = await pj.applicant({ verified: false });
    expectError(
      await pj.saveStep(applicant, 1, {}),
      400,
      'VALIDATION_ERROR',
      'Razão social deve ter pelo menos 5 caracteres',
    );
  });

  it('requires the e-mail and the phone the session verified', async () => {
    const unverified = await pj.applicant({ verified: false });
    expectError(
      await pj.saveStep(unverified, 1, pj.values.company(unverified)),
      400,
      'EMAIL_NOT_VERIFIED',
      'É necessário verificar seu e-mail para continuar',
    );

    const emailOnly = await pj.applicant({ verified: false });
    await pj.verifyContact(emailOnly, 'email', emailOnly.email);
    expectError(
      await pj.saveStep(emailOnly, 1, pj.values.company(emailOnly)),
      400,
      'PHONE_NOT_VERIFIED',
      'É necessário verificar seu telefone para continuar',
    );

    const verified = await pj.applicant();
    expectError(
      await pj.saveStep(verified, 1, {
        ...pj.values.company(verified),
        email: 'outra.empresa@example.com',
      }),
      400,
      'EMAIL_NOT_VERIFIED',
      'É necessário verificar seu e-mail para continuar',
    );
    expectError(
      await pj.saveStep(verified, 1, {
        ...pj.values.company(verified),
        telefone: '(21) 99876-5432',
      }),
      400,
      'PHONE_NOT_VERIFIED',
      'É necessário verificar seu telefone para continuar',
    );
    expect((await pj.getState(verified)).json().status).toBeNull();
  });
});

describe('step order', () => {
  it('opens a step only once every earlier step was saved', async () => {
    const applicant = await pj.applicant();
    const proof = await pj.upload(applicant, 'comprovanteEndereco');
    const front = await pj.upload(applicant, 'responsavelDocFrente');
    const back = await pj.upload(applicant, 'responsavelDocVerso');
    const valid: Record<number, object> = {
      2: pj.values.address(proof),
      3: pj.values.responsible(front, back),
      4: pj.values.documents({
        contratoSocial: await pj.upload(applicant, 'contratoSocial'),
        cartaoCnpj: await pj.upload(applicant, 'cartaoCnpj'),
        alvaraFuncionamento: await pj.upload(applicant, 'alvaraFuncionamento'),
      }),
      5: pj.values.finance(),
    };
    const locked = async (step: number) =>
      expectError(
        await pj.saveStep(applicant, step, valid[step]!),
        409,
        'STEP_LOCKED',
        'Conclua as etapas anteriores antes desta.',
      );
    for (const step of [2, 3, 4, 5]) await locked(step);
    expect((await pj.getState(applicant)).json().status).toBeNull();
    await pj.fillSteps(applicant, 1);
    for (const step of [3, 4, 5]) await locked(step);
    expect((await pj.saveStep(applicant, 2, valid[2]!)).statusCode).toBe(200);
    expect((await pj.getState(applicant)).json().currentStep).toBe(3);
    for (const step of [4, 5]) await locked(step);
    expect((await storedRow(applicant))!.contratoSocialUrl).toBeNull();
  });

  it('never moves back when an earlier step is saved again', async () => {
    const applicant = await pj.applicant();
    await pj.fillSteps(applicant, 3);
    const response = await pj.saveStep(applicant, 1, {
      ...pj.values.company(applicant),
      razaoSocial: 'Hospital Exemplo Ltda.',
    });
    expect(response.json()).toMatchObject({
      currentStep: 4,
      values: { razaoSocial: 'Hospital Exemplo Ltda.' },
    });
  });

  it('knows only steps 1 to 5', async () => {
    const applicant = await pj.applicant();
    for (const step of ['0', '6', 'abc', '1.5']) {
      expectError(
        await pj.saveStep(applicant, step, {}),
        400,
        'VALIDATION_ERROR',
        'Dados inválidos.',
      );
    }
  });
});

describe('step 2: address', () => {
  it('stores the address and the proof of address as the portal route of the document', async () => {
    const applicant = await pj.applicant();
    await pj.fillSteps(applicant, 1);
    const proof = await pj.upload(applicant, 'comprovanteEndereco');
    const response = await pj.saveStep(applicant, 2, pj.values.address(proof));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      currentStep: 3,
      values: { cep: '01310100', uf: 'SP', comprovanteEndereco: proof },
    });
    expect(await storedRow(applicant)).toMatchObject({
      cep: '01310100',
      logradouro: 'Avenida Paulista',
      comprovanteEnderecoUrl: `/api/documents/${proof.id}`,
    });
  });

  it.each([
    [{ cep: '01310-10' }, 'CEP deve ter 8 dígitos'],
    [{ logradouro: ' ' }, 'Logradouro é obrigatório'],
    [{ numero: '' }, 'Número é obrigatório'],
    [{ bairro: '' }, 'Bairro é obrigatório'],
    [{ cidade: '' }, 'Cidade é obrigatória'],
    [{ uf: '' }, 'UF é obrigatória'],
    [{ comprovanteEndereco: undefined }, 'Arquivo é obrigatório'],
  ])('refuses %j with its message', async (change, message) => {
    const applicant = await pj.applicant();
    await pj.fillSteps(applicant, 1);
    const proof = await pj.upload(applicant, 'comprovanteEndereco');
    const response = await pj.saveStep(applicant, 2, { ...pj.values.address(proof), ...change });
    expectError(response, 400, 'VALIDATION_ERROR', message);
    expect((await pj.getState(applicant)).json().currentStep).toBe(2);
  });

  it('refuses a file over 10 MB with its message', async () => {
    const applicant = await pj.applicant();
    await pj.fillSteps(applicant, 1);
    const proof = await pj.upload(applicant, 'comprovanteEndereco');
    expectError(
      await pj.saveStep(applicant, 2, pj.values.address({ ...proof, size: MAX_UPLOAD_BYTES + 1 })),
      400,
      'VALIDATION_ERROR',
      'Arquivo deve ter até 10MB',
    );
  });

  it("refuses a document of another session, of another field, or that doesn't exist", async () => {
    const applicant = await pj.applicant();
    await pj.fillSteps(applicant, 1);
    const stranger = await pj.applicant({ verified: false });
    const strangersProof = await pj.upload(stranger, 'comprovanteEndereco');
    const ownCard = await pj.upload(applicant, 'cartaoCnpj');
    const ownProof = await pj.upload(applicant, 'comprovanteEndereco');
    for (const document of [
      strangersProof,
      ownCard,
      { ...ownProof, id: '00000000-0000-4000-8000-000000000000' },
      { ...ownProof, id: 'não-é-um-id' },
    ]) {
      expectError(
        await pj.saveStep(applicant, 2, pj.values.address(document)),
        400,
        'DOCUMENT_NOT_FOUND',
        'Documento não encontrado. Envie o arquivo novamente.',
      );
    }
    expect((await storedRow(applicant))!.comprovanteEnderecoUrl).toBeNull();
  });
});

describe('step 3: legal representative', () => {
  it('stores the representative and both sides of the document', async () => {
    const applicant = await pj.applicant();
    const documents = await pj.fillSteps(applicant, 3);
    expect(await storedRow(applicant)).toMatchObject({
      currentStep: 4,
      responsavelNome: 'Carlos Pereira',
      responsavelCpf: '52998224725',
      responsavelRg: '12.345.678-9',
      responsavelCargo: 'diretor',
      responsavelDocFrenteUrl: `/api/documents/${documents.responsavelDocFrente!.id}`,
      responsavelDocVersoUrl: `/api/documents/${documents.responsavelDocVerso!.id}`,
    });
  });

  it.each([
    [{ responsavelNome: 'Caio' }, 'Nome do responsável deve ter pelo menos 5 caracteres'],
    [{ responsavelCpf: '529.982.247' }, 'CPF deve ter 11 dígitos'],
    [{ responsavelCpf: '529.982.247-26' }, 'CPF inválido'],
    [{ responsavelRg: '' }, 'RG é obrigatório'],
    [{ responsavelCargo: 'estagiario' }, 'Selecione o cargo do responsável'],
    [{ responsavelDocVerso: null }, 'Arquivo é obrigatório'],
  ])('refuses %j with its message', async (change, message) => {
    const applicant = await pj.applicant();
    await pj.fillSteps(applicant, 2);
    const front = await pj.upload(applicant, 'responsavelDocFrente');
    const back = await pj.upload(applicant, 'responsavelDocVerso');
    const response = await pj.saveStep(applicant, 3, {
      ...pj.values.responsible(front, back),
      ...change,
    });
    expectError(response, 400, 'VALIDATION_ERROR', message);
    expect((await pj.getState(applicant)).json().currentStep).toBe(3);
  });

  it('refuses the front of the document sent as its back', async () => {
    const applicant = await pj.applicant();
    await pj.fillSteps(applicant, 2);
    const front = await pj.upload(applicant, 'responsavelDocFrente');
    expectError(
      await pj.saveStep(applicant, 3, pj.values.responsible(front, front)),
      400,
      'DOCUMENT_NOT_FOUND',
      'Documento não encontrado. Envie o arquivo novamente.',
    );
  });
});

describe('step 4: company documents', () => {
  async function atStep4() {
    const applicant = await pj.applicant();
    await pj.fillSteps(applicant, 3);
    const files = {
      contratoSocial: await pj.upload(applicant, 'contratoSocial'),
      cartaoCnpj: await pj.upload(applicant, 'cartaoCnpj'),
      alvaraFuncionamento: await pj.upload(applicant, 'alvaraFuncionamento'),
    };
    return { applicant, files };
  }

  it('stores the documents, with CNES and its certificate optional', async () => {
    const { applicant, files } = await atStep4();
    const without = await pj.saveStep(applicant, 4, pj.values.documents(files));
    expect(without.statusCode, without.body).toBe(200);
    expect(without.json().currentStep).toBe(5);
    expect(without.json().values).not.toHaveProperty('cnes');
    expect(without.json().values).not.toHaveProperty('cnesDocumento');
    expect(await storedRow(applicant)).toMatchObject({
      contratoSocialUrl: `/api/documents/${files.contratoSocial.id}`,
      cartaoCnpjUrl: `/api/documents/${files.cartaoCnpj.id}`,
      alvaraFuncionamentoUrl: `/api/documents/${files.alvaraFuncionamento.id}`,
      cnes: null,
      cnesDocumentoUrl: null,
    });

    const cnesDocumento = await pj.upload(applicant, 'cnesDocumento', 'cnesDocumento.jpg');
    const withCnes = await pj.saveStep(applicant, 4, {
      ...pj.values.documents({ ...files, cnesDocumento }),
      cnes: '123',
    });
    expect(withCnes.statusCode, withCnes.body).toBe(200);
    expect(withCnes.json().values).toMatchObject({ cnes: '123', cnesDocumento });
    expect(await storedRow(applicant)).toMatchObject({
      cnes: '123',
      cnesDocumentoUrl: `/api/documents/${cnesDocumento.id}`,
    });

    // Cleared again: stored as nothing.
    await pj.saveStep(applicant, 4, pj.values.documents(files));
    expect(await storedRow(applicant)).toMatchObject({ cnes: null, cnesDocumentoUrl: null });
  });

  it.each([
    [{ cnes: '12345678' }, 'CNES deve conter apenas números, com até 7 dígitos'],
    [{ cnes: '12A4567' }, 'CNES deve conter apenas números, com até 7 dígitos'],
    [{ cnes: '123-456' }, 'CNES deve conter apenas números, com até 7 dígitos'],
    [{ contratoSocial: undefined }, 'Arquivo é obrigatório'],
    [{ cartaoCnpj: undefined }, 'Arquivo é obrigatório'],
    [{ alvaraFuncionamento: undefined }, 'Arquivo é obrigatório'],
  ])('refuses %j with its message', async (change, message) => {
    const { applicant, files } = await atStep4();
    expectError(
      await pj.saveStep(applicant, 4, { ...pj.values.documents(files), ...change }),
      400,
      'VALIDATION_ERROR',
      message,
    );
    expect((await pj.getState(applicant)).json().currentStep).toBe(4);
  });

  it('accepts the Contrato Social only as a PDF', async () => {
    const { applicant, files } = await atStep4();
    // The upload itself refuses an image for the field.
    const refused = await pj.uploadRaw(applicant, 'contratoSocial', 'contratoSocial.jpg');
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe('Formato não aceito. Envie um arquivo PDF');
    // A saved value claiming an image is refused with the same message.
    expectError(
      await pj.saveStep(applicant, 4, {
        ...pj.values.documents(files),
        contratoSocial: { ...files.contratoSocial, type: 'image/jpeg' },
      }),
      400,
      'VALIDATION_ERROR',
      'Formato não aceito. Envie um arquivo PDF',
    );
    // An image uploaded for another field is not a Contrato Social.
    const image = await pj.upload(applicant, 'cartaoCnpj', 'cartaoCnpj.jpg');
    expectError(
      await pj.saveStep(applicant, 4, {
        ...pj.values.documents(files),
        contratoSocial: { ...image, type: 'application/pdf' },
      }),
      400,
      'DOCUMENT_NOT_FOUND',
      'Documento não encontrado. Envie o arquivo novamente.',
    );
    expect((await storedRow(applicant))!.contratoSocialUrl).toBeNull();
  });
});

describe('step 5: finance', () => {
  it('stores the bank account and the size of the company', async () => {
    const applicant = await pj.applicant();
    await pj.fillSteps(applicant, 5);
    expect(await storedRow(applicant)).toMatchObject({
      currentStep: 6,
      banco: '341',
      agencia: '0001',
      conta: '12345-6',
      tipoConta: 'corrente',
      faturamentoMensal: '100k_500k',
      numeroFuncionarios: '51_100',
    });
  });

  it.each([
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
  ])('refuses %j with its message', async (change, message) => {
    const applicant = await pj.applicant();
    await pj.fillSteps(applicant, 4);
    expectError(
      await pj.saveStep(applicant, 5, { ...pj.values.finance(), ...change }),
      400,
      'VALIDATION_ERROR',
      message,
    );
    expect((await pj.getState(applicant)).json().currentStep).toBe(5);
  });

  it('accepts digits and hyphens in agência and conta', async () => {
    const applicant = await pj.applicant();
    await pj.fillSteps(applicant, 4);
    const response = await pj.saveStep(applicant, 5, {
      ...pj.values.finance(),
      agencia: '1234-5',
      conta: '0012345678',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().values).toMatchObject({ agencia: '1234-5', conta: '0012345678' });
  });
});

describe("another session's application", () => {
  it('can be neither read nor written: the session cookie decides', async () => {
    const owner = await pj.applicant();
    const documents = await pj.fillSteps(owner, 2);
    const before = (await pj.getState(owner)).json();

    const other = await pj.applicant();
    expect((await pj.getState(other)).json()).toEqual({
      currentStep: 1,
      status: null,
      protocolo: null,
      values: {},
    });
    expectError(
      await pj.saveStep(other, 2, pj.values.address(documents.comprovanteEndereco!)),
      400,
      'DOCUMENT_NOT_FOUND',
      'Documento não encontrado. Envie o arquivo novamente.',
    );
    expectError(
      await pj.saveStep(other, 2, pj.values.address(await pj.upload(other, 'comprovanteEndereco'))),
      409,
      'STEP_LOCKED',
      'Conclua as etapas anteriores antes desta.',
    );
    // Its own step 1, even with the owner's CNPJ, creates its own record.
    const own = await pj.saveStep(other, 1, { ...pj.values.company(other), cnpj: owner.cnpj });
    expect(own.statusCode).toBe(200);
    expectError(
      await pj.saveStep(other, 2, pj.values.address(documents.comprovanteEndereco!)),
      400,
      'DOCUMENT_NOT_FOUND',
      'Documento não encontrado. Envie o arquivo novamente.',
    );
    // A forged session cookie is no session.
    const forged = await t.app.inject({
      method: 'PUT',
      url: '/api/applicant/PJ/application/steps/1',
      headers: { cookie: `medipay_pj=pj_${'A'.repeat(32)}` },
      payload: pj.values.company(owner),
    });
    expect(forged.statusCode).toBe(401);

    expect((await pj.getState(owner)).json()).toEqual(before);
    const rows = await t.database.db
      .select({ sessionId: onboardingPj.sessionId })
      .from(onboardingPj)
      .where(eq(onboardingPj.cnpj, owner.cnpj));
    expect(rows).toHaveLength(2);
  });
});
