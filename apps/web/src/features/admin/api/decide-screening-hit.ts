import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewFlow } from '@medipay/shared/admin-review';
import { applicationScreeningSchema, type ScreeningDecision } from '@medipay/shared/screening';
import { apiRequest } from '../../../lib/api-client';
import { isConflict } from './review-decision';
import { adminKeys } from './query-keys';

export type ScreeningDecisionInput = ScreeningDecision & { hitId: string };

/**
 * Confirms or dismisses one hit of an application with a reason; answers the application's
 * screening as it stands after the decision. A 409: the hit was decided (or withdrawn) already.
 */
export function decideScreeningHit(
  flow: ReviewFlow,
  id: string,
  { hitId, ...body }: ScreeningDecisionInput,
) {
  return apiRequest(
    `/admin/applications/${flow}/${encodeURIComponent(id)}/screening/hits/${encodeURIComponent(hitId)}/decision`,
    { method: 'POST', body, schema: applicationScreeningSchema },
  );
}

/**
 * Decides hits of one application. The answer replaces the cached screening; the application
 * (its audit trail), the lists (their 'Triagem' filter) and the dashboard reload. After a 409
 * the screening is read again.
 */
export function useDecideScreeningHit(flow: ReviewFlow, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminKeys.applicationScreening(flow, id), 'decision'],
    mutationFn: (input: ScreeningDecisionInput) => decideScreeningHit(flow, id, input),
    onSuccess: async (screening) => {
      queryClient.setQueryData(adminKeys.applicationScreening(flow, id), screening);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.application(flow, id), exact: true }),
        queryClient.invalidateQueries({ queryKey: adminKeys.applicationLists(flow) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboard }),
      ]);
    },
    onError: async (error) => {
      if (!isConflict(error)) return;
      await queryClient.invalidateQueries({ queryKey: adminKeys.applicationScreening(flow, id) });
    },
  });
}
