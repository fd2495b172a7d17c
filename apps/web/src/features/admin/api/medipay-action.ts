import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  applicationDetailSchema,
  type ApplicationDetail,
  type ReviewFlow,
} from '@medipay/shared/admin-review';
import { errorCodes } from '@medipay/shared/api-error';
import { medipayActionPaths, type MedipayAction } from '@medipay/shared/medipay-account';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { isUnauthorized } from './admin-errors';
import { adminKeys } from './query-keys';

export type MedipayActionInput = { id: string; action: MedipayAction };

/**
 * Asks for a MediPay platform action (create the account, send the documents, the onboarding
 * e-mail or the e-mail verification). Answers the updated application; a refusal is a 409 (not
 * allowed now) or a 502 (the platform failed), each with a Portuguese message to show.
 */
export function postMedipayAction(
  flow: ReviewFlow,
  id: string,
  action: MedipayAction,
): Promise<ApplicationDetail> {
  const path = `/admin/applications/${flow}/${encodeURIComponent(id)}/medipay/${medipayActionPaths[action]}`;
  return apiRequest(path, { method: 'POST', body: {}, schema: applicationDetailSchema });
}

/** The message of a refused action: the server's own when it sent one, else the fallback. */
export function medipayErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.message && error.code !== errorCodes.internal) {
    return error.message;
  }
  return fallback;
}

/**
 * MediPay platform actions on applications of a flow. The answer replaces the cached detail and
 * the lists and dashboard reload; after a refusal the application is read again (it moved, or
 * the failed call changed its account: attempts, last error, audit).
 */
export function useMedipayAction(flow: ReviewFlow) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminKeys.applications, flow, 'medipay'],
    mutationFn: ({ id, action }: MedipayActionInput) => postMedipayAction(flow, id, action),
    onSuccess: async (detail, { id }) => {
      queryClient.setQueryData(adminKeys.application(flow, id), detail);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.applicationLists(flow) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboard }),
      ]);
    },
    onError: async (error, { id }) => {
      if (isUnauthorized(error)) return;
      await queryClient.invalidateQueries({ queryKey: adminKeys.application(flow, id) });
    },
  });
}
