import { FormProvider } from 'react-hook-form';
import type { UploadedDocument } from '@medipay/shared/documents';
import { pfFileFields } from '@medipay/shared/files';
import { maskCep } from '@medipay/shared/masks';
import { pfAddressSchema } from '@medipay/shared/pf-onboarding';
import {
  AddressFields,
  type AddressFormValues,
} from '../../../../components/address/address-fields';
import { DocumentField } from '../../../../components/upload/document-field';
import { StepActions } from '../../../../components/wizard/step-actions';
import { useStepForm } from '../../../../components/wizard/use-step-form';
import { schemaResolver } from '../../../../lib/schema-resolver';
import type { StepProps } from '../step-props';
import { useSaveStep } from '../use-save-step';

type Values = AddressFormValues & { comprovanteResidencia: UploadedDocument | null };

/** Step 2: the address (filled from the CEP) and the proof of residence. */
export function AddressStep({ values, onSaved, onBack }: StepProps) {
  const form = useStepForm<Values>({
    draft: { flow: 'PF', step: 2 },
    resolver: schemaResolver<Values>(pfAddressSchema),
    mode: 'onTouched',
    defaultValues: {
      cep: values.cep ? maskCep(values.cep) : '',
      logradouro: values.logradouro ?? '',
      numero: values.numero ?? '',
      complemento: values.complemento ?? '',
      bairro: values.bairro ?? '',
      cidade: values.cidade ?? '',
      uf: values.uf ?? '',
      comprovanteResidencia: values.comprovanteResidencia ?? null,
    },
  });
  const { saving, save } = useSaveStep(2, onSaved);

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
          name="comprovanteResidencia"
          flow="PF"
          kind={pfFileFields.comprovanteResidencia}
          label="Comprovante de residência"
        />
        <StepActions saving={saving} onBack={onBack} />
      </form>
    </FormProvider>
  );
}
