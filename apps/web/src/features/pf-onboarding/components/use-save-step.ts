import { useState } from 'react';
import { toast } from 'sonner';
import {
  pfApplicationMessages,
  type PfApplicationState,
  type PfSavableStep,
} from '@medipay/shared/pf-application';
import { ApiRequestError } from '../../../lib/api-client';
import { saveStep } from '../api/save-step';

/**
 * Saves a step, then hands the new state over; on a failure the applicant stays on the step,
 * with everything typed, and sees 'Erro ao salvar'.
 */
export function useSaveStep(step: PfSavableStep, onSaved: (state: PfApplicationState) => void) {
  const [saving, setSaving] = useState(false);
  async function save(values: Record<string, unknown>) {
    setSaving(true);
    try {
      onSaved(await saveStep(step, values));
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
