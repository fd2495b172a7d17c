import type { UploadedDocument } from '@medipay/shared/documents';
import { pjFileFields } from '@medipay/shared/files';
import { maskCnes } from '@medipay/shared/masks';
import { pjDocumentsSchema } from '@medipay/shared/pj-onboarding';
import { FormField } from '../../../../components/form/form-field';
import { Input } from '../../../../components/ui/input';
import { DocumentField } from '../../../../components/upload/document-field';
import { StepActions } from '../../../../components/wizard/step-actions';
import { useStepForm } from '../../../../components/wizard/use-step-form';
import { registerMasked } from '../../../../lib/masked-register';
import { schemaResolver } from '../../../../lib/schema-resolver';
import { useSaveStep } from '../../../../components/wizard/use-step-save';
import type { StepProps } from '../step-props';
import { pjWizard } from '../pj-wizard-flow';

type Values = {
  contratoSocial: UploadedDocument | null;
  cartaoCnpj: UploadedDocument | null;
  alvaraFuncionamento: UploadedDocument | null;
  cnes: string;
  cnesDocumento: UploadedDocument | null;
};

// The form holds an empty optional certificate as null (the upload's empty value).
const formSchema = pjDocumentsSchema.extend({
  cnesDocumento: pjDocumentsSchema.shape.cnesDocumento.nullable(),
});

/** Step 4: the company's documents; the CNES and its certificate only when the company has one. */
export function DocumentsStep({ values, onSaved, onBack }: StepProps) {
  const form = useStepForm<Values>({
    draft: { flow: 'PJ', step: 4 },
    resolver: schemaResolver<Values>(formSchema),
    mode: 'onTouched',
    defaultValues: {
      contratoSocial: values.contratoSocial ?? null,
      cartaoCnpj: values.cartaoCnpj ?? null,
      alvaraFuncionamento: values.alvaraFuncionamento ?? null,
      cnes: values.cnes ?? '',
      cnesDocumento: values.cnesDocumento ?? null,
    },
  });
  const { register, control, formState } = form;
  const { saving, save } = useSaveStep(pjWizard, 4, onSaved);

  return (
    <form
      // An optional certificate left empty is left out, not sent as null.
      onSubmit={form.handleSubmit(() => {
        const { cnesDocumento, ...rest } = form.getValues();
        return save(cnesDocumento ? { ...rest, cnesDocumento } : rest);
      })}
      noValidate
      className="space-y-4"
    >
      <DocumentField
        control={control}
        name="contratoSocial"
        flow="PJ"
        kind={pjFileFields.contratoSocial}
        label="Contrato social (PDF)"
      />
      <DocumentField
        control={control}
        name="cartaoCnpj"
        flow="PJ"
        kind={pjFileFields.cartaoCnpj}
        label="Cartão CNPJ"
      />
      <DocumentField
        control={control}
        name="alvaraFuncionamento"
        flow="PJ"
        kind={pjFileFields.alvaraFuncionamento}
        label="Alvará de funcionamento"
      />
      <fieldset className="space-y-4">
        <legend className="mb-2 font-semibold">CNES (opcional)</legend>
        <FormField
          label="Número do CNES"
          hint="Cadastro Nacional de Estabelecimentos de Saúde: até 7 dígitos."
          error={formState.errors.cnes?.message}
        >
          <Input inputMode="numeric" {...registerMasked(register, 'cnes', maskCnes)} />
        </FormField>
        <DocumentField
          control={control}
          name="cnesDocumento"
          flow="PJ"
          kind={pjFileFields.cnesDocumento}
          label="Certificado do CNES"
        />
      </fieldset>
      <StepActions saving={saving} onBack={onBack} />
    </form>
  );
}
