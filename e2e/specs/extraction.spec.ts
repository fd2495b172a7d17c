import { image } from '../../apps/api/test/files';
import { renderIdentityDocument, syntheticIdentity } from '../../apps/api/test/identity-documents';
import { expect, expectNoAxeViolations, openPage, test } from '../support/fixtures';

/** OCR of a slow two-core machine, after the job queue picks the document up. */
const readingTimeout = 30_000;

const inputLabels = ['Nome', 'Número do documento', 'Órgão emissor', 'UF', 'Validade'] as const;

/** The identity document front of the trial page, read by the server's OCR (tesseract.js). */
test.describe('identity document extraction', () => {
  test.describe.configure({ timeout: 60_000 });

  test.beforeEach(async ({ page }) => {
    await openPage(page, '/dev/documentos');
    await page.getByRole('tab', { name: 'Documento de identidade' }).click();
  });

  test('reads a photographed RG and fills the fields, which stay editable', async ({ page }) => {
    // A generated RG (no real person) that the OCR reads right: seed checked at the API level.
    const identity = syntheticIdentity('RG', 42);
    const photo = await renderIdentityDocument(identity);
    // What the applicant typed before the reading is replaced only by a field read.
    await page.getByLabel('Validade', { exact: true }).fill('01/01/2030');

    await page.getByLabel('Documento de identidade (frente)', { exact: true }).setInputFiles({
      name: 'rg-frente.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await expect(page.getByRole('status').filter({ hasText: 'Processando...' })).toBeVisible();
    const started = Date.now();

    const nome = page.getByLabel('Nome', { exact: true });
    await expect(nome).toHaveValue(identity.nome, { timeout: readingTimeout });
    test.info().annotations.push({
      type: 'ocr',
      description: `fields shown ${Date.now() - started} ms after 'Processando...'`,
    });
    await expect(page.getByLabel('Número do documento', { exact: true })).toHaveValue(
      identity.numero,
    );
    await expect(page.getByLabel('Órgão emissor', { exact: true })).toHaveValue(identity.orgao);
    await expect(page.getByLabel('UF', { exact: true })).toHaveValue(identity.uf);
    // An RG has no validity: the value typed stays.
    await expect(page.getByLabel('Validade', { exact: true })).toHaveValue('01/01/2030');
    await expect(
      page.getByText('Dados lidos do documento. Confira e corrija se necessário.'),
    ).toBeVisible();
    await expect(page.getByText('Processando...')).toBeHidden();
    await expect(page.getByText('Erro no processamento', { exact: true })).toBeHidden();

    await nome.fill('ANA SILVA FERREIRA DE SOUZA');
    await expect(nome).toHaveValue('ANA SILVA FERREIRA DE SOUZA');
    await expectNoAxeViolations(page);
  });

  test("says 'Erro no processamento' for an image without text and leaves the fields empty", async ({
    page,
  }) => {
    await page.getByLabel('Documento de identidade (frente)', { exact: true }).setInputFiles({
      name: 'sem-texto.png',
      mimeType: 'image/png',
      buffer: await image('png', 600, 400),
    });
    const toast = page.getByRole('region', { name: /Notificações/ }).getByRole('listitem');
    await expect(toast).toContainText('Erro no processamento', { timeout: readingTimeout });
    await expect(toast).toContainText(
      'Não foi possível ler os dados do documento. Preencha os campos manualmente.',
    );
    await expect(
      page.getByText('Erro no processamento. Preencha os campos manualmente.'),
    ).toBeVisible();

    for (const label of inputLabels) {
      const input = page.getByLabel(label, { exact: true });
      await expect(input).toHaveValue('');
      await expect(input).toBeEditable();
    }
    await page.getByLabel('Nome', { exact: true }).fill('MARIA SILVA SANTOS');
    await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('MARIA SILVA SANTOS');
  });
});
