import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addressSchema } from '@medipay/shared/address';
import { Toaster } from '../ui/sonner';
import { AddressFields, emptyAddress, type AddressFormValues } from './address-fields';

const answers = new Map<string, { status: number; body: unknown }>([
  [
    '/api/lookup/cep/01001000',
    {
      status: 200,
      body: { logradouro: 'Praça da Sé', bairro: 'Sé', localidade: 'São Paulo', uf: 'sp' },
    },
  ],
  [
    '/api/lookup/cep/99999999',
    { status: 404, body: { code: 'NOT_FOUND', message: 'CEP não encontrado' } },
  ],
  [
    '/api/lookup/cep/50000000',
    { status: 502, body: { code: 'BAD_GATEWAY', message: 'Erro ao consultar CEP' } },
  ],
]);

const requested: string[] = [];
vi.stubGlobal('fetch', async (input: string) => {
  requested.push(input);
  if (input === '/api/lookup/cep/40000000') throw new TypeError('Failed to fetch');
  const answer = answers.get(input) ?? { status: 500, body: {} };
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'content-type': 'application/json' },
  });
});

beforeEach(() => {
  // Toasts of an earlier test would show in this one's Toaster.
  toast.dismiss();
});
afterEach(() => {
  requested.length = 0;
});

function AddressForm({
  onSubmit,
  start = emptyAddress,
}: {
  onSubmit: (values: unknown) => void;
  start?: AddressFormValues;
}) {
  const form = useForm<AddressFormValues>({
    resolver: zodResolver(addressSchema) as never,
    defaultValues: start,
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)}>
        <AddressFields />
        <button type="submit">Continuar</button>
      </form>
      <Toaster />
    </FormProvider>
  );
}

const field = (name: string) => screen.getByLabelText(name);

describe('AddressFields', () => {
  it('masks the CEP, looks it up when complete and fills the address but not number and complement', async () => {
    const user = userEvent.setup();
    render(<AddressForm onSubmit={() => {}} />);
    await user.type(field('Número'), '42');
    await user.type(field('Complemento (opcional)'), 'Sala 3');
    await user.type(field('CEP'), '0100100');
    expect(field('CEP')).toHaveValue('01001-00');
    expect(requested).toEqual([]);
    await user.type(field('CEP'), '0');
    expect(field('CEP')).toHaveValue('01001-000');
    await waitFor(() => expect(field('Logradouro')).toHaveValue('Praça da Sé'));
    expect(field('Bairro')).toHaveValue('Sé');
    expect(field('Cidade')).toHaveValue('São Paulo');
    expect(field('UF')).toHaveValue('SP');
    expect(field('Número')).toHaveValue('42');
    expect(field('Complemento (opcional)')).toHaveValue('Sala 3');
    expect(requested).toEqual(['/api/lookup/cep/01001000']);
  });

  it('says when a CEP does not exist', async () => {
    const user = userEvent.setup();
    render(<AddressForm onSubmit={() => {}} />);
    await user.type(field('CEP'), '99999999');
    expect(await screen.findByText('CEP não encontrado')).toBeInTheDocument();
    expect(screen.getByText('Verifique o CEP informado e tente novamente.')).toBeInTheDocument();
  });

  it('after a CEP not found: says what to do beside it, clears what the old CEP filled, focuses the street', async () => {
    const user = userEvent.setup();
    render(<AddressForm onSubmit={() => {}} />);
    await user.type(field('CEP'), '01001000');
    await waitFor(() => expect(field('Logradouro')).toHaveValue('Praça da Sé'));
    // The applicant corrects the district by hand: that stays.
    await user.clear(field('Bairro'));
    await user.type(field('Bairro'), 'Centro');
    await user.clear(field('CEP'));
    await user.type(field('CEP'), '99999999');

    expect(await screen.findByText('CEP não encontrado')).toBeInTheDocument();
    expect(field('CEP')).toHaveAccessibleDescription(
      'CEP não encontrado. Confira o CEP ou preencha o endereço abaixo.',
    );
    expect(field('Logradouro')).toHaveValue('');
    expect(field('Cidade')).toHaveValue('');
    expect(field('UF')).toHaveValue('');
    expect(field('Bairro')).toHaveValue('Centro');
    expect(field('Logradouro')).toHaveFocus();
  });

  it('clears the saved address of the old CEP when a new one cannot be looked up', async () => {
    const user = userEvent.setup();
    const saved = {
      ...emptyAddress,
      cep: '01001-000',
      logradouro: 'Praça da Sé',
      numero: '100',
      bairro: 'Sé',
      cidade: 'São Paulo',
      uf: 'SP',
    };
    render(<AddressForm onSubmit={() => {}} start={saved} />);
    await user.clear(field('CEP'));
    await user.type(field('CEP'), '50000000');
    expect(await screen.findByText('Erro na consulta')).toBeInTheDocument();
    expect(field('CEP')).toHaveAccessibleDescription(
      'Não foi possível buscar o endereço agora. Preencha o endereço abaixo.',
    );
    for (const name of ['Logradouro', 'Bairro', 'Cidade', 'UF']) {
      expect(field(name)).toHaveValue('');
    }
    expect(field('Número')).toHaveValue('100');
    expect(field('Logradouro')).toHaveFocus();
  });

  it("says 'Erro na consulta' when the lookup fails for another reason than not found", async () => {
    const user = userEvent.setup();
    render(<AddressForm onSubmit={() => {}} />);
    await user.type(field('CEP'), '50000000');
    expect(await screen.findByText('Erro na consulta')).toBeInTheDocument();
    expect(screen.getByText('Erro ao buscar CEP')).toBeInTheDocument();
    expect(screen.queryByText('CEP não encontrado')).not.toBeInTheDocument();
  });

  it("says 'Erro na consulta' when the server cannot be reached", async () => {
    const user = userEvent.setup();
    render(<AddressForm onSubmit={() => {}} />);
    await user.type(field('CEP'), '40000000');
    expect(await screen.findByText('Erro na consulta')).toBeInTheDocument();
    expect(screen.getByText('Erro ao buscar CEP')).toBeInTheDocument();
  });

  it('says when the CEP is left incomplete', async () => {
    const user = userEvent.setup();
    render(<AddressForm onSubmit={() => {}} />);
    await user.type(field('CEP'), '0100');
    await user.tab();
    expect(await screen.findByText('CEP incompleto')).toBeInTheDocument();
  });

  it('forces the state to two capital letters', async () => {
    const user = userEvent.setup();
    render(<AddressForm onSubmit={() => {}} />);
    await user.type(field('UF'), 'r1jx');
    expect(field('UF')).toHaveValue('RJ');
  });

  it('shows each rule message on its field and submits valid values', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AddressForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('CEP deve ter 8 dígitos')).toBeInTheDocument();
    expect(screen.getByText('Logradouro é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Número é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Bairro é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Cidade é obrigatória')).toBeInTheDocument();
    expect(screen.getByText('UF é obrigatória')).toBeInTheDocument();
    expect(field('CEP')).toHaveAttribute('aria-invalid', 'true');
    expect(field('CEP')).toHaveAccessibleDescription(/CEP deve ter 8 dígitos/);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(field('CEP'), '01001000');
    await waitFor(() => expect(field('Logradouro')).toHaveValue('Praça da Sé'));
    await user.type(field('Número'), '100');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      cep: '01001000',
      logradouro: 'Praça da Sé',
      numero: '100',
      complemento: undefined,
      bairro: 'Sé',
      cidade: 'São Paulo',
      uf: 'SP',
    });
  });
});
