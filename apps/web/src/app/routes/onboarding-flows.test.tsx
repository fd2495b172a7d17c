/* The parts of the two wizards that behave alike, one run per flow. They live here, where the
   routes compose both features, because a feature never imports another. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType, ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Flow } from '@medipay/shared/status';
import { accountBenefits } from '../../components/wizard/success-cards';
import { PfSuccess } from '../../features/pf-onboarding/components/pf-success';
import { AddressStep as PfAddressStep } from '../../features/pf-onboarding/components/steps/address-step';
import { PjSuccess } from '../../features/pj-onboarding/components/pj-success';
import { AddressStep as PjAddressStep } from '../../features/pj-onboarding/components/steps/address-step';
import { fetchMock, json, stubApi } from '../../testing/api-stub';
import { emptyStepProps, expectFieldMessage } from '../../testing/wizard-steps';
import { expectVisibleText } from '../../testing/visible-text';

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const successPages = [
  {
    flow: 'PF',
    Page: PfSuccess,
    wizardPath: '/onboarding',
    path: '/onboarding/success',
    sent: { protocolo: 'MEDI-20261122-0042', email: 'ana@example.com' },
    statusPage: '/acompanhar-status?fluxo=pf',
    home: 'Voltar para a página inicial',
    status: 'Em Análise',
    otherStatus: /^Enviado para Análise$/i,
    benefits: /O que a sua conta MediPay oferece/,
  },
  {
    flow: 'PJ',
    Page: PjSuccess,
    wizardPath: '/onboarding-pj',
    path: '/onboarding-pj/success',
    sent: { protocolo: 'PJ-20261122-4242', email: 'contato@clinica.com.br' },
    statusPage: '/acompanhar-status?fluxo=pj',
    home: 'Voltar ao início',
    status: 'Enviado para Análise',
    otherStatus: /^Em Análise$/i,
    benefits: /O que a sua empresa terá com a MediPay/,
  },
] satisfies {
  flow: Flow;
  Page: ComponentType;
  wizardPath: string;
  path: string;
  sent: { protocolo: string; email: string };
  statusPage: string;
  home: string;
  status: string;
  otherStatus: RegExp;
  benefits: RegExp;
}[];

describe.each(successPages)('$flow success page', (page) => {
  const { Page } = page;
  const renderSent = () =>
    render(
      <MemoryRouter initialEntries={[{ pathname: page.path, state: page.sent }]}>
        <Page />
      </MemoryRouter>,
    );

  it("links 'Acompanhar status' to the own application's status page", () => {
    renderSent();
    expect(screen.getByTestId('protocolo')).toHaveTextContent(page.sent.protocolo);
    expect(screen.getByRole('link', { name: 'Acompanhar status' })).toHaveAttribute(
      'href',
      page.statusPage,
    );
    expect(screen.getByRole('link', { name: page.home })).toHaveAttribute('href', '/');
  });

  it('shows the submitted status with its one label', () => {
    renderSent();
    expect(screen.getByText(page.status, { selector: '[data-tone]' })).toHaveAttribute(
      'data-tone',
      'info',
    );
    expect(screen.queryByText(page.otherStatus)).not.toBeInTheDocument();
  });

  it('lists every benefit the spec promises, automatic yield and special-rate loans included', () => {
    renderSent();
    const list = screen.getByRole('list', { name: page.benefits });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(expect.arrayContaining([...accountBenefits]));
    expect(within(list).getByText(/rendimento automático/i)).toBeVisible();
    expect(within(list).getByText(/empréstimos com taxas especiais/i)).toBeVisible();
  });

  it('reads the protocol of the own application after a reload, and sends back to the wizard without one', async () => {
    let protocolo: string | null = page.sent.protocolo;
    // Once sent, the session opens the status only (never the application itself).
    const api = stubApi({
      [`GET /api/status/mine?flow=${page.flow}`]: () =>
        protocolo
          ? json({
              flow: page.flow,
              protocolo,
              status: 'EM_ANALISE',
              submittedAt: '2026-11-22T12:00:00.000Z',
              history: [],
              exigencias: null,
              motivoNegacao: null,
              canRectify: false,
            })
          : json({ code: 'NOT_FOUND', message: 'Não encontramos um cadastro enviado.' }, 404),
    });
    const routes = () => (
      <Routes>
        <Route path={page.path} element={<Page />} />
        <Route path={page.wizardPath} element={<p>Assistente</p>} />
      </Routes>
    );
    const reloaded = render(<MemoryRouter initialEntries={[page.path]}>{routes()}</MemoryRouter>);
    expect(await screen.findByTestId('protocolo')).toHaveTextContent(page.sent.protocolo);
    reloaded.unmount();

    protocolo = null;
    render(<MemoryRouter initialEntries={[page.path]}>{routes()}</MemoryRouter>);
    await expectVisibleText('Assistente');
    expect(api.calls(`GET /api/applicant/${page.flow}/application`)).toHaveLength(0);
  });
});

const addressSteps = [
  {
    flow: 'PF',
    step: () => <PfAddressStep {...emptyStepProps('PF')} />,
    proof: 'Comprovante de residência',
  },
  {
    flow: 'PJ',
    step: () => <PjAddressStep {...emptyStepProps('PJ')} prefill={null} />,
    proof: 'Comprovante de endereço',
  },
] satisfies { flow: Flow; step: () => ReactNode; proof: string }[];

describe.each(addressSteps)('$flow address step', ({ step, proof }) => {
  it('says on its own field what each rule misses, and saves nothing', async () => {
    const user = userEvent.setup();
    render(step());
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await expectFieldMessage('CEP', 'CEP deve ter 8 dígitos');
    await expectFieldMessage('Logradouro', 'Logradouro é obrigatório');
    await expectFieldMessage('Número', 'Número é obrigatório');
    await expectFieldMessage('Bairro', 'Bairro é obrigatório');
    await expectFieldMessage('Cidade', 'Cidade é obrigatória');
    await expectFieldMessage('UF', 'UF é obrigatória');
    await expectFieldMessage(proof, 'Arquivo é obrigatório');
    expect(screen.getByText('Arquivo é obrigatório')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
