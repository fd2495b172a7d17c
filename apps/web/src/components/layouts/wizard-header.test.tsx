import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fetchMock, noContent, stubApi } from '../../testing/api-stub';
import { expectVisibleText } from '../../testing/visible-text';
import { Toaster } from '../ui/sonner';
import { readDraft, writeDraft } from '../wizard/step-draft';
import { OnboardingPage } from './onboarding-page';

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The server's answer to 'Sair'; the requests it saw. */
const endSession = (ok = true) =>
  stubApi({
    'DELETE /api/applicant/sessions/PF': () =>
      ok ? noContent() : apiError(503, 'Serviço indisponível.', 'SERVICE_UNAVAILABLE'),
  });

/** A wizard step: one field, and 'Continuar' that moves to the next step as a save does. */
function Step() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Cadastro</h1>
      <label>
        Nome
        <input />
      </label>
      <button type="button" onClick={() => void navigate('/onboarding?etapa=endereco')}>
        Continuar
      </button>
    </>
  );
}

function renderWizard() {
  render(
    <MemoryRouter initialEntries={['/onboarding?etapa=identificacao']}>
      <Routes>
        <Route
          path="/onboarding"
          element={
            <OnboardingPage title="Abra sua conta | MediPay" focused="PF">
              <Step />
            </OnboardingPage>
          }
        />
        <Route path="/" element={<p>Página inicial</p>} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
}

const banner = () => screen.getByRole('banner');
const exit = () => screen.getByRole('link', { name: 'Sair do cadastro' });

describe('the wizards’ focused header', { timeout: 15_000 }, () => {
  it('has the logo linking home and a way out, not the site menu', () => {
    renderWizard();
    expect(screen.getByRole('link', { name: 'MediPay, página inicial' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(exit()).toHaveAttribute('href', '/');
    for (const text of ['Admin', 'Fazer Login', 'Abrir Conta', 'Abrir menu']) {
      expect(banner()).not.toHaveTextContent(text);
    }
    expect(screen.queryByRole('navigation', { name: 'Seções' })).not.toBeInTheDocument();
  });

  it('leaves at once when nothing was typed: the session ends on the server, the drafts go', async () => {
    const user = userEvent.setup();
    const api = endSession();
    writeDraft('PF', 2, { numero: '' }, { numero: '100' });
    writeDraft('PJ', 2, { numero: '' }, { numero: '200' });
    renderWizard();
    await user.click(exit());
    expect(await screen.findByText('Página inicial')).toBeInTheDocument();
    expect(api.requests.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'DELETE /api/applicant/sessions/PF',
    ]);
    expect(readDraft('PF', 2)).toEqual({});
    // The other flow's application is not this one.
    expect(readDraft('PJ', 2)).toEqual({ numero: { value: '200', base: '' } });
  });

  it('stays, and says so, when the server cannot end the session', async () => {
    const user = userEvent.setup();
    endSession(false);
    writeDraft('PF', 2, { numero: '' }, { numero: '100' });
    renderWizard();
    await user.click(exit());
    await expectVisibleText('Não foi possível sair do cadastro. Tente novamente.');
    expect(screen.queryByText('Página inicial')).not.toBeInTheDocument();
    expect(readDraft('PF', 2)).toEqual({ numero: { value: '100', base: '' } });
  });

  it('asks before leaving a step with unsaved input: stay, or leave', async () => {
    const user = userEvent.setup();
    const api = endSession();
    renderWizard();
    await user.type(screen.getByLabelText('Nome'), 'Ana');
    await user.click(exit());
    const dialog = screen.getByRole('dialog', { name: 'Sair do cadastro?' });
    expect(dialog).toHaveAccessibleDescription(
      'O que você preencheu nesta etapa ainda não foi salvo. Para salvar, clique em Continuar antes de sair.',
    );
    await user.click(screen.getByRole('button', { name: 'Ficar no cadastro' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana');

    await user.click(exit());
    await user.click(screen.getByRole('button', { name: 'Sair sem salvar' }));
    expect(await screen.findByText('Página inicial')).toBeInTheDocument();
    expect(api.requests).toHaveLength(1);
  });

  it('goes home by the logo, asking first, with the application still open here', async () => {
    const user = userEvent.setup();
    const api = endSession();
    renderWizard();
    await user.type(screen.getByLabelText('Nome'), 'Ana');
    await user.click(screen.getByRole('link', { name: 'MediPay, página inicial' }));
    await user.click(screen.getByRole('button', { name: 'Sair sem salvar' }));
    expect(screen.getByText('Página inicial')).toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it('does not ask once the step was saved (the wizard moved on)', async () => {
    const user = userEvent.setup();
    endSession();
    renderWizard();
    await user.type(screen.getByLabelText('Nome'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(exit());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Página inicial')).toBeInTheDocument();
  });
});

describe('the other onboarding pages', () => {
  it('keep the site header', () => {
    render(
      <MemoryRouter>
        <OnboardingPage title="Cadastro enviado | MediPay">
          <h1>Enviado</h1>
        </OnboardingPage>
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Abrir menu' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sair do cadastro' })).not.toBeInTheDocument();
  });
});
