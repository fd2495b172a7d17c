import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantSessions } from '@medipay/db/schema';
import { flowCases } from '../../../test/application-cases';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { hashSessionToken, sessionCookieNames } from './applicant-session.service';

// 'Sair' on a shared computer: the next person to open the wizard must not see the last
// applicant's application, even with a copy of the old cookie.
const clock = createTestClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

/** A request of the applicant's browser (its cookie and address). */
const asApplicant = (
  applicant: { cookie: string; remoteAddress: string },
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { cookie: applicant.cookie },
    remoteAddress: applicant.remoteAddress,
  });

describe.each(flowCases)("'Sair' in the $flow wizard", (flowCase) => {
  const { flow } = flowCase;

  it('ends the session on the server and clears its cookie; the old cookie opens nothing', async () => {
    const client = flowCase.client(t);
    const applicant = await client.applicant();
    await client.fillSteps(applicant, 1);
    expect((await client.getState(applicant)).json().currentStep).toBe(2);

    const ended = await asApplicant(applicant, 'DELETE', `/api/applicant/sessions/${flow}`);
    expect(ended.statusCode).toBe(204);
    const cleared = ended.cookies.find((cookie) => cookie.name === sessionCookieNames[flow]);
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());

    const token = applicant.cookie.split('=')[1]!;
    const [row] = await t.database.db
      .select({ endedAt: applicantSessions.endedAt })
      .from(applicantSessions)
      .where(eq(applicantSessions.tokenHash, hashSessionToken(token)));
    expect(row?.endedAt).toEqual(clock.now());

    // A copy of the old cookie: no application, no session, no code to send.
    expect((await client.getState(applicant)).statusCode).toBe(401);
    const session = await asApplicant(applicant, 'GET', `/api/applicant/sessions/${flow}`);
    expect(session.statusCode).toBe(401);

    // Opening the wizard again starts afresh, with a new session.
    const fresh = await asApplicant(applicant, 'POST', '/api/applicant/sessions', { flow });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json()).toEqual({ flow, verifiedEmail: null, verifiedPhone: null });
    const newCookie = fresh.cookies.find((cookie) => cookie.name === sessionCookieNames[flow]);
    expect(newCookie?.value).not.toBe(token);
    const state = await client.getState({
      cookie: `${sessionCookieNames[flow]}=${newCookie!.value}`,
      remoteAddress: applicant.remoteAddress,
    });
    expect(state.json()).toEqual({ currentStep: 1, status: null, protocolo: null, values: {} });
  });

  it('answers 204 without a session, and leaves the other flow’s session open', async () => {
    const other = flowCases.find((entry) => entry.flow !== flow)!.client(t);
    const applicant = await other.applicant({ verified: false });
    const response = await asApplicant(applicant, 'DELETE', `/api/applicant/sessions/${flow}`);
    expect(response.statusCode).toBe(204);
    expect((await other.getState(applicant)).statusCode).toBe(200);
  });
});
