import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadedDocument } from '@medipay/shared/documents';
import { lookupMessages, type CnpjLookupResult } from '@medipay/shared/lookup';
import { validationMessages as m } from '@medipay/shared/messages';
import { tipoEmpresaOptions } from '@medipay/shared/options';
import {
  pjApplicationMessages,
  type PjApplicationState,
  type PjSavedValues,
} from '@medipay/shared/pj-application';
import { Toaster } from '../../../../components/ui/sonner';
import type { RegistryPrefill } from '../registry-prefill';
import { emptyStepProps, expectFieldMessage } from '../../../../testing/wizard-steps';
import type { StepProps } from '../step-props';
import { AddressStep } from './address-step';
import { CompanyStep } from './company-step';
import { DocumentsStep } from './documents-step';
import { FinanceStep } from './finance-step';
import { ResponsibleStep } from './responsible-step';
import { ReviewStep } from './review-step';

const fetchMock = vi.fn();

/** Every file sent through the upload (XMLHttpRequest), to prove none was. */
const uploads: string[] = [];
class RecordingXhr {
  upload = { onprogress: null };
  open(_method: string, url: string) {
    uploads.push(url);
  }
  setRequestHeader() {}
  send() {}
  abort() {}
}

beforeEach(() => {
  // A new Toaster replays the toasts still active: start each test without the last one's.
  toast.dismiss();
  fetchMock.mockReset();
  uploads.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', RecordingXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const state: PjApplicationState = {
  currentStep: 2,
  status: 'INICIADO',
  protocolo: null,
  values: {
    cnpj: '11222333000181',
    razaoSocial: 'Clínica Boa Saúde Ltda',
    email: 'contato@boasaude.com.br',
    telefone: '+5511987654321',
  },
};

function props(overrides: Partial<StepProps> = {}): StepProps {
  return { ...emptyStepProps('PJ'), prefill: null, ...overrides };
}

const field = (label: string) => screen.getByLabelText(label);
const continuar = () => screen.getByRole('button', { name: 'Continuar' });

function savedDocument(name: string, type = 'application/pdf'): UploadedDocument {
  return {
    id: `doc-${name}`,
    name,
    size: 2048,
    type,
    url: `/api/documents/doc-${name}`,
    thumbnailUrl: null,
  };
}

function lookupResult(overrides: Partial<CnpjLookupResult> = {}): CnpjLookupResult {
  return {
    cnpj: '11.222.333/0001-81',
    nome: 'CLINICA BOA SAUDE LTDA',
    fantasia: 'BOA SAUDE',
    email: ' Contato@BoaSaude.COM.br ',
    telefone: '1123851939',
    atividade_principal: [{ text: 'Atividade médica ambulatorial' }],
    cep: '01310100',
    logradouro: 'Avenida Paulista',
    numero: '1000',
    complemento: 'Andar 5',
    bairro: 'Bela Vista',
    municipio: 'São Paulo',
    uf: 'sp',
    qsa: [{ nome: 'Maria Souza Lima', qual: '49-Sócio-Administrador' }],
    situacao: 'ATIVA',
    sugestoes: {
      tipoEmpresa: 'clinica',
      areaAtuacao: 'cardiologia',
      responsavel: { nome: 'Maria Souza Lima', qual: '49-Sócio-Administrador', cargo: 'socio' },
    },
    ...overrides,
  };
}

const prefill: RegistryPrefill = {
  cnpj: '11222333000181',
  address: {
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    numero: '1000',
    complemento: 'Andar 5',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'SP',
  },
  responsavel: { nome: 'Maria Souza Lima', cargo: 'socio' },
};

/** The company step with everything valid but the contacts, which the session decides. */
async function fillCompany(
  user: ReturnType<typeof userEvent.setup>,
  email = 'contato@boasaude.com.br',
) {
  await user.type(field('CNPJ'), '11222333000181');
  await user.type(field('Razão social'), 'Clínica Boa Saúde Ltda');
  await user.type(field('Nome fantasia'), 'Boa Saúde');
  await user.selectOptions(field('Tipo de empresa'), 'clinica');
  await user.selectOptions(field('Área de atuação'), 'cardiologia');
  await user.type(field('E-mail'), email);
  await user.type(field('Telefone'), '11987654321');
}

describe('PJ company step', () => {
  it('asks for verification and saves nothing while the contacts are not verified', async () => {
    const user = userEvent.setup();
    render(
      <>
        <CompanyStep {...props()} onPrefill={vi.fn()} />
        <Toaster />
      </>,
    );
    await fillCompany(user);
    await user.click(continuar());
    expect(await screen.findByText('Verificação necessária')).toBeInTheDocument();
    expect(screen.getByText(pjApplicationMessages.emailNotVerified)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows each rule message on its field', async () => {
    const user = userEvent.setup();
    render(<CompanyStep {...props()} onPrefill={vi.fn()} />);
    await user.click(continuar());
    await expectFieldMessage('Razão social', 'Razão social deve ter pelo menos 5 caracteres');
    await expectFieldMessage('Nome fantasia', 'Nome fantasia é obrigatório');
    await expectFieldMessage('CNPJ', 'CNPJ deve ter 14 dígitos');
    await expectFieldMessage('Tipo de empresa', 'Selecione o tipo de empresa');
    await expectFieldMessage('Área de atuação', 'Área de atuação é obrigatória');
    await expectFieldMessage('E-mail', 'E-mail inválido');
    await expectFieldMessage('Telefone', 'Telefone deve ter DDD + número');

    await user.type(field('Razão social'), 'ABC');
    await expectFieldMessage('Razão social', 'Razão social deve ter pelo menos 5 caracteres');
    await user.type(field('CNPJ'), '1122233');
    await expectFieldMessage('CNPJ', 'CNPJ deve ter 14 dígitos');
    await user.type(field('CNPJ'), '3000182');
    expect(field('CNPJ')).toHaveValue('11.222.333/0001-82');
    await expectFieldMessage('CNPJ', 'CNPJ inválido');
    await user.type(field('E-mail'), 'contato@');
    await expectFieldMessage('E-mail', 'E-mail inválido');
    // A landline cannot receive the code.
    await user.type(field('Telefone'), '1123851939');
    await expectFieldMessage('Telefone', 'Telefone deve ter DDD + número');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('masks the phone and the CNPJ, letters included, in upper case', async () => {
    const user = userEvent.setup();
    render(<CompanyStep {...props()} onPrefill={vi.fn()} />);
    await user.type(field('Telefone'), '11987654321');
    expect(field('Telefone')).toHaveValue('(11) 98765-4321');
    await user.type(field('CNPJ'), '12abc34501de35');
    expect(field('CNPJ')).toHaveValue('12.ABC.345/01DE-35');
    await user.tab();
    await user.click(continuar());
    await expectFieldMessage('Razão social', m.razaoSocial);
    expect(field('CNPJ')).not.toHaveAccessibleDescription(expect.stringContaining('CNPJ'));
    expect(field('CNPJ')).not.toHaveAttribute('aria-invalid');
  });

  it('fills the company from the registry and hands the address and representative over', async () => {
    fetchMock.mockResolvedValue(json(lookupResult()));
    const onPrefill = vi.fn();
    const user = userEvent.setup();
    render(<CompanyStep {...props()} onPrefill={onPrefill} />);
    await user.type(field('CNPJ'), '11222333000181');
    await user.click(screen.getByRole('button', { name: 'Buscar dados' }));

    await waitFor(() => expect(field('Razão social')).toHaveValue('CLINICA BOA SAUDE LTDA'));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/lookup/cnpj/11222333000181');
    expect(init.method).toBe('GET');
    expect(field('Nome fantasia')).toHaveValue('BOA SAUDE');
    expect(field('E-mail')).toHaveValue('contato@boasaude.com.br');
    expect(field('Tipo de empresa')).toHaveValue('clinica');
    expect(field('Área de atuação')).toHaveValue('cardiologia');
    // The registry's landline is not worth filling in: it cannot receive the code.
    expect(field('Telefone')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onPrefill).toHaveBeenCalledTimes(1);
    expect(onPrefill).toHaveBeenCalledWith(prefill);
  });

  it('fills a mobile phone and warns about a registration that is not active', async () => {
    fetchMock.mockResolvedValue(
      json(lookupResult({ telefone: '(11) 98765-4321', situacao: 'BAIXADA', fantasia: '' })),
    );
    const user = userEvent.setup();
    render(<CompanyStep {...props()} onPrefill={vi.fn()} />);
    await user.type(field('CNPJ'), '11222333000181');
    await user.click(screen.getByRole('button', { name: 'Buscar dados' }));
    await waitFor(() => expect(field('Telefone')).toHaveValue('(11) 98765-4321'));
    // No trade name in the registry: the company name stands in.
    expect(field('Nome fantasia')).toHaveValue('CLINICA BOA SAUDE LTDA');
    expect(screen.getByRole('alert')).toHaveTextContent(
      lookupMessages.inactiveRegistration('BAIXADA'),
    );
  });

  it("says 'CNPJ incompleto' without asking the registry", async () => {
    const user = userEvent.setup();
    render(
      <>
        <CompanyStep {...props()} onPrefill={vi.fn()} />
        <Toaster />
      </>,
    );
    await user.type(field('CNPJ'), '1122233300');
    await user.click(screen.getByRole('button', { name: 'Buscar dados' }));
    expect(await screen.findByText('CNPJ incompleto')).toBeInTheDocument();
    expect(screen.getByText(lookupMessages.cnpjIncompleteHint)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves what was typed once both contacts are verified', async () => {
    fetchMock.mockResolvedValue(json(state));
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(
      <CompanyStep
        {...props({
          onSaved,
          session: {
            flow: 'PJ',
            verifiedEmail: 'contato@boasaude.com.br',
            verifiedPhone: '+5511987654321',
          },
        })}
        onPrefill={vi.fn()}
      />,
    );
    await fillCompany(user, 'Contato@BoaSaude.com.br');
    expect(screen.getAllByText('Verificado')).toHaveLength(2);
    expect(screen.queryByText('Verifique o e-mail e o telefone para continuar.')).toBeNull();
    await user.click(continuar());

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(state));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/applicant/PJ/application/steps/1');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({
      cnpj: '11.222.333/0001-81',
      razaoSocial: 'Clínica Boa Saúde Ltda',
      nomeFantasia: 'Boa Saúde',
      inscricaoEstadual: '',
      inscricaoMunicipal: '',
      tipoEmpresa: 'clinica',
      areaAtuacao: 'cardiologia',
      email: 'Contato@BoaSaude.com.br',
      telefone: '(11) 98765-4321',
    });
  });
});

describe('PJ address step', () => {
  it('starts with the address the registry found', () => {
    render(<AddressStep {...props({ prefill })} />);
    expect(field('CEP')).toHaveValue('01310-100');
    expect(field('Logradouro')).toHaveValue('Avenida Paulista');
    expect(field('Número')).toHaveValue('1000');
    expect(field('Complemento (opcional)')).toHaveValue('Andar 5');
    expect(field('Bairro')).toHaveValue('Bela Vista');
    expect(field('Cidade')).toHaveValue('São Paulo');
    expect(field('UF')).toHaveValue('SP');
  });

  it('prefers the saved address to the registry', () => {
    const values: PjSavedValues = {
      cep: '20040020',
      logradouro: 'Avenida Rio Branco',
      numero: '156',
      complemento: '',
      bairro: 'Centro',
      cidade: 'Rio de Janeiro',
      uf: 'RJ',
    };
    render(<AddressStep {...props({ prefill, values })} />);
    expect(field('CEP')).toHaveValue('20040-020');
    expect(field('Logradouro')).toHaveValue('Avenida Rio Branco');
    expect(field('Número')).toHaveValue('156');
    expect(field('Complemento (opcional)')).toHaveValue('');
    expect(field('Bairro')).toHaveValue('Centro');
    expect(field('Cidade')).toHaveValue('Rio de Janeiro');
    expect(field('UF')).toHaveValue('RJ');
  });
});

describe('PJ responsible step', () => {
  it("starts with the registry's representative", () => {
    render(<ResponsibleStep {...props({ prefill })} />);
    expect(field('Nome do responsável')).toHaveValue('Maria Souza Lima');
    expect(field('Cargo')).toHaveValue('socio');
    expect(field('Cargo')).toHaveDisplayValue('Sócio(a)');
  });

  it('refuses a CPF with wrong check digits', async () => {
    const user = userEvent.setup();
    render(<ResponsibleStep {...props()} />);
    await user.type(field('CPF do responsável'), '52998224724');
    expect(field('CPF do responsável')).toHaveValue('529.982.247-24');
    await user.click(continuar());
    await expectFieldMessage('CPF do responsável', 'CPF inválido');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says what is missing and saves nothing', async () => {
    const user = userEvent.setup();
    render(<ResponsibleStep {...props()} />);
    await user.click(continuar());
    await expectFieldMessage(
      'Nome do responsável',
      'Nome do responsável deve ter pelo menos 5 caracteres',
    );
    await expectFieldMessage('CPF do responsável', m.cpfLength);
    await expectFieldMessage('RG do responsável', 'RG é obrigatório');
    await expectFieldMessage('Cargo', 'Selecione o cargo do responsável');
    await expectFieldMessage('Documento do responsável (frente)', m.fileRequired);
    await expectFieldMessage('Documento do responsável (verso)', m.fileRequired);
    expect(screen.getAllByText(m.fileRequired)).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('PJ documents step', () => {
  it('keeps only the digits of the CNES, at most 7', async () => {
    const user = userEvent.setup();
    render(<DocumentsStep {...props()} />);
    await user.type(field('Número do CNES'), 'ab12345678');
    expect(field('Número do CNES')).toHaveValue('1234567');
  });

  it('requires the three company documents, not the CNES certificate', async () => {
    const user = userEvent.setup();
    render(<DocumentsStep {...props()} />);
    await user.click(continuar());
    await expectFieldMessage('Contrato social (PDF)', m.fileRequired);
    await expectFieldMessage('Cartão CNPJ', m.fileRequired);
    await expectFieldMessage('Alvará de funcionamento', m.fileRequired);
    expect(field('Certificado do CNES')).not.toHaveAccessibleDescription(
      expect.stringContaining(m.fileRequired),
    );
    expect(screen.getAllByText(m.fileRequired)).toHaveLength(3);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an image as the articles of association before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<DocumentsStep {...props()} />);
    await user.upload(
      field('Contrato social (PDF)'),
      new File(['jpeg'], 'contrato.jpg', { type: 'image/jpeg' }),
    );
    await expectFieldMessage('Contrato social (PDF)', m.filePdfOnly);
    expect(m.filePdfOnly).toBe('Formato não aceito. Envie um arquivo PDF');
    expect(uploads).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leaves the CNES certificate out of the save when there is none', async () => {
    fetchMock.mockResolvedValue(json({ ...state, currentStep: 5 }));
    const onSaved = vi.fn();
    const values: PjSavedValues = {
      contratoSocial: savedDocument('contrato.pdf'),
      cartaoCnpj: savedDocument('cartao.pdf'),
      alvaraFuncionamento: savedDocument('alvara.png', 'image/png'),
    };
    const user = userEvent.setup();
    render(<DocumentsStep {...props({ values, onSaved })} />);
    expect(screen.getByText('contrato.pdf')).toBeInTheDocument();
    await user.type(field('Número do CNES'), '1234567');
    await user.click(continuar());

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ ...state, currentStep: 5 }));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/applicant/PJ/application/steps/4');
    expect(init.method).toBe('PUT');
    const body = JSON.parse(init.body as string) as Record<string, unknown>;
    expect(body).not.toHaveProperty('cnesDocumento');
    expect(body).toEqual({
      contratoSocial: values.contratoSocial,
      cartaoCnpj: values.cartaoCnpj,
      alvaraFuncionamento: values.alvaraFuncionamento,
      cnes: '1234567',
    });
  });
});

describe('PJ finance step', () => {
  it('keeps only digits and hyphens in the branch and account', async () => {
    const user = userEvent.setup();
    render(<FinanceStep {...props()} />);
    await user.type(field('Agência'), '12a3-4');
    expect(field('Agência')).toHaveValue('123-4');
    await user.type(field('Conta'), '12a3-4');
    expect(field('Conta')).toHaveValue('123-4');
  });

  it('says what is missing and saves nothing', async () => {
    const user = userEvent.setup();
    render(<FinanceStep {...props()} />);
    await user.click(continuar());
    await expectFieldMessage('Banco', 'Selecione o banco');
    await expectFieldMessage('Agência', 'Agência é obrigatória');
    await expectFieldMessage('Conta', 'Conta é obrigatória');
    await expectFieldMessage('Tipo de conta', 'Selecione o tipo de conta');
    await expectFieldMessage('Faturamento mensal', 'Selecione o faturamento mensal');
    await expectFieldMessage('Número de funcionários', 'Selecione o número de funcionários');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('PJ review step', () => {
  // The consent checkboxes (Radix) measure themselves; jsdom has no ResizeObserver.
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });

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
