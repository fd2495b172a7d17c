import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from './accordion';

function Faq() {
  return (
    <Accordion>
      {['Primeira', 'Segunda', 'Terceira'].map((question) => (
        <AccordionItem key={question} value={question}>
          <AccordionTrigger>{question}</AccordionTrigger>
          <AccordionContent>Resposta da {question.toLowerCase()}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}

const trigger = (name: string) => screen.getByRole('button', { name });
const answer = (text: string) => screen.getByText(text);

describe('Accordion', () => {
  it('starts closed, opens one item at a time, and closes the open item when activated', async () => {
    const user = userEvent.setup();
    render(<Faq />);
    expect(answer('Resposta da primeira')).not.toBeVisible();

    await user.click(trigger('Primeira'));
    expect(trigger('Primeira')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Primeira' })).toHaveTextContent(
      'Resposta da primeira',
    );

    await user.click(trigger('Segunda'));
    expect(answer('Resposta da segunda')).toBeVisible();
    expect(answer('Resposta da primeira')).not.toBeVisible();
    expect(trigger('Primeira')).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger('Segunda'));
    expect(answer('Resposta da segunda')).not.toBeVisible();
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Faq />);
    await user.tab();
    expect(trigger('Primeira')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(answer('Resposta da primeira')).toBeVisible();
    await user.tab();
    await user.keyboard(' ');
    expect(answer('Resposta da segunda')).toBeVisible();
    expect(answer('Resposta da primeira')).not.toBeVisible();
  });
});
