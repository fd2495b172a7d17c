import { useState } from 'react';
import { toast } from 'sonner';
import { pfApplicationMessages } from '@medipay/shared/pf-application';
import { ApiRequestError } from '../../lib/api-client';

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
