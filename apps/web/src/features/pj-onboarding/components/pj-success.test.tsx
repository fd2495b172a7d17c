import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PjSuccess } from './pj-success';

describe('PJ success page', () => {
  it("links 'Acompanhar status' to the own application's status page", () => {
    render(
      <MemoryRouter
        initialEntries={[
          {
            pathname: '/onboarding-pj/success',
            state: { protocolo: 'PJ-20261122-4242', email: 'contato@clinica.com.br' },
          },
        ]}
      >
        <PjSuccess />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('protocolo')).toHaveTextContent('PJ-20261122-4242');
    expect(screen.getByRole('link', { name: 'Acompanhar status' })).toHaveAttribute(
      'href',
      '/acompanhar-status?fluxo=pj',
    );
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/');
  });
});
