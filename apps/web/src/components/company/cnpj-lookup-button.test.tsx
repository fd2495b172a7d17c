import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lookupMessages } from '@medipay/shared/lookup';
import { validationMessages as m } from '@medipay/shared/messages';
import { Toaster } from '../ui/sonner';
import { CnpjLookupButton } from './cnpj-lookup-button';

const fetchMock = vi.fn();

beforeEach(() => {
  toast.dismiss();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderButton(cnpj: string, onInvalid?: () => void) {
  const onFound = vi.fn();
  render(
    <>
      <CnpjLookupButton cnpj={cnpj} onFound={onFound} onInvalid={onInvalid} />
      <Toaster />
    </>,
  );
  return onFound;
}

describe('CnpjLookupButton', () => {
  it('hands a full CNPJ with wrong check digits to the form, without a toast', async () => {
    const onInvalid = vi.fn();
    const user = userEvent.setup();
    renderButton('11.222.333/0001-82', onInvalid);
    await user.click(screen.getByRole('button', { name: 'Buscar dados' }));
    expect(onInvalid).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'CNPJ inválido' itself where no form shows it", async () => {
    const user = userEvent.setup();
    renderButton('11.222.333/0001-82');
    await user.click(screen.getByRole('button', { name: 'Buscar dados' }));
    expect(await screen.findByText(m.cnpjInvalid)).toBeInTheDocument();
    expect(screen.queryByText(lookupMessages.cnpjIncomplete)).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("keeps 'CNPJ incompleto' for a CNPJ that is not whole", async () => {
    const onInvalid = vi.fn();
    const user = userEvent.setup();
    renderButton('11.222.333/0001', onInvalid);
    await user.click(screen.getByRole('button', { name: 'Buscar dados' }));
    expect(await screen.findByText(lookupMessages.cnpjIncomplete)).toBeInTheDocument();
    expect(onInvalid).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'CNPJ não encontrado' when the registry does not know it", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'CNPJ não encontrado' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const user = userEvent.setup();
    renderButton('11.222.333/0001-81');
    await user.click(screen.getByRole('button', { name: 'Buscar dados' }));
    expect(await screen.findByText(lookupMessages.cnpjNotFound)).toBeInTheDocument();
    expect(screen.queryByText('Erro na consulta')).not.toBeInTheDocument();
  });

  it.each([
    [
      'the registry fails',
      () =>
        Promise.resolve(
          new Response(
            JSON.stringify({ code: 'BAD_GATEWAY', message: lookupMessages.cnpjProviderError }),
            { status: 502, headers: { 'content-type': 'application/json' } },
          ),
        ),
    ],
    ['the server cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])("says 'Erro na consulta' when %s", async (_case, answer) => {
    fetchMock.mockImplementation(answer);
    const onFound = renderButton('11.222.333/0001-81');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Buscar dados' }));
    expect(await screen.findByText('Erro na consulta')).toBeInTheDocument();
    expect(screen.getByText('Erro ao consultar CNPJ')).toBeInTheDocument();
    expect(onFound).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Buscar dados' })).toBeEnabled();
  });
});
