import type { PfApplicationState, PfSavableStep } from '@medipay/shared/pf-application';
import { clearDraft } from '../../../components/wizard/step-draft';
import { useStepSave } from '../../../components/wizard/use-step-save';
import { saveStep } from '../api/save-step';

/** Saves a PF step; on a failure the applicant stays on it with 'Erro ao salvar'. */
export function useSaveStep(step: PfSavableStep, onSaved: (state: PfApplicationState) => void) {
  return useStepSave(
    (values) => saveStep(step, values),
    (state) => {
      // Saved: what was typed is now the server's, no draft to restore.
      clearDraft('PF', step);
      onSaved(state);
    },
  );
}
