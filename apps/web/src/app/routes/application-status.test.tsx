import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { statusPagePath } from '@medipay/shared/application-status';
import { AppRoutes } from '../app-routes';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 'UNAUTHORIZED', message: 'Sua consulta expirou.' }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

it('serves the status page at statusPagePath, in the public layout', async () => {
  render(
    <MemoryRouter initialEntries={[statusPagePath]}>
      <AppRoutes />
    </MemoryRouter>,
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'Acompanhar status' })).toBeVisible();
  expect(await screen.findByLabelText('Protocolo')).toBeVisible();
  expect(screen.getByRole('main')).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  expect(document.title).toBe('Acompanhar status | MediPay');
});
