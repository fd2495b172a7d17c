import { FormProvider, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { UploadedDocument } from '@medipay/shared/documents';
import type { FileKind } from '@medipay/shared/files';
import { maskCep } from '@medipay/shared/masks';
import { schemaResolver } from '../../lib/schema-resolver';
import { AddressFields, type AddressFormValues } from '../address/address-fields';
import { DocumentField } from '../upload/document-field';
import { StepActions } from './step-actions';
import { useSaveStep } from './use-step-save';
import { useStepForm } from './use-step-form';
import type { WizardApplication, WizardFlow } from './wizard-flow';

/** The address fields of an application as the server saved them (none before step 2). */
export type SavedAddress = Partial<Record<keyof AddressFormValues, string | undefined>>;

/** The address as the server saved it, masked as the form shows it. */
export function savedAddress(values: SavedAddress): AddressFormValues {
  return {
    cep: values.cep ? maskCep(values.cep) : '',
    logradouro: values.logradouro ?? '',
    numero: values.numero ?? '',
    complemento: values.complemento ?? '',
    bairro: values.bairro ?? '',
    cidade: values.cidade ?? '',
    uf: values.uf ?? '',
  };
}

/** The proof of address of a flow: its field (the spec's name), kind of file and label. */
export type AddressProof = {
  name: string;
  kind: FileKind;
  label: string;
  /** The file saved so far. */
  value: UploadedDocument | null;
};

/**
 * A wizard's address step: the address (filled from the CEP) and its proof, saved as step
 * `step` of the flow.
 */
export function AddressStepForm<State extends WizardApplication, Step extends number>({
  wizard,
  step,
  schema,
  address,
  proof,
  onSaved,
  onBack,
}: {
  wizard: Pick<WizardFlow<State, Step>, 'flow' | 'save'>;
  step: Step;
  schema: z.ZodType;
  /** The address the form starts with. */
  address: AddressFormValues;
  proof: AddressProof;
  onSaved: (state: State) => void;
  onBack?: (() => void) | undefined;
}) {
  // The address fields and the proof's field, named as the flow's schema names it.
  const form = useStepForm<FieldValues>({
    draft: { flow: wizard.flow, step },
    resolver: schemaResolver<FieldValues>(schema),
    mode: 'onTouched',
    defaultValues: { ...address, [proof.name]: proof.value },
  });
  const { saving, save } = useSaveStep(wizard, step, onSaved);

  return (
    <FormProvider {...form}>
      <form
        onSubmit={form.handleSubmit(() => save(form.getValues()))}
        noValidate
        className="space-y-4"
      >
        <AddressFields />
        <DocumentField
          control={form.control}
          name={proof.name}
          flow={wizard.flow}
          kind={proof.kind}
          label={proof.label}
        />
        <StepActions saving={saving} onBack={onBack} />
      </form>
    </FormProvider>
  );
}
