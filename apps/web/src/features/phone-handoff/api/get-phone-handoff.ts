import { useQuery } from '@tanstack/react-query';
import { HANDOFF_API_PATH, phoneHandoffSchema } from '@medipay/shared/handoff';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';

/** What the phone may know of the application it continues: a masked hint. */
export function getPhoneHandoff() {
  return apiRequest(HANDOFF_API_PATH, { schema: phoneHandoffSchema });
}

/** Whether the phone has no live credential (never opened a link, spent, or expired). */
export function isHandoffGone(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}

/** Asked once per page: the hint does not change while the phone takes the step. */
export function usePhoneHandoff() {
  return useQuery({
    queryKey: ['phone-handoff'],
    queryFn: getPhoneHandoff,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
