import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { publicConfigDefaults } from '@medipay/shared/company';
import { ManagersSection } from './managers-section';

describe('ManagersSection', () => {
  it('loads the contact dialog on first click and returns focus to the opener on close', async () => {
    const user = userEvent.setup();
    render(<ManagersSection />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const consultant = screen.getByRole('button', { name: 'Falar com Consultor' });
    await user.click(consultant);
    const dialog = await screen.findByRole('dialog', { name: 'Fale com a MediPay' });
    expect(screen.getByRole('link', { name: /Telefone/ })).toHaveAttribute(
      'href',
      `tel:${publicConfigDefaults.supportPhone.replace(/\D/g, '')}`,
    );
    expect(screen.getByRole('link', { name: /E-mail/ }).getAttribute('href')).toMatch(
      new RegExp(`^mailto:${publicConfigDefaults.supportEmail}`),
    );
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(consultant).toHaveFocus();

    const demo = screen.getByRole('button', { name: 'Solicitar Demonstração' });
    await user.click(demo);
    await screen.findByRole('dialog', { name: 'Fale com a MediPay' });
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(demo).toHaveFocus();
  });
});
