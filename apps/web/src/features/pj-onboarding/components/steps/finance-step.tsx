import { maskBankNumber } from '@medipay/shared/masks';
import {
  bancoOptions,
  faturamentoMensalOptions,
  numeroFuncionariosOptions,
  tipoContaOptions,
} from '@medipay/shared/options';
import {
  AGENCIA_MAX_LENGTH,
  CONTA_MAX_LENGTH,
  pjFinanceSchema,
} from '@medipay/shared/pj-onboarding';
import { FormField } from '../../../../components/form/form-field';
import { Input } from '../../../../components/ui/input';
import { NativeSelect } from '../../../../components/ui/native-select';
import { StepActions } from '../../../../components/wizard/step-actions';
import { useStepForm } from '../../../../components/wizard/use-step-form';
import { registerMasked } from '../../../../lib/masked-register';
import { schemaResolver } from '../../../../lib/schema-resolver';
import { useSaveStep } from '../../../../components/wizard/use-step-save';
import type { StepProps } from '../step-props';
import { pjWizard } from '../pj-wizard-flow';

type Values = {
  banco: string;
  agencia: string;
  conta: string;
  tipoConta: string;
  faturamentoMensal: string;
  numeroFuncionarios: string;
};

/** Step 5: the company's bank account and its size. */
export function FinanceStep({ values, onSaved, onBack }: StepProps) {
  const form = useStepForm<Values>({
    draft: { flow: 'PJ', step: 5 },
    resolver: schemaResolver<Values>(pjFinanceSchema),
    mode: 'onTouched',
    defaultValues: {
      banco: values.banco ?? '',
      agencia: values.agencia ?? '',
      conta: values.conta ?? '',
      tipoConta: values.tipoConta ?? '',
      faturamentoMensal: values.faturamentoMensal ?? '',
      numeroFuncionarios: values.numeroFuncionarios ?? '',
    },
  });
  const { register, formState } = form;
  const { errors } = formState;
  const { saving, save } = useSaveStep(pjWizard, 5, onSaved);

  const bankNumber = (name: 'agencia' | 'conta', maxLength: number) => ({
    ...registerMasked(register, name, (value) => maskBankNumber(value, maxLength)),
    inputMode: 'numeric' as const,
    maxLength,
  });

  return (
    <form
      onSubmit={form.handleSubmit(() => save(form.getValues()))}
      noValidate
      className="space-y-4"
    >
      <fieldset className="space-y-4">
        <legend className="mb-2 font-semibold">Conta bancária da empresa</legend>
        <FormField label="Banco" error={errors.banco?.message}>
          <NativeSelect options={bancoOptions} {...register('banco')} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="Agência" hint="Somente números e hífen" error={errors.agencia?.message}>
            <Input {...bankNumber('agencia', AGENCIA_MAX_LENGTH)} />
          </FormField>
          <FormField label="Conta" hint="Somente números e hífen" error={errors.conta?.message}>
            <Input {...bankNumber('conta', CONTA_MAX_LENGTH)} />
          </FormField>
          <FormField label="Tipo de conta" error={errors.tipoConta?.message}>
            <NativeSelect options={tipoContaOptions} {...register('tipoConta')} />
          </FormField>
        </div>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-2 font-semibold">Porte da empresa</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Faturamento mensal" error={errors.faturamentoMensal?.message}>
            <NativeSelect options={faturamentoMensalOptions} {...register('faturamentoMensal')} />
          </FormField>
          <FormField label="Número de funcionários" error={errors.numeroFuncionarios?.message}>
            <NativeSelect options={numeroFuncionariosOptions} {...register('numeroFuncionarios')} />
          </FormField>
        </div>
      </fieldset>
      <StepActions saving={saving} onBack={onBack} />
    </form>
  );
}
