import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadedDocument } from '@medipay/shared/documents';
import { validationMessages as m } from '@medipay/shared/messages';
import type { PjSavedValues } from '@medipay/shared/pj-application';
import { json } from '../../../../testing/api-stub';
import { expectFieldMessage } from '../../../../testing/wizard-steps';
import { AddressStep } from './address-step';
import { DocumentsStep } from './documents-step';
import { FinanceStep } from './finance-step';
import type { RegistryPrefill } from '../registry-prefill';
import { ResponsibleStep } from './responsible-step';
import { continuar, field, prefill, props, state } from './step-test-fixtures';

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
  fetchMock.mockReset();
  uploads.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', RecordingXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

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

  describe('with the partners of the registry', () => {
    const partners = {
      ...prefill,
      partners: [
        ...prefill.partners,
        { nome: 'João Pereira Alves', qualificacao: 'Administrador', cargo: 'administrador' },
      ],
    } satisfies RegistryPrefill;
    const choice = () => field('Sócio ou administrador da empresa');

    it('offers every partner and another person, the suggested one chosen', () => {
      render(<ResponsibleStep {...props({ prefill: partners })} />);
      expect(choice()).toHaveDisplayValue('Maria Souza Lima (Sócio)');
      expect(choice()).toHaveAccessibleDescription(expect.stringContaining('Receita Federal'));
      expect(
        within(choice())
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Outra pessoa', 'Maria Souza Lima (Sócio)', 'João Pereira Alves (Administrador)']);
    });

    it('fills the chosen partner, empties it for another person, keeps what was typed', async () => {
      const user = userEvent.setup();
      render(<ResponsibleStep {...props({ prefill: partners })} />);
      await user.selectOptions(choice(), 'João Pereira Alves (Administrador)');
      expect(field('Nome do responsável')).toHaveValue('João Pereira Alves');
      expect(field('Cargo')).toHaveValue('administrador');

      await user.selectOptions(choice(), 'Outra pessoa');
      expect(field('Nome do responsável')).toHaveValue('');
      expect(field('Cargo')).toHaveValue('');

      // Typed: the choice follows the name, and a name typed is left alone by 'Outra pessoa'.
      await user.type(field('Nome do responsável'), 'maria souza lima');
      expect(choice()).toHaveDisplayValue('Maria Souza Lima (Sócio)');
      await user.type(field('Nome do responsável'), ' Neta');
      expect(choice()).toHaveDisplayValue('Outra pessoa');
      await user.selectOptions(choice(), 'Outra pessoa');
      expect(field('Nome do responsável')).toHaveValue('maria souza lima Neta');
    });

    it('keeps the saved representative, showing which partner it is', () => {
      render(
        <ResponsibleStep
          {...props({
            prefill: partners,
            values: { responsavelNome: 'JOÃO PEREIRA ALVES', responsavelCargo: 'diretor' },
          })}
        />,
      );
      expect(field('Nome do responsável')).toHaveValue('JOÃO PEREIRA ALVES');
      expect(field('Cargo')).toHaveValue('diretor');
      expect(choice()).toHaveDisplayValue('João Pereira Alves (Administrador)');
    });

    it('is not offered without partners', () => {
      render(<ResponsibleStep {...props({ prefill: { ...prefill, partners: [] } })} />);
      expect(screen.queryByLabelText('Sócio ou administrador da empresa')).not.toBeInTheDocument();
    });
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
