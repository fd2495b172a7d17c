import type { PjApplicationState, PjSavableStep } from '@medipay/shared/pj-application';
import { clearDraft } from '../../../components/wizard/step-draft';
import { useStepSave } from '../../../components/wizard/use-step-save';
import { saveStep } from '../api/save-step';

/** Saves a PJ step; on a failure the applicant stays on it with 'Erro ao salvar'. */
export function useSaveStep(step: PjSavableStep, onSaved: (state: PjApplicationState) => void) {
  return useStepSave(
    (values) => saveStep(step, values),
    (state) => {
      // Saved: what was typed is now the server's, no draft to restore.
      clearDraft('PJ', step);
      onSaved(state);
    },
  );
}
