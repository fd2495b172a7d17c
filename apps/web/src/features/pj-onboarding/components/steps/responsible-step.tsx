import type { UploadedDocument } from '@medipay/shared/documents';
import { maskCpf } from '@medipay/shared/masks';
import { responsavelCargoOptions } from '@medipay/shared/options';
import { FormField } from '../../../../components/form/form-field';
import { Input } from '../../../../components/ui/input';
import { NativeSelect } from '../../../../components/ui/native-select';
import { DocumentField } from '../../../../components/upload/document-field';
import { StepActions } from '../../../../components/wizard/step-actions';
import { useWizardStepForm } from '../../../../components/wizard/use-wizard-step-form';
import { registerMasked } from '../../../../lib/masked-register';
import type { StepProps } from '../step-props';
import { pjWizard } from '../pj-wizard-flow';

type Values = {
  responsavelNome: string;
  responsavelCpf: string;
  responsavelRg: string;
  responsavelCargo: string;
  responsavelDocFrente: UploadedDocument | null;
  responsavelDocVerso: UploadedDocument | null;
};

/** Step 3: who represents the company (suggested by the registry's partners), and their document. */
export function ResponsibleStep({ values, prefill, onSaved, onBack }: StepProps) {
  const suggested = values.responsavelNome ? null : prefill?.responsavel;
  const defaultValues: Values = {
    responsavelNome: values.responsavelNome ?? suggested?.nome ?? '',
    responsavelCpf: values.responsavelCpf ? maskCpf(values.responsavelCpf) : '',
    responsavelRg: values.responsavelRg ?? '',
    responsavelCargo: values.responsavelCargo ?? suggested?.cargo ?? '',
    responsavelDocFrente: values.responsavelDocFrente ?? null,
    responsavelDocVerso: values.responsavelDocVerso ?? null,
  };
  const { form, saving, submit } = useWizardStepForm(pjWizard, 3, { defaultValues, onSaved });
  const { register, control, formState } = form;
  const { errors } = formState;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label="Nome do responsável" error={errors.responsavelNome?.message}>
        <Input autoComplete="name" {...register('responsavelNome')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="CPF do responsável" error={errors.responsavelCpf?.message}>
          <Input
            inputMode="numeric"
            placeholder="000.000.000-00"
            {...registerMasked(register, 'responsavelCpf', maskCpf)}
          />
        </FormField>
        <FormField label="RG do responsável" error={errors.responsavelRg?.message}>
          <Input {...register('responsavelRg')} />
        </FormField>
      </div>
      <FormField label="Cargo" error={errors.responsavelCargo?.message}>
        <NativeSelect options={responsavelCargoOptions} {...register('responsavelCargo')} />
      </FormField>
      <fieldset className="space-y-4">
        <legend className="mb-2 font-semibold">Documento de identidade do responsável</legend>
        <DocumentField
          control={control}
          name="responsavelDocFrente"
          flow="PJ"
          camera="environment"
        />
        <DocumentField
          control={control}
          name="responsavelDocVerso"
          flow="PJ"
          camera="environment"
        />
      </fieldset>
      <StepActions saving={saving} onBack={onBack} />
    </form>
  );
}
