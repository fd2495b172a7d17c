import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pfSteps } from '@medipay/shared/pf-onboarding';
import { Stepper } from './stepper';

describe('Stepper', () => {
  it("says 'Etapa X de N' with a percentage, for small screens", () => {
    render(<Stepper steps={pfSteps} current={3} reached={4} />);
    expect(screen.getByText('Etapa 3 de 6')).toBeInTheDocument();
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progresso do cadastro' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
  });

  it('marks the completed steps and the current one', () => {
    render(<Stepper steps={pfSteps} current={3} reached={4} />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(items[0]).toHaveTextContent('Concluída:Identificação');
    expect(items[1]).toHaveTextContent('Concluída:Endereço');
    expect(items[2]).toHaveAttribute('aria-current', 'step');
    expect(items[2]).not.toHaveTextContent('Concluída');
    // The first step not yet saved is not complete.
    expect(items[3]).not.toHaveTextContent('Concluída');
    expect(items[4]).toHaveTextContent('5PEP');
  });

  it('caps the count at the number of steps', () => {
    render(<Stepper steps={pfSteps} current={9} reached={9} />);
    expect(screen.getByText('Etapa 6 de 6')).toBeInTheDocument();
    expect(screen.getByText('100%')).toBeInTheDocument();
  });
});
