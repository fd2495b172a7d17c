import { useWatch } from 'react-hook-form';
import { normalizeText } from '@medipay/shared/company-registry';
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
import type { RegistryPartner } from '../registry-prefill';
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

/** The choice of 'Outra pessoa': the select's empty option. */
const otherPerson = '';

/** The partner whose name the field holds (case and accents aside); undefined for anyone else. */
function partnerNamed(partners: readonly RegistryPartner[], nome: string) {
  const wanted = normalizeText(nome);
  if (!wanted) return undefined;
  const index = partners.findIndex((partner) => normalizeText(partner.nome) === wanted);
  return index === -1 ? undefined : index;
}

/**
 * Step 3: who represents the company, and their document. The registry's partners are offered
 * (the suggested one filled in until something is saved); choosing one fills the name and the
 * role, 'Outra pessoa' empties what a partner filled. Typing is never overwritten but by a choice.
 */
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
  const { register, control, formState, getFieldState, getValues, setValue } = form;
  const { errors } = formState;
  const partners = prefill?.partners ?? [];
  // The choice follows the name: a partner's name typed or restored shows that partner.
  const nome = useWatch({ control, name: 'responsavelNome' });
  const chosen = partnerNamed(partners, nome);

  function fill(name: 'responsavelNome' | 'responsavelCargo', value: string) {
    // A field showing its message is checked again, so that a choice can clear it.
    setValue(name, value, { shouldDirty: true, shouldValidate: getFieldState(name).invalid });
  }

  function choose(choice: string) {
    const partner = choice === otherPerson ? undefined : partners[Number(choice)];
    if (partner) {
      fill('responsavelNome', partner.nome);
      fill('responsavelCargo', partner.cargo);
      return;
    }
    // Another person: what the partner filled goes, what was typed stays.
    const previous = chosen === undefined ? undefined : partners[chosen];
    if (!previous) return;
    fill('responsavelNome', '');
    if (getValues('responsavelCargo') === previous.cargo) fill('responsavelCargo', '');
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {partners.length > 0 && (
        <FormField
          label="Sócio ou administrador da empresa"
          hint="Do quadro de sócios da Receita Federal. A escolha preenche o nome e o cargo; para outra pessoa, preencha os dados abaixo."
        >
          <NativeSelect
            options={partners.map((partner, index) => ({
              value: String(index),
              label: partner.qualificacao
                ? `${partner.nome} (${partner.qualificacao})`
                : partner.nome,
            }))}
            placeholder="Outra pessoa"
            value={chosen === undefined ? otherPerson : String(chosen)}
            onChange={(event) => choose(event.target.value)}
          />
        </FormField>
      )}
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
