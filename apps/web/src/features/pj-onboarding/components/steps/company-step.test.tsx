import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lookupMessages } from '@medipay/shared/lookup';
import { validationMessages as m } from '@medipay/shared/messages';
import { Toaster } from '../../../../components/ui/sonner';
import { CompanyStep } from './company-step';

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
