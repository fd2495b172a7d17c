import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '@medipay/db/client';
import {
  adminLoginRequestSchema,
  adminSessionInfoSchema,
  adminUserListSchema,
  adminUserSchema,
  createAdminUserSchema,
  recoveryCodesSchema,
  resetAdminPasswordSchema,
  secondFactorCodeSchema,
  totpConfirmSchema,
  totpSetupSchema,
  type AdminSessionStage,
} from '@medipay/shared/admin';
import { apiErrorSchema } from '@medipay/shared/api-error';
import type { Clock } from '../../lib/clock';
import { toAdminUser, type AdminAccounts, type AdminActor } from './admin-accounts.service';
import type { AdminAuth, AdminLogin } from './admin-auth.service';
import { currentAdmin, requireMaster } from './admin-guard';
import type { SecondFactor, SecondFactorRequest } from './second-factor.service';

/**
 * What a module of the admin API behind the guard receives (app.ts registers it in the guarded
 * scope); `request.admin` is set in its handlers.
 */
export type AdminRouteOptions = { db: Database; clock: Clock };

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/** The admin of a guarded request, as the audit trail records who acted. */
export const actorOf = (request: FastifyRequest): AdminActor => {
  const admin = currentAdmin(request);
  return { id: admin.user.id, email: admin.user.email, ip: request.ip };
};

/** POST /login: the one admin route outside the session guard. */
export const adminLoginRoutes: FastifyPluginAsyncZod<{
  auth: AdminAuth;
  /** Whether the built-in MediPay sandbox is in use (the header's 'Sandbox' badge). */
  medipaySandbox: boolean;
}> = async (app, { auth, medipaySandbox }) => {
  app.post(
    '/login',
    {
      schema: {
        body: adminLoginRequestSchema,
        response: { 200: adminSessionInfoSchema, ...errors },
      },
    },
    async (request, reply) => {
      const login = await auth.login({
        credential: request.body.credential,
        password: request.body.password,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      auth.setCookie(reply, login);
      return sessionInfo(login, medipaySandbox);
    },
  );
};

const sessionInfo = (login: AdminLogin, medipaySandbox: boolean) => ({
  user: toAdminUser(login.user),
  expiresAt: login.expiresAt.toISOString(),
  medipaySandbox,
  stage: login.stage,
});

/** Every stage: a session that owes its second factor may still see itself and log out. */
const anyStage: readonly AdminSessionStage[] = ['second_factor', 'enrolment'];

const secondFactorRequest = (request: FastifyRequest): SecondFactorRequest => ({
  admin: currentAdmin(request),
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/**
 * The second factor: the code after the password, and the enrolment of an authenticator app
 * (by a session that must enrol before anything else, or by a complete one). Behind the guard.
 */
export const secondFactorRoutes: FastifyPluginAsyncZod<{
  auth: AdminAuth;
  secondFactor: SecondFactor;
  medipaySandbox: boolean;
}> = async (app, { auth, secondFactor, medipaySandbox }) => {
  app.post(
    '/second-factor/verify',
    {
      config: { adminStages: ['second_factor'] },
      schema: {
        body: secondFactorCodeSchema,
        response: { 200: adminSessionInfoSchema, ...errors },
      },
    },
    async (request, reply) => {
      const login = await secondFactor.verify(secondFactorRequest(request), request.body);
      auth.setCookie(reply, login);
      return sessionInfo(login, medipaySandbox);
    },
  );

  app.post(
    '/second-factor/totp/setup',
    {
      config: { adminStages: ['enrolment'] },
      schema: { response: { 200: totpSetupSchema, ...errors } },
    },
    async (request) => secondFactor.setup(currentAdmin(request)),
  );

  app.post(
    '/second-factor/totp/confirm',
    {
      config: { adminStages: ['enrolment'] },
      schema: { body: totpConfirmSchema, response: { 200: recoveryCodesSchema, ...errors } },
    },
    async (request, reply) => {
      const { recoveryCodes, login } = await secondFactor.confirm(
        secondFactorRequest(request),
        request.body.code,
      );
      if (login) auth.setCookie(reply, login);
      return { recoveryCodes };
    },
  );
};

/** The current session: who is logged in, and logout. Behind the guard. */
export const adminSessionRoutes: FastifyPluginAsyncZod<{
  auth: AdminAuth;
  accounts: AdminAccounts;
  medipaySandbox: boolean;
}> = async (app, { auth, accounts, medipaySandbox }) => {
  app.get(
    '/session',
    {
      config: { adminStages: anyStage },
      schema: { response: { 200: adminSessionInfoSchema, ...errors } },
    },
    async (request) => {
      const admin = currentAdmin(request);
      const user = await accounts.findById(admin.user.id);
      if (!user) throw new Error('the guard let through a session without its account');
      return {
        user: toAdminUser(user),
        expiresAt: admin.expiresAt.toISOString(),
        medipaySandbox,
        stage: admin.stage,
      };
    },
  );

  app.post(
    '/logout',
    { config: { adminStages: anyStage }, schema: { response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await auth.logout(currentAdmin(request), request.ip);
      auth.clearCookie(reply);
      return reply.status(204).send(null);
    },
  );
};

const userParams = z.object({ id: z.string().max(64) });

/** The management of admin accounts: admin_master only. Behind the guard. */
export const adminUserRoutes: FastifyPluginAsyncZod<{ accounts: AdminAccounts }> = async (
  app,
  { accounts },
) => {
  app.addHook('onRequest', requireMaster);

  app.get(
    '/users',
    { schema: { response: { 200: adminUserListSchema, ...errors } } },
    async () => ({
      users: (await accounts.list()).map(toAdminUser),
    }),
  );

  app.post(
    '/users',
    { schema: { body: createAdminUserSchema, response: { 201: adminUserSchema, ...errors } } },
    async (request, reply) => {
      const user = await accounts.create(request.body, actorOf(request));
      return reply.status(201).send(toAdminUser(user));
    },
  );

  app.post(
    '/users/:id/deactivate',
    { schema: { params: userParams, response: { 200: adminUserSchema, ...errors } } },
    async (request) => toAdminUser(await accounts.deactivate(request.params.id, actorOf(request))),
  );

  app.post(
    '/users/:id/password',
    {
      schema: {
        params: userParams,
        body: resetAdminPasswordSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await accounts.resetPassword(request.params.id, request.body.password, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/users/:id/second-factor/reset',
    { schema: { params: userParams, response: { 200: adminUserSchema, ...errors } } },
    async (request) =>
      toAdminUser(await accounts.resetSecondFactor(request.params.id, actorOf(request))),
  );
};
