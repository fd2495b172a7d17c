import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationDetailSchema, type ReviewFlow } from '@medipay/shared/admin-review';
import type { AssignCase, DocumentReviewInput } from '@medipay/shared/case-review';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';
import { isConflict } from './review-decision';

/**
 * A change of the case (case-review.ts): who holds it, the first approval, a document's decision.
 * Each one carries what the admin saw (the holder, the status), so that a 409 tells them it moved.
 */
export type CaseActionInput =
  | ({ action: 'assign' } & AssignCase)
  | { action: 'release' | 'withdraw-approval'; expectedStatus: string }
  | ({ action: 'review-document'; documentId: string } & DocumentReviewInput);

function pathOf(flow: ReviewFlow, id: string, input: CaseActionInput): string {
  const application = `/admin/applications/${flow}/${encodeURIComponent(id)}`;
  if (input.action === 'review-document') {
    return `${application}/documents/${encodeURIComponent(input.documentId)}/review`;
  }
  return `${application}/${input.action}`;
}

function bodyOf(input: CaseActionInput) {
  if (input.action === 'review-document') {
    const { action: _action, documentId: _documentId, ...body } = input;
    return body;
  }
  const { action: _action, ...body } = input;
  return body;
}

/** Posts a change of the case; answers the application as it stands after it. */
export function postCaseAction(flow: ReviewFlow, id: string, input: CaseActionInput) {
  return apiRequest(pathOf(flow, id, input), {
    method: 'POST',
    body: bodyOf(input),
    schema: applicationDetailSchema,
  });
}

/**
 * Changes the case of one application. The answer replaces the cached detail and the lists
 * (their holder and 'Minhas análises') reload; after a 409 the application is read again.
 */
export function useCaseAction(flow: ReviewFlow, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminKeys.application(flow, id), 'case'],
    mutationFn: (input: CaseActionInput) => postCaseAction(flow, id, input),
    onSuccess: async (detail) => {
      queryClient.setQueryData(adminKeys.application(flow, id), detail);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.applicationLists(flow) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboard }),
      ]);
    },
    onError: async (error) => {
      if (!isConflict(error)) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.application(flow, id), exact: true }),
        queryClient.invalidateQueries({ queryKey: adminKeys.applicationLists(flow) }),
      ]);
    },
  });
}
