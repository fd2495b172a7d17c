import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchMock, json, stubApi } from '../../testing/api-stub';
import type { WizardFrame } from './wizard-frame';
import type { WizardApplication, WizardFlow } from './wizard-flow';
import { WizardShell } from './wizard-shell';
import { expectVisibleText } from '../../testing/visible-text';

beforeEach(() => {
  sessionStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const steps = [
  { id: 1, key: 'um', title: 'Primeira', description: 'A primeira etapa' },
  { id: 2, key: 'dois', title: 'Segunda', description: 'A segunda etapa' },
  { id: 3, key: 'tres', title: 'Revisão', description: 'Confira e envie' },
];

const fresh: WizardApplication = { currentStep: 1, status: null, protocolo: null, values: {} };

function wizardOf(read: () => Promise<WizardApplication>): WizardFlow<WizardApplication, number> {
  return {
    flow: 'PF',
    steps,
    read,
    save: vi.fn(),
    submit: vi.fn(),
    entryPath: '/cadastro',
    successPath: '/cadastro/sucesso',
    subtitles: { 1: 'Comece por aqui' },
  };
}

function Intro({ children }: { children: ReactNode }) {
  return (
    <section aria-label="Introdução">
      <h1>Abra sua conta</h1>
      {children}
    </section>
  );
}

const frame = (intro: boolean): WizardFrame => ({
  title: 'Cadastro',
  Heading: () => <h1>Cadastro</h1>,
  stepperOnCard: !intro,
  ...(intro && { Intro }),
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderShell({
  intro,
  read,
  at = '/cadastro',
}: {
  intro: boolean;
  read: () => Promise<WizardApplication>;
  at?: string;
}) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route
          path="/cadastro"
          element={
            <WizardShell
              wizard={wizardOf(read)}
              frame={frame(intro)}
              renderStep={({ current, props }) => (
                <button
                  type="button"
                  onClick={() => props.onSaved({ ...fresh, status: 'INICIADO', currentStep: 3 })}
                >
                  {`Salvar etapa ${current}`}
                </button>
              )}
            />
          }
        />
        <Route path="/cadastro/sucesso" element={<p>Enviado</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return { user };
}

function withSession(ok = true) {
  return stubApi({
    'POST /api/applicant/sessions': () =>
      ok
        ? json({ flow: 'PF', verifiedEmail: null, verifiedPhone: null })
        : json({ code: 'INTERNAL_ERROR', message: 'Falhou.' }, 500),
  });
}

describe('Wizard shell', () => {
  it("opens on the flow's intro, 'Carregando...' until the session exists, then 'Começar'", async () => {
    withSession();
    const { user } = renderShell({ intro: true, read: () => Promise.resolve(fresh) });
    const intro = screen.getByRole('region', { name: 'Introdução' });
    expect(within(intro).getByRole('button', { name: 'Carregando...' })).toBeDisabled();
    await user.click(await within(intro).findByRole('button', { name: 'Começar' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/cadastro?etapa=um');
    expect(screen.getByRole('heading', { level: 2, name: 'Primeira' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Primeira' })).toHaveFocus();
    // The subtitle the flow gives step 1, instead of the step list's description.
    expect(screen.getByText('Comece por aqui')).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Etapas do cadastro' })).toBeVisible();
  });

  it('opens on step 1 without an intro, after its frame in grey', async () => {
    withSession();
    renderShell({ intro: false, read: () => Promise.resolve(fresh) });
    expect(screen.getByRole('heading', { level: 1, name: 'Cadastro' })).toBeVisible();
    expect(screen.getByText('Carregando...')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Carregando...' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Salvar etapa 1' })).toBeVisible();
    expect(screen.getByText('Comece por aqui')).toBeVisible();
  });

  it('shows the frame in grey, not the intro, while resuming a step named in the URL', async () => {
    withSession();
    renderShell({
      intro: true,
      at: '/cadastro?etapa=dois',
      read: () => Promise.resolve({ ...fresh, status: 'INICIADO', currentStep: 2 }),
    });
    expect(screen.queryByRole('region', { name: 'Introdução' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Cadastro' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Salvar etapa 2' })).toBeVisible();
    expect(screen.getByText('A segunda etapa')).toBeVisible();
  });

  it('keeps a step past the first unsaved one closed', async () => {
    withSession();
    renderShell({ intro: false, at: '/cadastro?etapa=tres', read: () => Promise.resolve(fresh) });
    expect(await screen.findByRole('button', { name: 'Salvar etapa 1' })).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent('/cadastro?etapa=um');
  });

  it.each([true, false])(
    "offers 'Tentar novamente' when the session cannot start (intro: %s)",
    async (intro) => {
      withSession(false);
      const read = vi.fn(() => Promise.resolve(fresh));
      const { user } = renderShell({ intro, read });
      const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
      expect(read).not.toHaveBeenCalled();
      withSession();
      await user.click(retry);
      expect(
        await screen.findByRole('button', { name: intro ? 'Começar' : 'Salvar etapa 1' }),
      ).toBeVisible();
    },
  );

  it('opens the next step once a step is saved', async () => {
    withSession();
    const { user } = renderShell({
      intro: false,
      read: () => Promise.resolve({ ...fresh, status: 'INICIADO', currentStep: 2 }),
      at: '/cadastro?etapa=um',
    });
    await user.click(await screen.findByRole('button', { name: 'Salvar etapa 1' }));
    expect(await screen.findByRole('button', { name: 'Salvar etapa 2' })).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent('/cadastro?etapa=dois');
    // The new step is read from its top: its heading takes the focus (and the scroll).
    expect(screen.getByRole('heading', { level: 2, name: 'Segunda' })).toHaveFocus();
  });

  it('leaves the focus alone on a page opened at a step', async () => {
    withSession();
    renderShell({
      intro: false,
      read: () => Promise.resolve({ ...fresh, status: 'INICIADO', currentStep: 2 }),
      at: '/cadastro?etapa=dois',
    });
    expect(await screen.findByRole('button', { name: 'Salvar etapa 2' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Segunda' })).not.toHaveFocus();
    expect(document.body).toHaveFocus();
  });

  it('goes to the success page when the application was already submitted', async () => {
    withSession();
    renderShell({
      intro: true,
      read: () => Promise.resolve({ ...fresh, status: 'EM_ANALISE', currentStep: 6 }),
    });
    await expectVisibleText('Enviado');
    expect(screen.getByTestId('where')).toHaveTextContent('/cadastro/sucesso');
  });

  it('goes to the success page without reading the application when the session says it was sent', async () => {
    const sent = { flow: 'PF', verifiedEmail: null, verifiedPhone: null, submitted: true };
    stubApi({
      'GET /api/applicant/sessions/PF': () => json(sent),
      'POST /api/applicant/sessions': () => json(sent),
    });
    sessionStorage.setItem('medipay:rascunho:PF:1', JSON.stringify({}));
    const read = vi.fn(() => Promise.resolve(fresh));
    renderShell({ intro: true, read });
    await expectVisibleText('Enviado');
    expect(screen.getByTestId('where')).toHaveTextContent('/cadastro/sucesso');
    expect(read).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('medipay:rascunho:PF:1')).toBeNull();
  });
});
