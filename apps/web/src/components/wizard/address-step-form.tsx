import { FormProvider, type FieldValues } from 'react-hook-form';
import type { UploadedDocument } from '@medipay/shared/documents';
import { maskCep } from '@medipay/shared/masks';
import { AddressFields, type AddressFormValues } from '../address/address-fields';
import { DocumentField, type DocumentFieldName } from '../upload/document-field';
import { StepActions } from './step-actions';
import { savedTexts, useWizardStepForm } from './use-wizard-step-form';
import type { WizardApplication, WizardDefinition, WizardStepProps } from './wizard-flow';

/** The address fields of an application as the server saved them (none before step 2). */
export type SavedAddress = Partial<Record<keyof AddressFormValues, string | undefined>>;

/** The address as the server saved it, masked as the form shows it. */
export function savedAddress(values: SavedAddress): AddressFormValues {
  return {
    cep: values.cep ? maskCep(values.cep) : '',
    ...savedTexts(values, ['logradouro', 'numero', 'complemento', 'bairro', 'cidade', 'uf']),
  };
}

/** The proof of address saved so far (null before step 2): `proof` names its field. */
export function savedProof(values: object, proof: DocumentFieldName): UploadedDocument | null {
  return (values as Partial<Record<DocumentFieldName, UploadedDocument>>)[proof] ?? null;
}

/**
 * A wizard's address step: the address (filled from the CEP) and its proof, saved as the flow's
 * address step with the flow's schema.
 */
export function AddressStepForm<State extends WizardApplication, Step extends number>({
  wizard,
  address,
  values,
  onSaved,
  onBack,
}: WizardStepProps<State> & {
  wizard: Pick<WizardDefinition<State, Step>, 'flow' | 'save' | 'schemas' | 'address'>;
  /** The address the form starts with. */
  address: AddressFormValues;
}) {
  const { step, proof } = wizard.address;
  // The address fields and the proof's field, named as the flow's schema names it.
  const defaultValues: FieldValues = { ...address, [proof]: savedProof(values, proof) };
  const { form, saving, submit } = useWizardStepForm(wizard, step, { defaultValues, onSaved });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <AddressFields />
        <DocumentField control={form.control} name={proof} flow={wizard.flow} />
        <StepActions saving={saving} onBack={onBack} />
      </form>
    </FormProvider>
  );
}
