import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { accountBenefits } from '../../../components/wizard/success-cards';
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

  it("shows the submitted status with its one label, 'Enviado para Análise'", () => {
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
    expect(screen.getByText('Enviado para Análise', { selector: '[data-tone]' })).toHaveAttribute(
      'data-tone',
      'info',
    );
    expect(screen.queryByText(/^Em Análise$/i)).not.toBeInTheDocument();
  });

  it('lists every benefit the spec promises, automatic yield and special-rate loans included', () => {
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
    const list = screen.getByRole('list', { name: /O que a sua empresa terá com a MediPay/ });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(expect.arrayContaining([...accountBenefits]));
    expect(within(list).getByText(/rendimento automático/i)).toBeVisible();
    expect(within(list).getByText(/empréstimos com taxas especiais/i)).toBeVisible();
  });
});
