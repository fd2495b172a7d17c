import { pjFileFields } from '@medipay/shared/files';
import { pjAddressSchema } from '@medipay/shared/pj-onboarding';
import { emptyAddress } from '../../../../components/address/address-fields';
import { AddressStepForm, savedAddress } from '../../../../components/wizard/address-step-form';
import { pjWizard } from '../pj-wizard-flow';
import type { StepProps } from '../step-props';

/** Step 2: the company's address (from the registry or the CEP) and its proof. */
export function AddressStep({ values, prefill, onSaved, onBack }: StepProps) {
  return (
    <AddressStepForm
      wizard={pjWizard}
      step={2}
      schema={pjAddressSchema}
      // What was saved wins; before the first save, what the CNPJ lookup found.
      address={values.cep ? savedAddress(values) : (prefill?.address ?? emptyAddress)}
      proof={{
        name: 'comprovanteEndereco',
        kind: pjFileFields.comprovanteEndereco,
        label: 'Comprovante de endereço',
        value: values.comprovanteEndereco ?? null,
      }}
      onSaved={onSaved}
      onBack={onBack}
    />
  );
}
