import { useEffect, useState } from 'react';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { Flow } from '@medipay/shared/status';
import { restoreDraft, writeDraft } from './step-draft';

export type StepFormOptions<Values extends FieldValues> = Omit<
  UseFormProps<Values>,
  'defaultValues'
> & {
  /** Whose draft the form keeps: the flow and the step's number. */
  draft: { flow: Flow; step: number };
  /** The step's values as the server has them (masked as the form shows them). */
  defaultValues: Values;
};

/**
 * `useForm` for a wizard step whose unsaved values survive a reload and Back then Forward: the
 * form starts from the saved values with the tab's draft of the step over them (step-draft.ts
 * says which wins), and every change is written to that draft at once, so leaving the step by
 * any way keeps what was typed.
 */
export function useStepForm<Values extends FieldValues>({
  draft,
  defaultValues,
  ...options
}: StepFormOptions<Values>): UseFormReturn<Values> {
  const { flow, step } = draft;
  // The saved values when the step opened: the base every change is compared with.
  const [saved] = useState(() => defaultValues);
  const [initial] = useState(() => restoreDraft(flow, step, saved));
  const form = useForm<Values>({
    ...options,
    defaultValues: initial as UseFormProps<Values>['defaultValues'],
  });

  const { subscribe } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => writeDraft(flow, step, saved, values),
      }),
    [subscribe, flow, step, saved],
  );

  return form;
}
