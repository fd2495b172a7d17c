import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tipoEmpresaOptions } from '@medipay/shared/options';
import { pjApplicationMessages, type PjSavedValues } from '@medipay/shared/pj-application';
import { Toaster } from '../../../../components/ui/sonner';
import { json } from '../../../../testing/api-stub';
import { stubResizeObserver } from '../../../../testing/resize-observer';
import { ReviewStep } from './review-step';
import { props } from './step-test-fixtures';

const fetchMock = vi.fn();

beforeEach(() => {
  // A new Toaster replays the toasts still active: start each test without the last one's.
  toast.dismiss();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PJ review step', () => {
  beforeEach(stubResizeObserver);

  const saved: PjSavedValues = {
    razaoSocial: 'Clínica Boa Saúde Ltda',
    nomeFantasia: 'Boa Saúde',
    cnpj: '11222333000181',
    tipoEmpresa: 'clinica',
    areaAtuacao: 'cardiologia',
    email: 'contato@boasaude.com.br',
    telefone: '+5511987654321',
    cep: '01310100',
    logradouro: 'Avenida Paulista',
    numero: '1000',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'SP',
    responsavelNome: 'Maria Souza Lima',
    responsavelCpf: '52998224725',
    responsavelCargo: 'socio',
    banco: '341',
    agencia: '1234',
    conta: '56789-0',
    tipoConta: 'corrente',
  };

  function Success() {
    const location = useLocation();
    return <pre data-testid="success-state">{JSON.stringify(location.state)}</pre>;
  }

  function renderReview(onEdit = vi.fn()) {
    render(
      <MemoryRouter initialEntries={['/onboarding-pj?etapa=revisao']}>
        <Routes>
          <Route
            path="/onboarding-pj"
            element={<ReviewStep {...props({ values: saved })} onEdit={onEdit} />}
          />
          <Route path="/onboarding-pj/success" element={<Success />} />
        </Routes>
        <Toaster />
      </MemoryRouter>,
    );
  }

  const lgpd = () => screen.getByRole('checkbox', { name: /nos termos da LGPD/ });
  const kyc = () => screen.getByRole('checkbox', { name: /verificação da empresa/ });
  const finalizar = () => screen.getByRole('button', { name: 'Finalizar Cadastro' });

  it('shows the saved answers with their labels, and each section opens its step', async () => {
    const onEdit = vi.fn();
    const user = userEvent.setup();
    renderReview(onEdit);
    const company = screen.getByRole('region', { name: 'Dados da Empresa' });
    const clinica = tipoEmpresaOptions.find((option) => option.value === 'clinica')!.label;
    expect(within(company).getByText(clinica)).toBeInTheDocument();
    expect(within(company).getByText('Cardiologia')).toBeInTheDocument();
    expect(within(company).getByText('11.222.333/0001-81')).toBeInTheDocument();
    expect(within(company).getByText('(11) 98765-4321')).toBeInTheDocument();
    const responsible = screen.getByRole('region', { name: 'Responsável Legal' });
    expect(within(responsible).getByText('529.982.247-25')).toBeInTheDocument();
    expect(within(responsible).getByText('Sócio(a)')).toBeInTheDocument();
    const finance = screen.getByRole('region', { name: 'Dados Financeiros' });
    expect(within(finance).getByText('341 - Itaú Unibanco')).toBeInTheDocument();
    expect(within(finance).getByText('Conta Corrente')).toBeInTheDocument();

    const sections = [
      'Dados da Empresa',
      'Endereço',
      'Responsável Legal',
      'Documentos',
      'Dados Financeiros',
    ];
    for (const [index, title] of sections.entries()) {
      await user.click(screen.getByRole('button', { name: `Editar ${title}` }));
      expect(onEdit).toHaveBeenLastCalledWith(index + 1);
    }
    expect(onEdit).toHaveBeenCalledTimes(5);
  });

  it('requires both consents before sending', async () => {
    const user = userEvent.setup();
    renderReview();
    await user.click(finalizar());
    await waitFor(() =>
      expect(lgpd()).toHaveAccessibleDescription('Consentimento LGPD é obrigatório'),
    );
    expect(kyc()).toHaveAccessibleDescription('Consentimento KYC é obrigatório');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Erro no envio' and stays when the server fails", async () => {
    fetchMock.mockResolvedValue(
      json({ code: 'INTERNAL_ERROR', message: 'Falha interna inesperada.' }, 500),
    );
    const user = userEvent.setup();
    renderReview();
    await user.click(lgpd());
    await user.click(kyc());
    await user.click(finalizar());
    expect(await screen.findByText('Erro no envio')).toBeInTheDocument();
    expect(
      screen.getByText('Não foi possível enviar seus dados. Tente novamente.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Falha interna inesperada.')).toBeNull();
    await waitFor(() => expect(finalizar()).toBeEnabled());
    expect(screen.queryByTestId('success-state')).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/applicant/PJ/application/submit');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      consentimentoLgpd: true,
      consentimentoKyc: true,
    });
  });

  it("shows the server's reason for a refusal", async () => {
    fetchMock.mockResolvedValue(
      json({ code: 'DUPLICATE_CNPJ', message: pjApplicationMessages.duplicateCnpj }, 409),
    );
    const user = userEvent.setup();
    renderReview();
    await user.click(lgpd());
    await user.click(kyc());
    await user.click(finalizar());
    expect(await screen.findByText(pjApplicationMessages.duplicateCnpj)).toBeInTheDocument();
    expect(screen.getByText('Erro no envio')).toBeInTheDocument();
    await waitFor(() => expect(finalizar()).toBeEnabled());
    expect(screen.queryByTestId('success-state')).toBeNull();
  });

  it('opens the success page with the protocol once the server confirms', async () => {
    const sent = { protocolo: 'PJ-20261123-0001', email: 'contato@boasaude.com.br' };
    fetchMock.mockResolvedValue(json(sent, 201));
    const user = userEvent.setup();
    renderReview();
    await user.click(lgpd());
    await user.click(kyc());
    await user.click(finalizar());
    const shown = await screen.findByTestId('success-state');
    expect(JSON.parse(shown.textContent ?? 'null')).toEqual(sent);
    expect(screen.queryByRole('button', { name: 'Finalizar Cadastro' })).toBeNull();
  });
});
