import { AddressStepForm, savedAddress } from '../../../../components/wizard/address-step-form';
import { pfWizard } from '../pf-wizard-flow';
import type { StepProps } from '../step-props';

/** Step 2: the address (filled from the CEP) and the proof of residence. */
export function AddressStep(props: StepProps) {
  return <AddressStepForm wizard={pfWizard} address={savedAddress(props.values)} {...props} />;
}
