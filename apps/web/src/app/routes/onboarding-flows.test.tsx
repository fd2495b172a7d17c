/* The parts of the two wizards that behave alike, one run per flow. They live here, where the
   routes compose both features, because a feature never imports another. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Flow } from '@medipay/shared/status';
import { AddressStep as PfAddressStep } from '../../features/pf-onboarding/components/steps/address-step';
import { AddressStep as PjAddressStep } from '../../features/pj-onboarding/components/steps/address-step';
import { fetchMock } from '../../testing/api-stub';
import { emptyStepProps, expectFieldMessage } from '../../testing/wizard-steps';

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const addressSteps = [
  {
    flow: 'PF',
    step: () => <PfAddressStep {...emptyStepProps('PF')} />,
    proof: 'Comprovante de residência',
  },
  {
    flow: 'PJ',
    step: () => <PjAddressStep {...emptyStepProps('PJ')} prefill={null} />,
    proof: 'Comprovante de endereço',
  },
] satisfies { flow: Flow; step: () => ReactNode; proof: string }[];

describe.each(addressSteps)('$flow address step', ({ step, proof }) => {
  it('says on its own field what each rule misses, and saves nothing', async () => {
    const user = userEvent.setup();
    render(step());
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await expectFieldMessage('CEP', 'CEP deve ter 8 dígitos');
    await expectFieldMessage('Logradouro', 'Logradouro é obrigatório');
    await expectFieldMessage('Número', 'Número é obrigatório');
    await expectFieldMessage('Bairro', 'Bairro é obrigatório');
    await expectFieldMessage('Cidade', 'Cidade é obrigatória');
    await expectFieldMessage('UF', 'UF é obrigatória');
    await expectFieldMessage(proof, 'Arquivo é obrigatório');
    expect(screen.getByText('Arquivo é obrigatório')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
