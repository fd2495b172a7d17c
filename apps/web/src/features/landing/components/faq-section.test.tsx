import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { publicConfigDefaults } from '@medipay/shared/company';
import { faqItems } from '../content';
import { FaqSection } from './faq-section';

describe('FaqSection', () => {
  it('lists six questions, all closed, and opens one at a time', async () => {
    const user = userEvent.setup();
    render(<FaqSection />);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Perguntas Frequentes' }),
    ).toBeInTheDocument();
    const triggers = screen.getAllByRole('button');
    expect(triggers).toHaveLength(6);
    triggers.forEach((trigger) => expect(trigger).toHaveAttribute('aria-expanded', 'false'));

    await user.click(triggers[0]!);
    expect(triggers[0]).toHaveAttribute('aria-expanded', 'true');
    await user.click(triggers[5]!);
    expect(triggers[0]).toHaveAttribute('aria-expanded', 'false');
    expect(triggers[5]).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: publicConfigDefaults.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${publicConfigDefaults.supportEmail}`,
    );
    await user.click(triggers[5]!);
    expect(triggers[5]).toHaveAttribute('aria-expanded', 'false');
    expect(faqItems).toHaveLength(6);
  });
});
