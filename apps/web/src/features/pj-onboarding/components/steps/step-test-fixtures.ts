/* Fixtures of the PJ steps' tests. */
import { screen } from '@testing-library/react';
import type { PjApplicationState } from '@medipay/shared/pj-application';
import { emptyStepProps } from '../../../../testing/wizard-steps';
import type { RegistryPrefill } from '../registry-prefill';
import type { StepProps } from '../step-props';

/** The application as the server answers a save. */
export const state: PjApplicationState = {
  currentStep: 2,
  status: 'INICIADO',
  protocolo: null,
  values: {
    cnpj: '11222333000181',
    razaoSocial: 'Clínica Boa Saúde Ltda',
    email: 'contato@boasaude.com.br',
    telefone: '+5511987654321',
  },
};

/** What the wizard gives a PJ step: nothing saved, no registry data, unless told. */
export function props(overrides: Partial<StepProps> = {}): StepProps {
  return { ...emptyStepProps('PJ'), prefill: null, ...overrides };
}

/** What the registry found for the CNPJ 11.222.333/0001-81, for the address and representative. */
export const prefill: RegistryPrefill = {
  cnpj: '11222333000181',
  address: {
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    numero: '1000',
    complemento: 'Andar 5',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'SP',
  },
  responsavel: { nome: 'Maria Souza Lima', cargo: 'socio' },
  partners: [{ nome: 'Maria Souza Lima', qualificacao: 'Sócio', cargo: 'socio' }],
};

export const field = (label: string) => screen.getByLabelText(label);
export const continuar = () => screen.getByRole('button', { name: 'Continuar' });
