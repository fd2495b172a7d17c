import {
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  narrowestPhone,
  openPage,
  test,
} from '../support/fixtures';

/** The CEP and CNPJ lookups of the wizards, against local stand-ins of the providers. */
test.describe('address and company lookups', () => {
  test('a complete CEP fills street, district, city and state, and keeps the number', async ({
    page,
  }) => {
    await openPage(page, '/dev/consultas');
    await page.getByLabel('Número').fill('42');
    await page.getByLabel('CEP', { exact: true }).pressSequentially('01001000');
    await expect(page.getByLabel('CEP', { exact: true })).toHaveValue('01001-000');
    await expect(page.getByLabel('Logradouro')).toHaveValue('Praça da Sé');
    await expect(page.getByLabel('Bairro')).toHaveValue('Sé');
    await expect(page.getByLabel('Cidade')).toHaveValue('São Paulo');
    await expect(page.getByLabel('UF')).toHaveValue('SP');
    await expect(page.getByLabel('Número')).toHaveValue('42');
    await expectNoAxeViolations(page);
  });

  test('an unknown CEP says so, clears the old address and leads to the first field to fill', async ({
    page,
    isMobile,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 404/);
    await openPage(page, '/dev/consultas');
    const cep = page.getByLabel('CEP', { exact: true });
    const unknownCep = async (toast: boolean) => {
      await cep.clear();
      await cep.pressSequentially('01001000');
      await expect(page.getByLabel('Logradouro')).toHaveValue('Praça da Sé');
      await cep.clear();
      await cep.pressSequentially('99999999');
      if (toast) {
        await expect(page.getByText('CEP não encontrado', { exact: true })).toBeVisible();
        await expect(page.getByText('Verifique o CEP informado e tente novamente.')).toBeVisible();
      }
      // Beside the field, after the toast has gone: what to do next.
      await expect(cep).toHaveAccessibleDescription(
        'CEP não encontrado. Confira o CEP ou preencha o endereço abaixo.',
      );
      for (const label of ['Logradouro', 'Bairro', 'Cidade', 'UF']) {
        await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
      }
      await expect(page.getByLabel('Logradouro')).toBeFocused();
      await expectNoAxeViolations(page);
    };
    await unknownCep(true);
    if (!isMobile) return;
    // Again on the narrowest phone (320 px), the page without sideways scroll.
    // (The first round's toast may still be on screen: the field's own message is checked.)
    await page.setViewportSize(narrowestPhone);
    await unknownCep(false);
    await expectNoSidewaysScroll(page);
  });

  test('an alphanumeric CNPJ brings the company, its suggestions and its address', async ({
    page,
  }) => {
    await openPage(page, '/dev/consultas');
    await page.getByLabel('CNPJ').pressSequentially('12abc34501de35');
    await expect(page.getByLabel('CNPJ')).toHaveValue('12.ABC.345/01DE-35');
    await page.getByRole('button', { name: 'Buscar dados' }).click();
    await expect(page.getByText('CLINICA EXEMPLO SERVICOS MEDICOS LTDA')).toBeVisible();
    await expect(page.getByText('Clínica', { exact: true })).toBeVisible();
    await expect(page.getByText('CICLANO DA SILVA (Administrador(a))')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByLabel('Logradouro')).toHaveValue('AVENIDA PAULISTA');
    await expect(page.getByLabel('CEP', { exact: true })).toHaveValue('01310-100');
    await expectNoAxeViolations(page);
  });

  test('a numeric CNPJ is answered by the fallback provider, with a warning for a closed company', async ({
    page,
  }) => {
    await openPage(page, '/dev/consultas');
    await page.getByLabel('CNPJ').pressSequentially('11222333000181');
    await page.getByRole('button', { name: 'Buscar dados' }).click();
    await expect(page.getByText('HOSPITAL EXEMPLO S.A.')).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(
      'situação cadastral desta empresa na Receita Federal é BAIXADA',
    );
  });

  test('an incomplete CNPJ is not looked up', async ({ page }) => {
    await openPage(page, '/dev/consultas');
    await page.getByLabel('CNPJ').pressSequentially('1122233300');
    await page.getByRole('button', { name: 'Buscar dados' }).click();
    await expect(page.getByText('CNPJ incompleto')).toBeVisible();
    await expect(page.getByText('Digite um CNPJ válido para buscar os dados')).toBeVisible();
  });
});
