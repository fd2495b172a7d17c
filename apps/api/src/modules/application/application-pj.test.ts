import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingPj } from '@medipay/db/schema';
import { isValidCnpj } from '@medipay/shared/tax-id';
import { expectError, storedRow as storedRowOf } from '../../../test/application-checks';
import { cnpjFrom, maskedCnpj } from '../../../test/cnpj';
import { pjClient, type Applicant } from '../../../test/flow-applicant';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';

// What the PJ application does and the PF one does not: the alphanumeric CNPJ (departure 8) and
// the company's documents and finances (spec, company steps 4 and 5). What both flows share is
// in application-steps.test.ts and application-submit.test.ts.
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

const storedRow = (applicant: Applicant) => storedRowOf(t, onboardingPj, applicant);

describe('the test CNPJs', () => {
  it('are valid, numeric and alphanumeric', () => {
    expect(cnpjFrom('112223330001')).toBe('11222333000181');
    expect(cnpjFrom('12ABC34501DE')).toBe('12ABC34501DE35');
    expect(isValidCnpj(cnpjFrom('6A3EDMWP0001'))).toBe(true);
  });
});

describe('step 1: company', () => {
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
    expect(await storedRow(applicant)).toMatchObject({
      cnes: null,
      cnesDocumentoUrl: null,
    });
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

describe('submitting an alphanumeric CNPJ', () => {
  it('takes an alphanumeric CNPJ end to end', async () => {
    const cnpj = cnpjFrom('AB7CD12E0001');
    const applicant = await pj.applicant({ cnpj });
    await pj.fillSteps(applicant);
    expect((await pj.getState(applicant)).json().values.cnpj).toBe(cnpj);
    const response = await pj.submit(applicant);
    expect(response.statusCode, response.body).toBe(201);
    expect(await storedRow(applicant)).toMatchObject({
      cnpj,
      status: 'ENVIADO_PARA_ANALISE',
    });

    // The same CNPJ typed in lower case with its mask is the same company.
    const second = await pj.applicant({ cnpj });
    await pj.fillSteps(second, 1);
    const typed = await pj.saveStep(second, 1, {
      ...pj.values.company(second),
      cnpj: maskedCnpj(cnpj).toLowerCase(),
    });
    expect(typed.json().values.cnpj).toBe(cnpj);
    await pj.fillSteps(second);
    const refused = await pj.submit(second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('DUPLICATE_CNPJ');
  });
});
