import { expect, expectNoAxeViolations, test } from '../support/fixtures';

test.describe('not-found page', () => {
  test('an unknown path answers HTTP 404 with the not-found page and logs the path', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/404 Error: User attempted to access non-existent route: \/qualquer-coisa/);
    allowConsoleError(/Failed to load resource: the server responded with a status of 404/);
    const logged = page.waitForEvent(
      'console',
      (message) => message.type() === 'error' && message.text().includes('/qualquer-coisa'),
    );

    const response = await page.goto('/qualquer-coisa');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expect(
      page.getByText('A página que você procura não existe ou mudou de endereço.'),
    ).toBeVisible();
    // The site's header and footer, to find the way on.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await logged;
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Voltar para a página inicial' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('404');
  });

  test('an unknown API path answers 404 JSON', async ({ request }) => {
    const response = await request.get('/api/nada');
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Recurso não encontrado.',
    });
  });

  test('a known page answers 200 and does not show the not-found page', async ({ page }) => {
    for (const path of ['/', '/politica-privacidade', '/seguranca', '/test-secrets']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByText('Oops! Page not found')).toHaveCount(0);
    }
  });
});
