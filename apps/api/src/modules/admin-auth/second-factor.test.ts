import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions, adminRecoveryCodes, adminUsers } from '@medipay/db/schema';
import {
  ADMIN_RECOVERY_CODE_COUNT,
  adminAuditActions,
  adminMessages,
  adminSessionInfoSchema,
  LOGIN_FAILURES_PER_SOURCE,
  recoveryCodesSchema,
  totpSetupSchema,
} from '@medipay/shared/admin';
import { errorCodes } from '@medipay/shared/api-error';
import { createTestAdmin, nextTestIp, sameOrigin } from '../../../test/admin';
import { submittedPf } from '../../../test/review-detail-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { totpCodeAt } from './second-factor';

// Every admin of this app must enrol at login (REQUIRE_ADMIN_MFA=true, as in production).
const clock = createTestClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { REQUIRE_ADMIN_MFA: 'true', KYC_CHECKS: 'sandbox' } });
});
afterAll(async () => {
  await t.close();
});

const step = 30_000;

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;

function cookieOf(response: Answer): string {
  const set = response.cookies[0];
  if (!set) throw new Error(`no cookie: ${response.statusCode} ${response.body}`);
  return `${set.name}=${set.value}`;
}

const post = (url: string, cookie: string | null, payload?: object, ip = '10.99.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin${url}`,
    headers: { origin: sameOrigin(t), ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : {}),
    remoteAddress: ip,
  });

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin${url}`, headers: { cookie } });

const login = (email: string, password: string, ip = nextTestIp()) =>
  post('/login', null, { credential: email, password }, ip);

/** An account enrolled through the API: its base32 secret, recovery codes and password. */
async function enrolledAdmin(role: 'admin_master' | 'admin_mini' = 'admin_mini') {
  const { row, password } = await createTestAdmin(t, { role, clock });
  const first = await login(row.email, password);
  const cookie = cookieOf(first);
  const setup = totpSetupSchema.parse((await post('/second-factor/totp/setup', cookie)).json());
  const confirmed = await post('/second-factor/totp/confirm', cookie, {
    code: totpCodeAt(setup.secret, clock.now()),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const { recoveryCodes } = recoveryCodesSchema.parse(confirmed.json());
  // The enrolment code's step is used; a minute on, the step before the current one is not.
  clock.advance(2 * step);
  return { row, password, secret: setup.secret, recoveryCodes, cookie: cookieOf(confirmed) };
}

describe('enrolment, required at login', () => {
  it('shows a secret once confirmed by a first code, with ten recovery codes, then opens the session', async () => {
    const { row, password } = await createTestAdmin(t, { role: 'admin_mini', clock });
    const first = await login(row.email, password);
    expect(first.statusCode, first.body).toBe(200);
    expect(adminSessionInfoSchema.parse(first.json()).stage).toBe('enrolment');
    const pending = cookieOf(first);

    // Nothing but the enrolment, the session and logout until then.
    const dashboard = await get('/dashboard', pending);
    expect(dashboard.statusCode).toBe(401);
    expect(dashboard.json()).toEqual({
      code: errorCodes.secondFactorRequired,
      message: adminMessages.secondFactorRequired,
    });
    expect((await get('/session', pending)).json()).toMatchObject({ stage: 'enrolment' });

    const setup = totpSetupSchema.parse((await post('/second-factor/totp/setup', pending)).json());
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUri).toBe(
      `otpauth://totp/MediPay:${encodeURIComponent(row.email)}?issuer=MediPay&secret=${setup.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(setup.qrSvg).toMatch(/^<svg[^>]*viewBox/);

    // Stored sealed, never as the key itself.
    const [stored] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.id, row.id));
    expect(stored!.totpPendingSecret).toMatch(/^v1\./);
    expect(stored!.totpPendingSecret).not.toContain(setup.secret);

    const wrong = await post('/second-factor/totp/confirm', pending, {
      code: totpCodeAt(setup.secret, new Date(clock.now().getTime() + 5 * step)),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: errorCodes.invalidCode,
      message: adminMessages.invalidCode,
    });

    const confirmed = await post('/second-factor/totp/confirm', pending, {
      code: totpCodeAt(setup.secret, clock.now()),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes } = recoveryCodesSchema.parse(confirmed.json());
    expect(recoveryCodes).toHaveLength(ADMIN_RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(ADMIN_RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);

    // A new token for the complete session; the enrolment session is gone.
    const complete = cookieOf(confirmed);
    expect(complete).not.toBe(pending);
    expect((await get('/dashboard', complete)).statusCode).toBe(200);
    expect((await get('/session', pending)).statusCode).toBe(401);

    const hashes = await t.database.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.adminUserId, row.id));
    expect(hashes).toHaveLength(ADMIN_RECOVERY_CODE_COUNT);
    for (const { codeHash } of hashes) {
      expect(recoveryCodes.some((code) => codeHash.includes(code.replace('-', '')))).toBe(false);
    }
    const audited = await t.database.db
      .select({ action: adminActions.action })
      .from(adminActions)
      .where(eq(adminActions.adminUserId, row.id));
    expect(audited.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        adminAuditActions.secondFactorEnrolled,
        adminAuditActions.loginSucceeded,
        adminAuditActions.loginFailed,
      ]),
    );

    // Enrolled: no second enrolment over it.
    const again = await post('/second-factor/totp/setup', complete);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(adminMessages.alreadyEnrolled);
  });

  it('refuses to confirm without a secret shown first', async () => {
    const { row, password } = await createTestAdmin(t, { role: 'admin_mini', clock });
    const pending = cookieOf(await login(row.email, password));
    const confirm = await post('/second-factor/totp/confirm', pending, { code: '123456' });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().message).toBe(adminMessages.noPendingEnrolment);
  });
});

