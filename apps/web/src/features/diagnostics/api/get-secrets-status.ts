import { useMutation } from '@tanstack/react-query';
import { secretsStatusSchema, type SecretsStatus } from '@medipay/shared/health';
import { apiRequest } from '../../../lib/api-client';

export function getSecretsStatus(): Promise<SecretsStatus> {
  return apiRequest('/debug/secrets', { method: 'GET', schema: secretsStatusSchema });
}

/** A mutation rather than a query: the check runs only when the operator asks for it. */
export function useTestSecrets() {
  return useMutation({ mutationFn: getSecretsStatus });
}
