import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { schemaResolver } from '../../lib/schema-resolver';
import { useSaveStep } from './use-step-save';
import { useStepForm } from './use-step-form';
import type { WizardApplication, WizardDefinition } from './wizard-flow';

export type WizardStepFormOptions<Values extends FieldValues, State> = {
  /** The step's values as the server has them (masked as the form shows them). */
  defaultValues: Values;
  onSaved: (state: State) => void;
  /** In place of the flow's schema of the step, where the form holds its values otherwise. */
  schema?: z.ZodType;
};

/**
 * The form of step `step` of a wizard: its values kept in the tab's draft (`useStepForm`),
 * checked by the step's schema as each field is left, and saved on the server; `submit` saves
 * what is typed once the schema accepts it.
 */
export function useWizardStepForm<
  Values extends FieldValues,
  State extends WizardApplication,
  Step extends number,
>(
  wizard: Pick<WizardDefinition<State, Step>, 'flow' | 'save' | 'schemas'>,
  step: Step,
  { defaultValues, onSaved, schema = wizard.schemas[step] }: WizardStepFormOptions<Values, State>,
) {
  const form = useStepForm<Values>({
    draft: { flow: wizard.flow, step },
    resolver: schemaResolver<Values>(schema),
    mode: 'onTouched',
    defaultValues,
  });
  const { saving, save } = useSaveStep(wizard, step, onSaved);
  const submit = form.handleSubmit(() => save(form.getValues()));
  return { form, saving, save, submit };
}

/** The saved text of each named field, '' where nothing was saved yet. */
export function savedTexts<Name extends string>(
  values: Partial<Record<Name, string | null | undefined>>,
  names: readonly Name[],
): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, values[name] ?? ''])) as Record<
    Name,
    string
  >;
}
