import { useMutation } from '@tanstack/react-query';
import { statusCodeSentSchema, type StatusCodeRequest } from '@medipay/shared/application-status';
import { apiRequest } from '../../../lib/api-client';

/** Asks for a code for a protocol; the answer is the same whether or not it exists. */
export function requestStatusCode(body: StatusCodeRequest) {
  return apiRequest('/status/code', { method: 'POST', body, schema: statusCodeSentSchema });
}

export function useRequestStatusCode() {
  return useMutation({ mutationFn: requestStatusCode });
}
