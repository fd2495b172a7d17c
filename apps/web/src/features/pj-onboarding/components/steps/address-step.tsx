import { FormProvider } from 'react-hook-form';
import type { UploadedDocument } from '@medipay/shared/documents';
import { pjFileFields } from '@medipay/shared/files';
import { maskCep } from '@medipay/shared/masks';
import { pjAddressSchema } from '@medipay/shared/pj-onboarding';
import {
  AddressFields,
  emptyAddress,
  type AddressFormValues,
} from '../../../../components/address/address-fields';
import { DocumentField } from '../../../../components/upload/document-field';
import { StepActions } from '../../../../components/wizard/step-actions';
import { useStepForm } from '../../../../components/wizard/use-step-form';
import { schemaResolver } from '../../../../lib/schema-resolver';
import type { StepProps } from '../step-props';
import { useSaveStep } from '../use-save-step';

type Values = AddressFormValues & { comprovanteEndereco: UploadedDocument | null };

/** Step 2: the company's address (from the registry or the CEP) and its proof. */
export function AddressStep({ values, prefill, onSaved, onBack }: StepProps) {
  // What was saved wins; before the first save, what the CNPJ lookup found.
  const address = values.cep
    ? {
        cep: maskCep(values.cep),
        logradouro: values.logradouro ?? '',
        numero: values.numero ?? '',
        complemento: values.complemento ?? '',
        bairro: values.bairro ?? '',
        cidade: values.cidade ?? '',
        uf: values.uf ?? '',
      }
    : (prefill?.address ?? emptyAddress);
  const form = useStepForm<Values>({
    draft: { flow: 'PJ', step: 2 },
    resolver: schemaResolver<Values>(pjAddressSchema),
    mode: 'onTouched',
    defaultValues: { ...address, comprovanteEndereco: values.comprovanteEndereco ?? null },
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
          name="comprovanteEndereco"
          flow="PJ"
          kind={pjFileFields.comprovanteEndereco}
          label="Comprovante de endereço"
        />
        <StepActions saving={saving} onBack={onBack} />
      </form>
    </FormProvider>
  );
}
