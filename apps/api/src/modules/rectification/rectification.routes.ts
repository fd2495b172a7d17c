import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@medipay/shared/api-error';
import { uploadedDocumentSchema } from '@medipay/shared/documents';
import {
  RECTIFICATION_COOKIE,
  rectificationOpenSchema,
  rectificationPageSchema,
  rectificationResultSchema,
  rectificationSubmitSchema,
} from '@medipay/shared/rectification';
import { readUploadedFile, sendDocument } from '../documents/document-http';
import type { Rectifications } from './rectification.service';

const errors = {
  400: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
  429: apiErrorSchema,
};

/** The routes below read the page's token from this cookie only. */
const COOKIE_PATH = '/api/rectification';

/**
 * The document rectification page's API (contract in packages/shared/src/rectification.ts),
 * registered under `/api`. The token of the e-mail is exchanged once for an HttpOnly cookie.
 */
export const rectificationRoutes: FastifyPluginAsyncZod<{
  rectifications: Rectifications;
  secureCookies: boolean;
}> = async (app, { rectifications, secureCookies }) => {
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies,
    path: COOKIE_PATH,
  } as const;
  const tokenOf = (request: FastifyRequest) => request.cookies[RECTIFICATION_COOKIE];
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.post(
    '/rectification/open',
    {
      schema: {
        body: rectificationOpenSchema,
        response: { 200: rectificationPageSchema, ...errors },
      },
      // Per IP: a token is 256 random bits, but nobody needs to try many.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { page, maxAgeSeconds } = await rectifications.open(request.body.token, request.ip);
      noStore(reply).setCookie(RECTIFICATION_COOKIE, request.body.token, {
        ...cookieOptions,
        maxAge: maxAgeSeconds,
      });
      return page;
    },
  );

  app.get(
    '/rectification',
    {
      schema: { response: { 200: rectificationPageSchema, ...errors } },
      config: { rateLimit: { max: 120, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      noStore(reply);
      return rectifications.page(tokenOf(request));
    },
  );

  app.post(
    '/rectification/documents/:field',
    {
      schema: {
        params: z.object({ field: z.string().max(40) }),
        response: { 201: uploadedDocumentSchema, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const document = await rectifications.upload(tokenOf(request), request.params.field, () =>
        readUploadedFile(request),
      );
      return reply.status(201).send(document);
    },
  );

  app.get(
    '/rectification/documents/:id',
    {
      schema: { params: z.object({ id: z.string().max(64) }) },
      config: { rateLimit: { max: 120, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const { document, stream } = await rectifications.document(
        tokenOf(request),
        request.params.id,
      );
      return sendDocument(reply, document, stream);
    },
  );

  app.post(
    '/rectification/submit',
    {
      schema: {
        body: rectificationSubmitSchema,
        response: { 200: rectificationResultSchema, ...errors },
      },
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const result = await rectifications.submit(tokenOf(request), request.body, request.ip);
      reply.clearCookie(RECTIFICATION_COOKIE, cookieOptions);
      return result;
    },
  );
};
