import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  webhookDeliveryListSchema,
  webhookEndpointCreatedSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookSecretSchema,
  type CreateWebhookEndpoint,
} from '@medipay/shared/webhooks';
import { apiRequest } from '../../../lib/api-client';
import { retryUnlessRefused } from './admin-errors';
import { adminKeys } from './query-keys';

const webhooksKey = [...adminKeys.all, 'webhooks'] as const;
const path = (id: string) => `/admin/webhooks/${encodeURIComponent(id)}`;

/** The registered endpoints (admin_master only). */
export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhooksKey,
    queryFn: () =>
      apiRequest('/admin/webhooks', { method: 'GET', schema: webhookEndpointListSchema }),
    retry: retryUnlessRefused,
    select: (data) => data.endpoints,
  });
}

/** The latest deliveries of one endpoint. */
export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: [...webhooksKey, id, 'deliveries'],
    queryFn: () =>
      apiRequest(`${path(id)}/deliveries`, { method: 'GET', schema: webhookDeliveryListSchema }),
    retry: retryUnlessRefused,
    select: (data) => data.deliveries,
  });
}

function useWebhookMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useCreateWebhook() {
  return useWebhookMutation((body: CreateWebhookEndpoint) =>
    apiRequest('/admin/webhooks', { method: 'POST', body, schema: webhookEndpointCreatedSchema }),
  );
}

export function useRotateWebhookSecret() {
  return useWebhookMutation((id: string) =>
    apiRequest(`${path(id)}/rotate`, { method: 'POST', schema: webhookSecretSchema }),
  );
}

export function useDeactivateWebhook() {
  return useWebhookMutation((id: string) =>
    apiRequest(`${path(id)}/deactivate`, { method: 'POST', schema: webhookEndpointSchema }),
  );
}
