import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@medipay/db/client';
import { outbox } from '@medipay/db/schema';
import type { Flow } from '@medipay/shared/status';

/** Starts an applicant session and returns its cookie header, as a browser would keep it. */
export async function startApplicantSession(
  app: FastifyInstance,
  flow: Flow = 'PF',
  remoteAddress?: string,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/applicant/sessions',
    payload: { flow },
    remoteAddress,
  });
  if (response.statusCode !== 201)
    throw new Error(`session not created: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies[0];
  if (!cookie) throw new Error('no session cookie');
  return { cookie: `${cookie.name}=${cookie.value}`, setCookie: cookie };
}

/** The one-time code most recently queued for a recipient, read from the outbox. */
export async function latestCodeFor(db: Database, recipient: string): Promise<string> {
  const [row] = await db
    .select({ data: outbox.data })
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const code = row?.data.code;
  if (typeof code !== 'string') throw new Error(`no code queued for ${recipient}`);
  return code;
}

/** The applicant session cookies (medipay_pf, medipay_pj). */
const sessionCookie = /^medipay_p[fj]$/;

/**
 * What a browser does with an answer's session cookie: a new token (a verified code, the
 * submission) replaces the caller's; a cleared one is dropped. Other cookies stay as they were.
 */
export function keepSessionCookie(
  caller: { cookie: string },
  response: { cookies: { name: string; value: string }[] },
) {
  for (const { name, value } of response.cookies) {
    if (!sessionCookie.test(name)) continue;
    const others = caller.cookie
      .split(/;\s*/)
      .filter((pair) => pair !== '' && !pair.startsWith(`${name}=`));
    caller.cookie = [...(value ? [`${name}=${value}`] : []), ...others].join('; ');
  }
}
