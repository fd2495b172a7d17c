import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { adminRecoveryCodes, adminUsers } from '@medipay/db/schema';
import type { Executor } from '../messaging/outbox.repository';
import type { AdminUserRow } from './admin-users.repository';

/** Keeps a secret shown for enrolment (sealed), replacing any earlier one not confirmed. */
export async function setPendingTotpSecret(executor: Executor, id: string, sealed: string) {
  await executor.update(adminUsers).set({ totpPendingSecret: sealed }).where(eq(adminUsers.id, id));
}

/**
 * Makes the pending secret the account's second factor, with its first accepted step, and
 * replaces the recovery codes. False when another request enrolled or reset it meanwhile.
 */
export async function confirmTotpSecret(
  executor: Executor,
  id: string,
  enrolment: { sealedPending: string; step: number; at: Date; recoveryCodeHashes: string[] },
): Promise<boolean> {
  const updated = await executor
    .update(adminUsers)
    .set({
      totpSecret: enrolment.sealedPending,
      totpPendingSecret: null,
      totpConfirmedAt: enrolment.at,
      totpLastStep: enrolment.step,
    })
    .where(
      and(
        eq(adminUsers.id, id),
        isNull(adminUsers.totpSecret),
        eq(adminUsers.totpPendingSecret, enrolment.sealedPending),
      ),
    )
    .returning({ id: adminUsers.id });
  if (updated.length === 0) return false;
  await executor.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, id));
  await executor.insert(adminRecoveryCodes).values(
    enrolment.recoveryCodeHashes.map((codeHash) => ({
      adminUserId: id,
      codeHash,
      createdAt: enrolment.at,
    })),
  );
  return true;
}

/**
 * Records `step` as the last accepted one, only if it is later than the last: of two requests
 * with the same code, one wins. False when the code's step was already used.
 */
export async function acceptTotpStep(
  executor: Executor,
  id: string,
  step: number,
): Promise<boolean> {
  const updated = await executor
    .update(adminUsers)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(adminUsers.id, id),
        or(isNull(adminUsers.totpLastStep), lt(adminUsers.totpLastStep, step)),
      ),
    )
    .returning({ id: adminUsers.id });
  return updated.length > 0;
}

/** Uses one recovery code of the account; false when none unused has this hash. */
export async function useRecoveryCode(
  executor: Executor,
  adminUserId: string,
  codeHash: string,
  at: Date,
): Promise<boolean> {
  const used = await executor
    .update(adminRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(adminRecoveryCodes.adminUserId, adminUserId),
        eq(adminRecoveryCodes.codeHash, codeHash),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return used.length > 0;
}

export async function countUnusedRecoveryCodes(
  executor: Executor,
  adminUserId: string,
): Promise<number> {
  const rows = await executor
    .select({ id: adminRecoveryCodes.id })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminUserId, adminUserId), isNull(adminRecoveryCodes.usedAt)));
  return rows.length;
}

/** Removes the account's authenticator secret (confirmed or pending) and its recovery codes. */
export async function clearSecondFactor(executor: Executor, id: string): Promise<AdminUserRow> {
  const [row] = await executor
    .update(adminUsers)
    .set({ totpSecret: null, totpPendingSecret: null, totpConfirmedAt: null, totpLastStep: null })
    .where(eq(adminUsers.id, id))
    .returning();
  await executor.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, id));
  return row!;
}
