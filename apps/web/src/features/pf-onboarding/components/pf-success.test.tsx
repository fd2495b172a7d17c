import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PfSuccess } from './pf-success';

describe('PF success page', () => {
  it("links 'Acompanhar status' to the own application's status page", () => {
    render(
      <MemoryRouter
        initialEntries={[
          {
            pathname: '/onboarding/success',
            state: { protocolo: 'MEDI-20261122-0042', email: 'ana@example.com' },
          },
        ]}
      >
        <PfSuccess />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('protocolo')).toHaveTextContent('MEDI-20261122-0042');
    expect(screen.getByRole('link', { name: 'Acompanhar status' })).toHaveAttribute(
      'href',
      '/acompanhar-status?fluxo=pf',
    );
    expect(screen.getByRole('link', { name: 'Voltar para a página inicial' })).toHaveAttribute(
      'href',
      '/',
    );
  });
});
