import { useState } from 'react';
import { toast } from 'sonner';
import { pfApplicationMessages } from '@medipay/shared/pf-application';
import { ApiRequestError } from '../../lib/api-client';
import { clearDraft } from './step-draft';
import type { WizardApplication, WizardFlow } from './wizard-flow';

/**
 * Saves a step, then hands the new state over; on a failure the applicant stays on the step,
 * with everything typed, and sees 'Erro ao salvar'.
 */
export function useStepSave<State>(
  send: (values: Record<string, unknown>) => Promise<State>,
  onSaved: (state: State) => void,
) {
  const [saving, setSaving] = useState(false);
  async function save(values: Record<string, unknown>) {
    setSaving(true);
    try {
      onSaved(await send(values));
    } catch (error) {
      toast.error(pfApplicationMessages.saveFailed, {
        description:
          error instanceof ApiRequestError
            ? error.message
            : 'Não foi possível salvar. Tente novamente.',
      });
    } finally {
      setSaving(false);
    }
  }
  return { saving, save };
}

/**
 * Saves step `step` of a wizard on the server; once saved, the step's draft (step-draft.ts) is
 * gone, since what was typed is now the server's.
 */
export function useSaveStep<State extends WizardApplication, Step extends number>(
  wizard: Pick<WizardFlow<State, Step>, 'flow' | 'save'>,
  step: Step,
  onSaved: (state: State) => void,
) {
  return useStepSave(
    (values) => wizard.save(step, values),
    (state) => {
      clearDraft(wizard.flow, step);
      onSaved(state);
    },
  );
}
