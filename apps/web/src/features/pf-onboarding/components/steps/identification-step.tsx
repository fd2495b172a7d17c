import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { maskCpf, maskPhoneInternational } from '@medipay/shared/masks';
import { estadoCivilOptions, nacionalidadeOptions } from '@medipay/shared/options';
import { pfApplicationMessages as messages } from '@medipay/shared/pf-application';
import { pfIdentificationSchema } from '@medipay/shared/pf-onboarding';
import { VerifyContactButton } from '../../../../components/contact-verification/verify-contact-button';
import { FormField } from '../../../../components/form/form-field';
import { Input } from '../../../../components/ui/input';
import { NativeSelect } from '../../../../components/ui/native-select';
import { StepActions } from '../../../../components/wizard/step-actions';
import type { StepProps } from '../step-props';
import { useSaveStep } from '../use-save-step';
import { schemaResolver } from '../../../../lib/schema-resolver';

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
  const form = useForm<Values>({
    resolver: schemaResolver<Values>(pfIdentificationSchema),
    mode: 'onTouched',
    defaultValues: {
      nomeCompleto: values.nomeCompleto ?? '',
      nacionalidade: values.nacionalidade ?? '',
      cpf: values.cpf ? maskCpf(values.cpf) : '',
      estadoCivil: values.estadoCivil ?? '',
      email: values.email ?? '',
      telefone: values.telefone ? maskPhoneInternational(values.telefone) : '',
    },
  });
  const { register, handleSubmit, control, formState, getValues } = form;
  const { errors } = formState;
  const { saving, save } = useSaveStep(1, onSaved);

  const email = useWatch({ control, name: 'email' });
  const telefone = useWatch({ control, name: 'telefone' });
  const emailVerified = Boolean(email) && session.verifiedEmail === email.trim().toLowerCase();
  const phoneVerified =
    Boolean(session.verifiedPhone) &&
    maskPhoneInternational(session.verifiedPhone ?? '') === telefone;

  const submit = handleSubmit(async () => {
    if (!emailVerified) {
      toast.error(messages.emailNotVerifiedTitle, { description: messages.emailNotVerified });
      return;
    }
    if (!phoneVerified) {
      toast.error(messages.phoneNotVerifiedTitle, { description: messages.phoneNotVerified });
      return;
    }
    await save(getValues());
  });

  const cpf = register('cpf');
  const phone = register('telefone');

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
          {...cpf}
          onChange={(event) => {
            event.target.value = maskCpf(event.target.value);
            void cpf.onChange(event);
          }}
        />
      </FormField>
      <FormField
        label="E-mail"
        error={errors.email?.message}
        action={
          <VerifyContactButton
            flow="PF"
            channel="email"
            fieldLabel="e-mail"
            destination={email}
            verified={emailVerified}
            disabled={!email || Boolean(errors.email)}
            onVerified={onSession}
          />
        }
      >
        <Input type="email" autoComplete="email" {...register('email')} />
      </FormField>
      <FormField
        label="Telefone"
        error={errors.telefone?.message}
        action={
          <VerifyContactButton
            flow="PF"
            channel="phone"
            fieldLabel="telefone"
            destination={telefone}
            verified={phoneVerified}
            disabled={!telefone || Boolean(errors.telefone)}
            onVerified={onSession}
          />
        }
      >
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+55 (11) 99999-9999"
          {...phone}
          onChange={(event) => {
            event.target.value = maskPhoneInternational(event.target.value);
            void phone.onChange(event);
          }}
        />
      </FormField>
      {(!emailVerified || !phoneVerified) && (
        <p className="text-sm text-muted-foreground">
          Verifique o e-mail e o telefone para continuar.
        </p>
      )}
      <StepActions saving={saving} continueDisabled={!emailVerified || !phoneVerified} />
    </form>
  );
}
