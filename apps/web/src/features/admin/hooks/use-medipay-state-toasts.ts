import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import type { ApplicationDetail } from '@medipay/shared/admin-review';
import { medipayMessages, type MedipayAccount } from '@medipay/shared/medipay-account';
import { paymentPlatformMessages } from '@medipay/shared/payment-platform';

export type MedipayTransition = 'done' | 'warning' | null;

/**
 * What a change of the MediPay account deserves: 'done' when the account now exists and did not
 * before; 'warning' when the creation failed, or a pending creation met its first error. Only
 * from no account yet (approval, 'Criar conta MediPay') or a pending one (the job).
 */
export function medipayTransition(
  before: MedipayAccount | null,
  after: MedipayAccount | null,
): MedipayTransition {
  if (!after) return null;
  const watched = before === null || before.state === 'pending';
  if (after.state === 'done') return before?.state === 'done' ? null : 'done';
  if (!watched) return null;
  if (after.state === 'failed') return 'warning';
  const errorAppeared = after.error !== null && (before === null || before.error === null);
  return errorAppeared ? 'warning' : null;
}

/**
 * Toasts the changes of the displayed application's MediPay account (polling, approval, the
 * card's actions): 'Conta processada com sucesso', or 'Conta aprovada com ressalvas'. Silent on
 * the first render of an application: loading a page is not a change.
 */
export function useMedipayStateToasts(detail: ApplicationDetail) {
  const previous = useRef<{ id: string; medipay: MedipayAccount | null } | null>(null);
  const { id, medipay } = detail;

  useEffect(() => {
    const before = previous.current;
    previous.current = { id, medipay };
    if (!before || before.id !== id) return;
    const transition = medipayTransition(before.medipay, medipay);
    if (transition === 'done') {
      toast.success(medipayMessages.accountProcessed);
    } else if (transition === 'warning') {
      toast.warning(medipayMessages.approvedWithWarnings, {
        description:
          medipay?.errorCode === 'ALREADY_REGISTERED'
            ? (medipay.error ?? paymentPlatformMessages.alreadyRegistered)
            : medipayMessages.approvedWithWarningsDescription,
      });
    }
  }, [id, medipay]);
}
