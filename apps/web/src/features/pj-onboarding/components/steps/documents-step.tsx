import type { UploadedDocument } from '@medipay/shared/documents';
import { maskCnes } from '@medipay/shared/masks';
import { pjDocumentsSchema } from '@medipay/shared/pj-onboarding';
import { FormField } from '../../../../components/form/form-field';
import { Input } from '../../../../components/ui/input';
import { DocumentField } from '../../../../components/upload/document-field';
import { StepActions } from '../../../../components/wizard/step-actions';
import { useWizardStepForm } from '../../../../components/wizard/use-wizard-step-form';
import { registerMasked } from '../../../../lib/masked-register';
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
  const defaultValues: Values = {
    contratoSocial: values.contratoSocial ?? null,
    cartaoCnpj: values.cartaoCnpj ?? null,
    alvaraFuncionamento: values.alvaraFuncionamento ?? null,
    cnes: values.cnes ?? '',
    cnesDocumento: values.cnesDocumento ?? null,
  };
  const { form, saving, save } = useWizardStepForm(pjWizard, 4, {
    defaultValues,
    onSaved,
    schema: formSchema,
  });
  const { register, control, formState } = form;

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
        label="Contrato social (PDF)"
      />
      <DocumentField control={control} name="cartaoCnpj" flow="PJ" />
      <DocumentField control={control} name="alvaraFuncionamento" flow="PJ" />
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
          label="Certificado do CNES"
        />
      </fieldset>
      <StepActions saving={saving} onBack={onBack} />
    </form>
  );
}
