import { expect, expectNoAxeViolations, openPage, test } from '../support/fixtures';

test.describe('/test-secrets', () => {
  test('shows which integrations are configured, as booleans only', async ({ page }) => {
    await openPage(page, '/test-secrets');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Testar Secrets' }).click();

    const result = page.getByLabel('Resultado');
    await expect(result).toBeVisible();
    const shown = JSON.parse((await result.textContent()) ?? '') as {
      integrations: Record<string, unknown>;
    };
    expect(Object.keys(shown.integrations)).toContain('smtp');
    expect(Object.values(shown.integrations).every((value) => typeof value === 'boolean')).toBe(
      true,
    );
    // The e2e server delivers e-mail to the test SMTP sink, and otherwise runs with the
    // defaults: PGlite, no SMS provider, sandboxed MediPay.
    expect(shown.integrations).toMatchObject({
      smtp: true,
      sms: false,
      database: false,
      medipay: false,
    });
    await expectNoAxeViolations(page);
  });

  test('says so when the check fails', async ({ page, allowConsoleError }) => {
    allowConsoleError(/Erro ao testar secrets/);
    allowConsoleError(/Failed to load resource/);
    await openPage(page, '/test-secrets');
    // The server becomes unreachable for this request.
    await page.route('**/api/debug/secrets', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Testar Secrets' }).click();

    await expect(page.getByText('Erro ao testar secrets', { exact: true })).toBeVisible();
    await expect(page.getByText('Erro ao testar secrets. Veja o console.')).toBeVisible();
    await expect(page.getByLabel('Resultado')).toHaveCount(0);
  });
});
