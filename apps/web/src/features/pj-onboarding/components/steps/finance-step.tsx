import { maskBankNumber } from '@medipay/shared/masks';
import {
  bancoOptions,
  faturamentoMensalOptions,
  numeroFuncionariosOptions,
  tipoContaOptions,
} from '@medipay/shared/options';
import { AGENCIA_MAX_LENGTH, CONTA_MAX_LENGTH } from '@medipay/shared/pj-onboarding';
import { FormField } from '../../../../components/form/form-field';
import { Input } from '../../../../components/ui/input';
import { NativeSelect } from '../../../../components/ui/native-select';
import { StepActions } from '../../../../components/wizard/step-actions';
import { savedTexts, useWizardStepForm } from '../../../../components/wizard/use-wizard-step-form';
import { registerMasked } from '../../../../lib/masked-register';
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
  const defaultValues: Values = savedTexts(values, [
    'banco',
    'agencia',
    'conta',
    'tipoConta',
    'faturamentoMensal',
    'numeroFuncionarios',
  ]);
  const { form, saving, submit } = useWizardStepForm(pjWizard, 5, { defaultValues, onSaved });
  const { register, formState } = form;
  const { errors } = formState;

  const bankNumber = (name: 'agencia' | 'conta', maxLength: number) => ({
    ...registerMasked(register, name, (value) => maskBankNumber(value, maxLength)),
    inputMode: 'numeric' as const,
    maxLength,
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
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
