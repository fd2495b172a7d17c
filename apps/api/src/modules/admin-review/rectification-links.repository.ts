import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { rectificationLinks, type RequestedDocument } from '@medipay/db/schema';
import type { Flow } from '@medipay/shared/status';
import type { Executor } from '../messaging/outbox.repository';

export type RectificationLinkRow = typeof rectificationLinks.$inferSelect;

/** 32 random bytes, base64url (43 characters); only their SHA-256 is stored. */
const TOKEN_BYTES = 32;

export const hashRectificationToken = (token: string) =>
  createHash('sha256').update(token).digest('hex');

/**
 * Creates the link of an 'Em Exigência' e-mail, inside the transaction of the decision (or the
 * resend) that sends it. Answers the token, which only the e-mail carries.
 */
export async function insertRectificationLink(
  executor: Executor,
  input: {
    flow: Flow;
    recordId: string;
    createdAt: Date;
    expiresAt: Date;
    /** The refused documents the page asks for; absent for free-text requirements. */
    documentos?: RequestedDocument[] | null;
  },
): Promise<{ token: string; link: RectificationLinkRow }> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const [link] = await executor
    .insert(rectificationLinks)
    .values({ ...input, tokenHash: hashRectificationToken(token) })
    .returning();
  return { token, link: link! };
}

/** The unused, unexpired link of a token, or null. */
/** Whether `token` is a link whose corrections were already sent (used, whatever its expiry). */
export async function isUsedRectificationLink(executor: Executor, token: string) {
  const [link] = await executor
    .select({ id: rectificationLinks.id })
    .from(rectificationLinks)
    .where(
      and(
        eq(rectificationLinks.tokenHash, hashRectificationToken(token)),
        isNotNull(rectificationLinks.usedAt),
      ),
    );
  return Boolean(link);
}

export async function findLiveRectificationLink(
  executor: Executor,
  token: string,
  now: Date,
): Promise<RectificationLinkRow | null> {
  const [link] = await executor
    .select()
    .from(rectificationLinks)
    .where(
      and(
        eq(rectificationLinks.tokenHash, hashRectificationToken(token)),
        isNull(rectificationLinks.usedAt),
        gt(rectificationLinks.expiresAt, now),
      ),
    );
  return link ?? null;
}

/**
 * The documents the newest link of a record asks for (the last 'Em Exigência' or its resend):
 * a link made later for the same requirements (the status page's) asks for the same ones.
 */
export async function findRequestedDocuments(
  executor: Executor,
  flow: Flow,
  recordId: string,
): Promise<RequestedDocument[] | null> {
  const [link] = await executor
    .select({ documentos: rectificationLinks.documentos })
    .from(rectificationLinks)
    .where(and(eq(rectificationLinks.flow, flow), eq(rectificationLinks.recordId, recordId)))
    .orderBy(desc(rectificationLinks.createdAt))
    .limit(1);
  return link?.documentos ?? null;
}
