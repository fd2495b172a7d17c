import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PfApplicationState } from '@medipay/shared/pf-application';
import { emptyStepProps, expectFieldMessage } from '../../../../testing/wizard-steps';
import type { StepProps } from '../step-props';
import { DocumentsStep } from './documents-step';
import { PepStep } from './pep-step';

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const state: PfApplicationState = {
  currentStep: 6,
  status: 'INICIADO',
  protocolo: null,
  values: {},
};

function props(overrides: Partial<StepProps> = {}): StepProps {
  return { ...emptyStepProps('PF'), ...overrides };
}

describe('PF steps', () => {
  it('documents: the professional registration and both sides of the identity are required', async () => {
    const user = userEvent.setup();
    render(<DocumentsStep {...props()} />);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await expectFieldMessage('Tipo de documento', 'Selecione o tipo de documento');
    await expectFieldMessage('Número do registro', 'Número do documento é obrigatório');
    await expectFieldMessage('UF do registro', 'UF é obrigatória');
    expect(screen.getAllByText('Arquivo é obrigatório')).toHaveLength(2);
    // When the reading fails the applicant types them: the reviewer compares them.
    await expectFieldMessage('Nome no documento', 'Nome no documento é obrigatório');
    await expectFieldMessage('Número do documento', 'Número do documento é obrigatório');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('documents: the validity is masked as a date dd/mm/aaaa and checked', async () => {
    const user = userEvent.setup();
    render(<DocumentsStep {...props()} />);
    const validade = screen.getByLabelText('Validade');
    await user.type(validade, '14082031');
    expect(validade).toHaveValue('14/08/2031');
    await user.clear(validade);
    await user.type(validade, '1a4-0/8x2031999');
    expect(validade).toHaveValue('14/08/2031');

    await user.clear(validade);
    await user.type(validade, '31022031');
    expect(validade).toHaveValue('31/02/2031');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await expectFieldMessage('Validade', 'Validade inválida. Use o formato DD/MM/AAAA');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("documents: asks before saving a document of another person's name, and says so to the server", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(state), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const document = (id: string) => ({
      id,
      name: `${id}.jpg`,
      size: 1000,
      type: 'image/jpeg',
      url: `/api/documents/${id}`,
      thumbnailUrl: null,
    });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(
      <DocumentsStep
        {...props({
          onSaved,
          values: {
            nomeCompleto: 'Ana Paula Ribeiro Costa',
            cpf: '52998224725',
            docProfissionalTipo: 'CRM',
            docProfissionalNumero: '123456',
            docProfissionalUf: 'SP',
            docIdentidadeFrente: document('frente'),
            docIdentidadeVerso: document('verso'),
            docIdentidadeNome: 'JULIANA FERREIRA LIMA',
            docIdentidadeNumero: '12.345.678-9',
          },
        })}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    const dialog = await screen.findByRole('dialog', { name: 'O documento é seu?' });
    expect(dialog).toHaveTextContent(
      'O nome no documento (JULIANA FERREIRA LIMA) é diferente do nome informado na etapa 1 (Ana Paula Ribeiro Costa).',
    );
    expect(fetchMock).not.toHaveBeenCalled();

    // 'Corrigir' goes back to the name, nothing saved.
    await user.click(screen.getByRole('button', { name: 'Corrigir' }));
    await waitFor(() => expect(screen.getByLabelText('Nome no documento')).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar e continuar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(state));
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({
      docIdentidadeNome: 'JULIANA FERREIRA LIMA',
      docIdentidadeDivergenciaConfirmada: true,
    });
  });

  it('PEP: a PEP names the office, a relative also the person; NAO saves without them', async () => {
    const onSaved = vi.fn();
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(state), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const user = userEvent.setup();
    render(<PepStep {...props({ onSaved })} />);
    expect(screen.getByText(/nos últimos 5 anos/)).toBeInTheDocument();

    await user.click(screen.getByLabelText('Sou familiar ou colaborador próximo de uma PEP'));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    for (const label of [
      'Nome da pessoa politicamente exposta',
      'CPF da pessoa politicamente exposta',
      'Cargo ou função',
      'Órgão ou entidade',
    ]) {
      await expectFieldMessage(label, 'Preencha todos os campos obrigatórios para PEP');
    }
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText('Não sou pessoa politicamente exposta'));
    expect(screen.queryByLabelText('Cargo ou função')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(state));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/applicant/PF/application/steps/5');
    expect(JSON.parse(init.body as string)).toMatchObject({ pepTipo: 'NAO' });
  });

  it("keeps what was typed and says 'Erro ao salvar' when the save fails", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: 'INTERNAL_ERROR', message: 'Falhou.' }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const onSaved = vi.fn();
    const user = userEvent.setup();
    const { Toaster } = await import('../../../../components/ui/sonner');
    render(
      <>
        <PepStep {...props({ onSaved })} />
        <Toaster />
      </>,
    );
    await user.click(screen.getByLabelText('Sou pessoa politicamente exposta (PEP)'));
    await user.type(screen.getByLabelText('Cargo ou função'), 'Vereador');
    await user.type(screen.getByLabelText('Órgão ou entidade'), 'Câmara Municipal');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Erro ao salvar')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Cargo ou função')).toHaveValue('Vereador');
    expect(screen.getByLabelText('Órgão ou entidade')).toHaveValue('Câmara Municipal');
  });
});
