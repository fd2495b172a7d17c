import { useMutation } from '@tanstack/react-query';
import {
  adminSessionInfoSchema,
  recoveryCodesSchema,
  totpSetupSchema,
  type SecondFactorCode,
} from '@medipay/shared/admin';
import { apiRequest } from '../../../lib/api-client';

/** Completes a login with the authenticator's code or a recovery code: the complete session. */
export function verifySecondFactor(body: SecondFactorCode) {
  return apiRequest('/admin/second-factor/verify', {
    method: 'POST',
    body,
    schema: adminSessionInfoSchema,
  });
}

/** A new authenticator secret for this account, kept pending until its first code. */
export function setupTotp() {
  return apiRequest('/admin/second-factor/totp/setup', { method: 'POST', schema: totpSetupSchema });
}

/** Confirms the pending secret with its first code: the recovery codes, shown once. */
export function confirmTotp(code: string) {
  return apiRequest('/admin/second-factor/totp/confirm', {
    method: 'POST',
    body: { code },
    schema: recoveryCodesSchema,
  });
}

export function useVerifySecondFactor() {
  return useMutation({ mutationFn: verifySecondFactor });
}

export function useSetupTotp() {
  return useMutation({ mutationFn: setupTotp });
}

export function useConfirmTotp() {
  return useMutation({ mutationFn: confirmTotp });
}
