import type { PfApplicationState } from '@medipay/shared/pf-application';
import type { WizardStepProps } from '../../../components/wizard/wizard-flow';

/** What every step of the PF wizard receives. */
export type StepProps = WizardStepProps<PfApplicationState>;
