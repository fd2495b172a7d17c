import { useQuery } from '@tanstack/react-query';
import { devOutboxResponseSchema } from '@medipay/shared/dev-outbox';
import { apiRequest } from '../../../lib/api-client';

export function getOutbox() {
  return apiRequest('/dev/outbox', { method: 'GET', schema: devOutboxResponseSchema });
}

/** The latest messages, refreshed every two seconds while the page is open. */
export function useOutbox() {
  return useQuery({ queryKey: ['dev-outbox'], queryFn: getOutbox, refetchInterval: 2000 });
}
