import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { accountBenefits } from '../../../components/wizard/success-cards';
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

  it("shows the submitted status with its one label, 'Em Análise'", () => {
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
    expect(screen.getByText('Em Análise', { selector: '[data-tone]' })).toHaveAttribute(
      'data-tone',
      'info',
    );
    expect(screen.queryByText(/^Enviado para Análise$/i)).not.toBeInTheDocument();
  });

  it('lists every benefit the spec promises, automatic yield and special-rate loans included', () => {
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
    const list = screen.getByRole('list', { name: /O que a sua conta MediPay oferece/ });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(expect.arrayContaining([...accountBenefits]));
    expect(within(list).getByText(/rendimento automático/i)).toBeVisible();
    expect(within(list).getByText(/empréstimos com taxas especiais/i)).toBeVisible();
  });
});
