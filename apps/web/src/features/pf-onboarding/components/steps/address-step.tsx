import { pfFileFields } from '@medipay/shared/files';
import { pfAddressSchema } from '@medipay/shared/pf-onboarding';
import { AddressStepForm, savedAddress } from '../../../../components/wizard/address-step-form';
import { pfWizard } from '../pf-wizard-flow';
import type { StepProps } from '../step-props';

/** Step 2: the address (filled from the CEP) and the proof of residence. */
export function AddressStep({ values, onSaved, onBack }: StepProps) {
  return (
    <AddressStepForm
      wizard={pfWizard}
      step={2}
      schema={pfAddressSchema}
      address={savedAddress(values)}
      proof={{
        name: 'comprovanteResidencia',
        kind: pfFileFields.comprovanteResidencia,
        label: 'Comprovante de residência',
        value: values.comprovanteResidencia ?? null,
      }}
      onSaved={onSaved}
      onBack={onBack}
    />
  );
}
