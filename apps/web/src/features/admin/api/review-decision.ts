import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  applicationDetailSchema,
  type ApplicationDetail,
  type ReviewFlow,
} from '@medipay/shared/admin-review';
import { errorCodes } from '@medipay/shared/api-error';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { noContentSchema } from './admin-errors';
import { adminKeys } from './query-keys';

/**
 * A decision on an application: the status the admin saw, and the text some decisions need.
 * `nota` is the approval's note (required on the first approval of a four-eyes case);
 * `notaInterna` stays in the back office, never reaching the applicant.
 */
export type DecisionInput = { id: string; expectedStatus: string } & (
  | { action: 'approve'; nota?: string }
  | { action: 'reopen' | 'resend-requirements' }
  | { action: 'request-changes'; exigencias: string; notaInterna?: string }
  | { action: 'deny'; motivo: string; notaInterna?: string }
);

/**
 * Posts a decision. Answers the updated application, or null for the resend (204). A 409 means
 * the record moved since it was shown, or the move is not allowed from its status.
 */
export async function postDecision(
  flow: ReviewFlow,
  { id, action, ...body }: DecisionInput,
): Promise<ApplicationDetail | null> {
  const path = `/admin/applications/${flow}/${encodeURIComponent(id)}/${action}`;
  if (action === 'resend-requirements') {
    await apiRequest(path, { method: 'POST', body, schema: noContentSchema });
    return null;
  }
  return apiRequest(path, { method: 'POST', body, schema: applicationDetailSchema });
}

/** Whether the server refused a decision because the record is not in the status shown. */
export function isConflict(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 409;
}

/** The message of a refused decision: the server's own on a 409, else the action's fallback. */
export function decisionErrorMessage(error: unknown, fallback: string): string {
  if (isConflict(error) && error instanceof ApiRequestError && error.code !== errorCodes.internal) {
    return error.message;
  }
  return fallback;
}

/**
 * Decides on applications of a flow. The answer replaces the cached detail and the lists and
 * dashboard reload; after a failure everything about the application is read again.
 */
export function useReviewDecision(flow: ReviewFlow) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminKeys.applications, flow, 'decision'],
    mutationFn: (input: DecisionInput) => postDecision(flow, input),
    onSuccess: async (detail, { id }) => {
      if (detail) queryClient.setQueryData(adminKeys.application(flow, id), detail);
      else void queryClient.invalidateQueries({ queryKey: adminKeys.application(flow, id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.applicationLists(flow) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboard }),
      ]);
    },
    onError: async (error, { id }) => {
      if (!isConflict(error)) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.application(flow, id) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.applicationLists(flow) }),
      ]);
    },
  });
}
