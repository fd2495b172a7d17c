import type { PjApplicationState } from '@medipay/shared/pj-application';
import type { WizardStepProps } from '../../../components/wizard/wizard-flow';
import type { RegistryPrefill } from './registry-prefill';

/** What every step of the PJ wizard receives. */
export type StepProps = WizardStepProps<PjApplicationState> & {
  /** What the CNPJ lookup of step 1 found for the later steps (address, legal representative). */
  prefill: RegistryPrefill | null;
};
