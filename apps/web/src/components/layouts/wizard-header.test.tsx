import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OnboardingPage } from './onboarding-page';

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
            <OnboardingPage title="Abra sua conta | MediPay" focused>
              <Step />
            </OnboardingPage>
          }
        />
        <Route path="/" element={<p>Página inicial</p>} />
      </Routes>
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

  it('leaves at once when nothing was typed', async () => {
    const user = userEvent.setup();
    renderWizard();
    await user.click(exit());
    expect(screen.getByText('Página inicial')).toBeInTheDocument();
  });

  it('asks before leaving a step with unsaved input: stay, or leave', async () => {
    const user = userEvent.setup();
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

    // The logo is a way out too.
    await user.click(screen.getByRole('link', { name: 'MediPay, página inicial' }));
    await user.click(screen.getByRole('button', { name: 'Sair sem salvar' }));
    expect(screen.getByText('Página inicial')).toBeInTheDocument();
  });

  it('does not ask once the step was saved (the wizard moved on)', async () => {
    const user = userEvent.setup();
    renderWizard();
    await user.type(screen.getByLabelText('Nome'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(exit());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Página inicial')).toBeInTheDocument();
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
