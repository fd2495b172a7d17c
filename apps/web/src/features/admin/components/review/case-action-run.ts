import { toast } from 'sonner';
import type { ApplicationDetail, ReviewFlow } from '@medipay/shared/admin-review';
import { useCaseAction, type CaseActionInput } from '../../api/case-actions';
import { isConflict } from '../../api/review-decision';
import { toastDecisionError } from './decision-toasts';

/** The 'Erro' toasts' texts of the case's changes when the server gave none of its own. */
export const caseFailures = {
  assign: 'Não foi possível assumir a análise',
  release: 'Não foi possível liberar a análise',
  withdraw: 'Não foi possível retirar a aprovação',
  documentReview: 'Não foi possível registrar a avaliação do documento',
} as const;

/** The API's name of an application's flow. */
export const reviewFlowOf = (detail: ApplicationDetail): ReviewFlow =>
  detail.flow === 'PF' ? 'pf' : 'pj';

/**
 * Runs the changes of one application's case with their toasts: `run` resolves true when the
 * dialog that asked for it may close (done, or moot after a 409, whose message is shown).
 */
export function useRunCaseAction(detail: ApplicationDetail) {
  const mutation = useCaseAction(reviewFlowOf(detail), detail.id);
  async function run(
    input: CaseActionInput,
    texts: { success: string; failure: string },
  ): Promise<boolean> {
    try {
      await mutation.mutateAsync(input);
      toast.success(texts.success);
      return true;
    } catch (error) {
      toastDecisionError(error, texts.failure);
      return isConflict(error);
    }
  }
  return { run, pending: mutation.isPending };
}
