import { useWatch } from 'react-hook-form';
import { maskCpf } from '@medipay/shared/masks';
import { pepTipoOptions } from '@medipay/shared/options';
import { FormField } from '../../../../components/form/form-field';
import { Input } from '../../../../components/ui/input';
import { StepActions } from '../../../../components/wizard/step-actions';
import { savedTexts, useWizardStepForm } from '../../../../components/wizard/use-wizard-step-form';
import type { StepProps } from '../step-props';
import { pfWizard } from '../pf-wizard-flow';

type Values = {
  pepTipo: string;
  pepNome: string;
  pepCpf: string;
  pepCargo: string;
  pepOrgao: string;
};

/** Step 5: the politically exposed person (PEP) declaration. */
export function PepStep({ values, onSaved, onBack }: StepProps) {
  const defaultValues: Values = {
    ...savedTexts(values, ['pepNome', 'pepCargo', 'pepOrgao']),
    pepTipo: values.pepTipo ?? 'NAO',
    pepCpf: values.pepCpf ? maskCpf(values.pepCpf) : '',
  };
  const { form, saving, submit } = useWizardStepForm(pfWizard, 5, { defaultValues, onSaved });
  const { register, formState, control } = form;
  const { errors } = formState;
  const pepTipo = useWatch({ control, name: 'pepTipo' });
  const pepCpf = register('pepCpf');

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div className="rounded-md border bg-muted/50 p-4 text-sm">
        <p className="font-medium">O que é uma Pessoa Politicamente Exposta (PEP)?</p>
        <p className="mt-1 text-muted-foreground">
          É quem exerce ou exerceu, nos últimos 5 anos, cargo, emprego ou função pública relevante
          no Brasil ou no exterior (por exemplo: mandato eletivo, cargo de ministro ou secretário,
          direção de empresa pública, magistratura ou alto comando militar), assim como seus
          familiares e colaboradores próximos.
        </p>
      </div>
      <fieldset
        className="space-y-2"
        aria-describedby={errors.pepTipo ? 'pep-tipo-error' : undefined}
      >
        <legend className="mb-2 font-semibold">Você é uma pessoa politicamente exposta?</legend>
        {pepTipoOptions.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary"
          >
            <input
              type="radio"
              value={option.value}
              className="size-4 accent-teal-700"
              {...register('pepTipo')}
            />
            {option.label}
          </label>
        ))}
        {errors.pepTipo && (
          <p id="pep-tipo-error" className="text-sm font-medium text-red-800">
            {errors.pepTipo.message}
          </p>
        )}
      </fieldset>
      {pepTipo === 'RELACIONADO' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Nome da pessoa politicamente exposta" error={errors.pepNome?.message}>
            <Input {...register('pepNome')} />
          </FormField>
          <FormField label="CPF da pessoa politicamente exposta" error={errors.pepCpf?.message}>
            <Input
              inputMode="numeric"
              placeholder="000.000.000-00"
              {...pepCpf}
              onChange={(event) => {
                event.target.value = maskCpf(event.target.value);
                void pepCpf.onChange(event);
              }}
            />
          </FormField>
        </div>
      )}
      {(pepTipo === 'PEP' || pepTipo === 'RELACIONADO') && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Cargo ou função" error={errors.pepCargo?.message}>
            <Input {...register('pepCargo')} />
          </FormField>
          <FormField label="Órgão ou entidade" error={errors.pepOrgao?.message}>
            <Input {...register('pepOrgao')} />
          </FormField>
        </div>
      )}
      <StepActions saving={saving} onBack={onBack} />
    </form>
  );
}
