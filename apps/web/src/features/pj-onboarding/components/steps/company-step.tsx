import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { CnpjLookupResult } from '@medipay/shared/lookup';
import { maskCnpj, maskPhone } from '@medipay/shared/masks';
import { areaAtuacaoOptions, tipoEmpresaOptions } from '@medipay/shared/options';
import { isValidMobilePhone } from '@medipay/shared/phone';
import { pjApplicationMessages as messages } from '@medipay/shared/pj-application';
import { cnpjCharacters } from '@medipay/shared/tax-id';
import {
  CnpjLookupButton,
  RegistrationWarning,
} from '../../../../components/company/cnpj-lookup-button';
import {
  ContactFields,
  useVerifiedContacts,
} from '../../../../components/contact-verification/contact-fields';
import { FormField } from '../../../../components/form/form-field';
import { Input } from '../../../../components/ui/input';
import { NativeSelect } from '../../../../components/ui/native-select';
import { StepActions } from '../../../../components/wizard/step-actions';
import { savedTexts, useWizardStepForm } from '../../../../components/wizard/use-wizard-step-form';
import { registerMasked } from '../../../../lib/masked-register';
import { prefillFromRegistry, type RegistryPrefill } from '../registry-prefill';
import type { StepProps } from '../step-props';
import { pjWizard } from '../pj-wizard-flow';

type Values = {
  cnpj: string;
  razaoSocial: string;
  nomeFantasia: string;
  inscricaoEstadual: string;
  inscricaoMunicipal: string;
  tipoEmpresa: string;
  areaAtuacao: string;
  email: string;
  telefone: string;
};

type CompanyStepProps = StepProps & { onPrefill: (prefill: RegistryPrefill) => void };

/**
 * Step 1: the company, filled from the registry by its CNPJ, with the e-mail and the phone
 * confirmed by one-time codes.
 */
export function CompanyStep({ values, session, onSession, onSaved, onPrefill }: CompanyStepProps) {
  const defaultValues: Values = {
    cnpj: values.cnpj ? maskCnpj(values.cnpj) : '',
    ...savedTexts(values, [
      'razaoSocial',
      'nomeFantasia',
      'inscricaoEstadual',
      'inscricaoMunicipal',
      'tipoEmpresa',
      'areaAtuacao',
      'email',
    ]),
    telefone: values.telefone ? maskPhone(values.telefone) : '',
  };
  const { form, saving, save } = useWizardStepForm(pjWizard, 1, { defaultValues, onSaved });
  const { register, handleSubmit, control, formState, getValues, setValue, setFocus, trigger } =
    form;
  const { errors } = formState;
  const [situacao, setSituacao] = useState('');
  const [lookupFailure, setLookupFailure] = useState<string | null>(null);
  /** What the last lookup filled, cleared when another CNPJ finds nothing. */
  const filledFromRegistry = useRef<Partial<Values>>({});

  const cnpj = useWatch({ control, name: 'cnpj' });
  const contacts = useVerifiedContacts('PJ', control, session);

  function fillFromRegistry(result: CnpjLookupResult) {
    const fill = { shouldValidate: true, shouldDirty: true } as const;
    const found: Partial<Values> = {
      razaoSocial: result.nome,
      nomeFantasia: result.fantasia || result.nome,
      email: result.email.trim().toLowerCase(),
      // A landline cannot receive the code: only a mobile number is worth filling in.
      telefone: isValidMobilePhone(result.telefone) ? maskPhone(result.telefone) : '',
      tipoEmpresa: result.sugestoes.tipoEmpresa,
      areaAtuacao: result.sugestoes.areaAtuacao,
    };
    for (const [name, value] of Object.entries(found) as [keyof Values, string][]) {
      if (value) setValue(name, value, fill);
    }
    filledFromRegistry.current = found;
    setLookupFailure(null);
    setSituacao(result.situacao);
    onPrefill(prefillFromRegistry(cnpjCharacters(getValues('cnpj')), result));
  }

  /** Another CNPJ found nothing: what the previous one filled goes (what was typed stays). */
  function lookupFailed(next: string) {
    for (const [name, value] of Object.entries(filledFromRegistry.current) as [
      keyof Values,
      string,
    ][]) {
      if (value && getValues(name) === value) setValue(name, '', { shouldDirty: true });
    }
    filledFromRegistry.current = {};
    setSituacao('');
    setLookupFailure(next);
    setFocus('razaoSocial');
  }

  // Continue stays available: pressed too early, it says which verification is missing.
  const submit = handleSubmit(async () => {
    if (contacts.confirm(messages)) await save(getValues());
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField
        label="CNPJ"
        error={errors.cnpj?.message}
        hint={
          lookupFailure ? (
            <span role="status" className="font-medium text-amber-900">
              {lookupFailure}
            </span>
          ) : (
            'Busque os dados da empresa na Receita Federal para preencher o cadastro.'
          )
        }
        wrapAction
        action={
          <CnpjLookupButton
            cnpj={cnpj}
            onFound={fillFromRegistry}
            onFailed={lookupFailed}
            // A full CNPJ with wrong check digits: the field says 'CNPJ inválido', nothing else.
            onInvalid={() => void trigger('cnpj', { shouldFocus: true })}
          />
        }
      >
        <Input
          placeholder="00.000.000/0000-00"
          autoCapitalize="characters"
          {...registerMasked(register, 'cnpj', maskCnpj)}
        />
      </FormField>
      <RegistrationWarning situacao={situacao} />
      <FormField label="Razão social" error={errors.razaoSocial?.message}>
        <Input autoComplete="organization" {...register('razaoSocial')} />
      </FormField>
      <FormField label="Nome fantasia" error={errors.nomeFantasia?.message}>
        <Input {...register('nomeFantasia')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Inscrição estadual (opcional)" error={errors.inscricaoEstadual?.message}>
          <Input {...register('inscricaoEstadual')} />
        </FormField>
        <FormField
          label="Inscrição municipal (opcional)"
          error={errors.inscricaoMunicipal?.message}
        >
          <Input {...register('inscricaoMunicipal')} />
        </FormField>
        <FormField label="Tipo de empresa" error={errors.tipoEmpresa?.message}>
          <NativeSelect options={tipoEmpresaOptions} {...register('tipoEmpresa')} />
        </FormField>
        <FormField label="Área de atuação" error={errors.areaAtuacao?.message}>
          <NativeSelect options={areaAtuacaoOptions} {...register('areaAtuacao')} />
        </FormField>
      </div>
      <ContactFields flow="PJ" form={form} contacts={contacts} onVerified={onSession} />
      <StepActions saving={saving} />
    </form>
  );
}
