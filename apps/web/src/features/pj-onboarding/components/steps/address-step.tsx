import { emptyAddress } from '../../../../components/address/address-fields';
import { AddressStepForm, savedAddress } from '../../../../components/wizard/address-step-form';
import { pjWizard } from '../pj-wizard-flow';
import type { StepProps } from '../step-props';

/** Step 2: the company's address (from the registry or the CEP) and its proof. */
export function AddressStep(props: StepProps) {
  const { values, prefill } = props;
  // What was saved wins; before the first save, what the CNPJ lookup found.
  const address = values.cep ? savedAddress(values) : (prefill?.address ?? emptyAddress);
  return <AddressStepForm wizard={pjWizard} address={address} {...props} />;
}
