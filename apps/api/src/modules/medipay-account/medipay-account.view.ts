import type { MedipayAccount, MedipayAction } from '@medipay/shared/medipay-account';
import type { Flow } from '@medipay/shared/status';
import type { MedipayAccountRow } from './medipay-account.repository';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The account as the back office shows it. */
export function toMedipayAccount(row: MedipayAccountRow): MedipayAccount {
  return {
    state: row.state,
    userId: row.userId,
    existingAccount: row.existingAccount,
    attempts: row.attempts,
    error: row.state === 'done' ? null : row.errorMessage,
    errorCode: row.state === 'done' ? null : (row.errorCode as MedipayAccount['errorCode'] | null),
    requestedAt: row.requestedAt.toISOString(),
    completedAt: iso(row.completedAt),
    onboardingUrl: row.onboardingUrl,
    documentsSentAt: iso(row.documentsSentAt),
    documentsSent: row.documentsSent,
    onboardingSentAt: iso(row.onboardingSentAt),
    emailVerificationSentAt: iso(row.emailVerificationSentAt),
  };
}

/**
 * The platform actions offered on an application: only once approved; the PF detail has the
 * spec's three, a company 'Enviar Onboard' (a resend of its activation link) once its account
 * exists, and both flows may create the account by hand when none exists or it failed.
 */
export function medipayActionsFor(
  flow: Flow,
  status: string,
  row: MedipayAccountRow | null,
): MedipayAction[] {
  if (status !== 'APROVADO') return [];
  const actions: MedipayAction[] = [];
  if (!row || row.state === 'failed') actions.push('create-account');
  if (flow === 'PF') actions.push('send-documents', 'send-onboarding', 'confirm-email');
  else if (row?.state === 'done') actions.push('send-onboarding');
  return actions;
}
