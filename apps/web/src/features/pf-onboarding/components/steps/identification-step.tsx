import { maskCpf, maskPhoneInternational } from '@medipay/shared/masks';
import { estadoCivilOptions, nacionalidadeOptions } from '@medipay/shared/options';
import { pfApplicationMessages as messages } from '@medipay/shared/pf-application';
import {
  ContactFields,
  useVerifiedContacts,
} from '../../../../components/contact-verification/contact-fields';
import { FormField } from '../../../../components/form/form-field';
import { Input } from '../../../../components/ui/input';
import { NativeSelect } from '../../../../components/ui/native-select';
import { StepActions } from '../../../../components/wizard/step-actions';
import { savedTexts, useWizardStepForm } from '../../../../components/wizard/use-wizard-step-form';
import type { StepProps } from '../step-props';
import { pfWizard } from '../pf-wizard-flow';
import { registerMasked } from '../../../../lib/masked-register';

type Values = {
  nomeCompleto: string;
  nacionalidade: string;
  cpf: string;
  estadoCivil: string;
  email: string;
  telefone: string;
};

/** Step 1: personal data, with the e-mail and the phone confirmed by one-time codes. */
export function IdentificationStep({ values, session, onSession, onSaved }: StepProps) {
  const defaultValues: Values = {
    ...savedTexts(values, ['nomeCompleto', 'nacionalidade', 'estadoCivil', 'email']),
    cpf: values.cpf ? maskCpf(values.cpf) : '',
    telefone: values.telefone ? maskPhoneInternational(values.telefone) : '',
  };
  const { form, saving, save } = useWizardStepForm(pfWizard, 1, { defaultValues, onSaved });
  const { register, handleSubmit, control, formState, getValues } = form;
  const { errors } = formState;

  const contacts = useVerifiedContacts('PF', control, session);

  const submit = handleSubmit(async () => {
    if (contacts.confirm(messages)) await save(getValues());
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label="Nome completo" error={errors.nomeCompleto?.message}>
        <Input autoComplete="name" {...register('nomeCompleto')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Nacionalidade" error={errors.nacionalidade?.message}>
          <NativeSelect options={nacionalidadeOptions} {...register('nacionalidade')} />
        </FormField>
        <FormField label="Estado civil" error={errors.estadoCivil?.message}>
          <NativeSelect options={estadoCivilOptions} {...register('estadoCivil')} />
        </FormField>
      </div>
      <FormField label="CPF" error={errors.cpf?.message}>
        <Input
          inputMode="numeric"
          placeholder="000.000.000-00"
          {...registerMasked(register, 'cpf', maskCpf)}
        />
      </FormField>
      <ContactFields flow="PF" form={form} contacts={contacts} onVerified={onSession} />
      <StepActions
        saving={saving}
        continueDisabled={!contacts.emailVerified || !contacts.phoneVerified}
      />
    </form>
  );
}
