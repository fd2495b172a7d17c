import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lookupMessages, type CnpjLookupResult } from '@medipay/shared/lookup';
import { validationMessages as m } from '@medipay/shared/messages';
import { pjApplicationMessages } from '@medipay/shared/pj-application';
import { Toaster } from '../../../../components/ui/sonner';
import { json } from '../../../../testing/api-stub';
import { expectFieldMessage } from '../../../../testing/wizard-steps';
import { CompanyStep } from './company-step';
import { continuar, field, prefill, props, state } from './step-test-fixtures';

const fetchMock = vi.fn();

beforeEach(() => {
  toast.dismiss();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function renderStep() {
  render(
    <>
      <CompanyStep
        values={{}}
        session={{ flow: 'PJ', verifiedEmail: null, verifiedPhone: null }}
        prefill={null}
        onSession={vi.fn()}
        onSaved={vi.fn()}
        onPrefill={vi.fn()}
      />
      <Toaster />
    </>,
  );
}

const cnpjField = () => screen.getByLabelText('CNPJ');
const lookup = () => screen.getByRole('button', { name: 'Buscar dados' });

// Typing fourteen characters one key at a time is slow on a busy machine.
describe(
  'CompanyStep: the CNPJ lookup with a CNPJ the registry cannot have',
  { timeout: 20_000 },
  () => {
    it("a full CNPJ with wrong check digits gets one message, the field's 'CNPJ inválido'", async () => {
      const user = userEvent.setup();
      renderStep();
      await user.type(cnpjField(), '11222333000182');
      await user.click(lookup());

      await waitFor(() =>
        expect(cnpjField()).toHaveAccessibleDescription(expect.stringContaining(m.cnpjInvalid)),
      );
      expect(cnpjField()).toHaveAttribute('aria-invalid', 'true');
      expect(cnpjField()).toHaveFocus();
      expect(screen.getAllByText(m.cnpjInvalid)).toHaveLength(1);
      // No toast beside it, least of all one that calls a full CNPJ incomplete.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByText(lookupMessages.cnpjIncomplete)).not.toBeInTheDocument();
      expect(document.querySelector('[data-sonner-toast]')).toBeNull();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('an alphanumeric CNPJ with wrong check digits is refused the same way', async () => {
      const user = userEvent.setup();
      renderStep();
      await user.type(cnpjField(), '12abc34501de36');
      expect(cnpjField()).toHaveValue('12.ABC.345/01DE-36');
      await user.click(lookup());
      await waitFor(() => expect(screen.getAllByText(m.cnpjInvalid)).toHaveLength(1));
      expect(document.querySelector('[data-sonner-toast]')).toBeNull();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('a valid alphanumeric CNPJ is looked up', async () => {
      fetchMock.mockResolvedValue(new Response(null, { status: 404 }));
      const user = userEvent.setup();
      renderStep();
      await user.type(cnpjField(), '12abc34501de35');
      await user.click(lookup());
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(fetchMock.mock.calls[0]![0]).toBe('/api/lookup/cnpj/12ABC34501DE35');
      expect(screen.queryByText(m.cnpjInvalid)).not.toBeInTheDocument();
    });
  },
);

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
    qsa: [{ nome: 'Maria Souza Lima', qual: '22-Sócio' }],
    situacao: 'ATIVA',
    sugestoes: {
      tipoEmpresa: 'clinica',
      areaAtuacao: 'cardiologia',
      responsavel: { nome: 'Maria Souza Lima', qual: '22-Sócio', cargo: 'socio' },
    },
    ...overrides,
  };
}

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

  it('after a CNPJ the registry does not know: says what to do beside it, clears the old company, focuses it', async () => {
    fetchMock
      .mockResolvedValueOnce(json(lookupResult({ situacao: 'BAIXADA' })))
      .mockResolvedValueOnce(json({ code: 'NOT_FOUND', message: 'CNPJ não encontrado' }, 404));
    const user = userEvent.setup();
    render(
      <>
        <CompanyStep {...props()} onPrefill={vi.fn()} />
        <Toaster />
      </>,
    );
    await user.type(field('CNPJ'), '11222333000181');
    await user.click(screen.getByRole('button', { name: 'Buscar dados' }));
    await waitFor(() => expect(field('Razão social')).toHaveValue('CLINICA BOA SAUDE LTDA'));
    // Typed over what the registry filled: that stays.
    await user.clear(field('Nome fantasia'));
    await user.type(field('Nome fantasia'), 'Clínica Boa');
    await user.clear(field('CNPJ'));
    await user.type(field('CNPJ'), '11444777000161');
    await user.click(screen.getByRole('button', { name: 'Buscar dados' }));

    expect(await screen.findByText('CNPJ não encontrado')).toBeInTheDocument();
    expect(field('CNPJ')).toHaveAccessibleDescription(lookupMessages.cnpjNotFoundNext);
    expect(field('Razão social')).toHaveValue('');
    expect(field('E-mail')).toHaveValue('');
    expect(field('Tipo de empresa')).toHaveValue('');
    expect(field('Nome fantasia')).toHaveValue('Clínica Boa');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field('Razão social')).toHaveFocus();
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