describe('login with the code', () => {
  it('accepts a code one step old, never the same step twice, and not two steps old', async () => {
    const admin = await enrolledAdmin();
    const first = await login(admin.row.email, admin.password);
    expect(adminSessionInfoSchema.parse(first.json()).stage).toBe('second_factor');
    const pending = cookieOf(first);
    expect((await get('/dashboard', pending)).statusCode).toBe(401);

    const twoStepsOld = totpCodeAt(admin.secret, new Date(clock.now().getTime() - 2 * step));
    const refused = await post('/second-factor/verify', pending, { code: twoStepsOld });
    expect(refused.statusCode).toBe(400);

    // A phone 30 s behind.
    const oneStepOld = totpCodeAt(admin.secret, new Date(clock.now().getTime() - step));
    const verified = await post('/second-factor/verify', pending, { code: oneStepOld });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(adminSessionInfoSchema.parse(verified.json()).stage).toBe('complete');
    const complete = cookieOf(verified);
    expect((await get('/dashboard', complete)).statusCode).toBe(200);
    expect((await get('/session', pending)).statusCode).toBe(401);

    // The same code, seen over a shoulder, in another login within its 90 s.
    const second = cookieOf(await login(admin.row.email, admin.password));
    const replayed = await post('/second-factor/verify', second, { code: oneStepOld });
    expect(replayed.statusCode).toBe(400);
    // The current step's code, later than the last used, is taken.
    const current = await post('/second-factor/verify', second, {
      code: totpCodeAt(admin.secret, clock.now()),
    });
    expect(current.statusCode, current.body).toBe(200);

    const notes = await t.database.db
      .select({ note: adminActions.observacoes })
      .from(adminActions)
      .where(eq(adminActions.adminUserId, admin.row.id));
    expect(notes.map((entry) => entry.note)).toEqual(
      expect.arrayContaining([
        'Senha correta; código de verificação incorreto',
        'Senha correta; código de verificação já usado',
      ]),
    );
  });

  it('takes one code once when two logins send it at the same moment', async () => {
    const admin = await enrolledAdmin();
    const [a, b] = [
      cookieOf(await login(admin.row.email, admin.password)),
      cookieOf(await login(admin.row.email, admin.password)),
    ];
    const code = totpCodeAt(admin.secret, clock.now());
    const answers = await Promise.all(
      [a, b].map((cookie) => post('/second-factor/verify', cookie, { code }, nextTestIp())),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('takes each recovery code once, typed in any case, with or without its dash', async () => {
    const admin = await enrolledAdmin();
    const code = admin.recoveryCodes[3]!;
    const pending = cookieOf(await login(admin.row.email, admin.password));
    const used = await post('/second-factor/verify', pending, {
      recoveryCode: code.replace('-', '').toLowerCase(),
    });
    expect(used.statusCode, used.body).toBe(200);
    expect((await get('/dashboard', cookieOf(used))).statusCode).toBe(200);

    const again = cookieOf(await login(admin.row.email, admin.password));
    const refused = await post('/second-factor/verify', again, { recoveryCode: code });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(adminMessages.invalidRecoveryCode);

    // Another account's code is no code of this one.
    const other = await enrolledAdmin();
    const foreign = await post('/second-factor/verify', again, {
      recoveryCode: other.recoveryCodes[0],
    });
    expect(foreign.statusCode).toBe(400);

    const malformed = await post('/second-factor/verify', again, { recoveryCode: 'ABC' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain(adminMessages.recoveryCodeFormat);

    const used3 = await t.database.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.action, adminAuditActions.recoveryCodeUsed));
    expect(used3.filter((row) => row.adminUserId === admin.row.id)).toHaveLength(1);
  });

  it('throttles wrong codes like passwords, per account and source', async () => {
    const admin = await enrolledAdmin();
    const ip = nextTestIp();
    const pending = cookieOf(await login(admin.row.email, admin.password, ip));
    for (let i = 0; i < LOGIN_FAILURES_PER_SOURCE; i += 1) {
      const wrong = await post('/second-factor/verify', pending, { code: '000000' }, ip);
      expect(wrong.statusCode).toBe(400);
    }
    const right = totpCodeAt(admin.secret, clock.now());
    const throttled = await post('/second-factor/verify', pending, { code: right }, ip);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe(errorCodes.rateLimited);
  });

  it('ends an unfinished login after ten minutes', async () => {
    const admin = await enrolledAdmin();
    const pending = cookieOf(await login(admin.row.email, admin.password));
    clock.advance(10 * 60_000);
    const late = await post('/second-factor/verify', pending, {
      code: totpCodeAt(admin.secret, clock.now()),
    });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe(errorCodes.unauthorized);
  });
});

describe('a login that owes its code', () => {
  it("opens no document: only a complete session sees the applicants' files", async () => {
    const { saved } = await submittedPf(t, clock);
    const documentId = Object.values(saved)[0]!.id;
    const admin = await enrolledAdmin();
    const pending = cookieOf(await login(admin.row.email, admin.password));
    const asPending = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${documentId}`,
      headers: { cookie: pending },
    });
    expect(asPending.statusCode).toBe(404);
    const asComplete = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${documentId}`,
      headers: { cookie: admin.cookie },
    });
    expect(asComplete.statusCode).toBe(200);
  });
});

describe('reset by a master', () => {
  it('removes the second factor and the sessions of the account, audited; the next login enrols again', async () => {
    const master = await enrolledAdmin('admin_master');
    const target = await enrolledAdmin();
    expect((await get('/session', target.cookie)).json()).toMatchObject({
      user: { secondFactor: true },
    });

    // Not by an admin_mini.
    const mini = await enrolledAdmin();
    const forbidden = await post(`/users/${target.row.id}/second-factor/reset`, mini.cookie);
    expect(forbidden.statusCode).toBe(403);

    const reset = await post(`/users/${target.row.id}/second-factor/reset`, master.cookie);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ id: target.row.id, secondFactor: false });
    expect((await get('/session', target.cookie)).statusCode).toBe(401);
    const left = await t.database.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.adminUserId, target.row.id));
    expect(left).toEqual([]);
    const [audit] = await t.database.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.action, adminAuditActions.secondFactorReset));
    expect(audit).toMatchObject({
      adminUserId: master.row.id,
      observacoes: `Verificação em duas etapas redefinida: ${target.row.email}`,
    });

    const next = await login(target.row.email, target.password);
    expect(adminSessionInfoSchema.parse(next.json()).stage).toBe('enrolment');
  });
});
