import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationDetailSchema,
  decisionBaseSchema,
  denyDecisionSchema,
  requestChangesDecisionSchema,
  reviewFlowSchema,
} from '@medipay/shared/admin-review';
import { apiErrorSchema } from '@medipay/shared/api-error';
import { approveInputSchema } from '@medipay/shared/case-review';
import { currentAdmin } from '../admin-auth/admin-guard';
import type { DecisionContext, ReviewDecisions } from './review-decisions.service';
import type { ReviewDetail } from './review-detail.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
const decisionErrors = { ...errors, 409: apiErrorSchema };

/**
 * `:id` is any text: an id that names no record, malformed ones included, answers 404 (the
 * contract), not 400. Static siblings such as `/applications/:flow/export.csv` win over `:id`
 * (find-my-way prefers a static segment; the routes test checks it).
 */
const params = z.object({ flow: reviewFlowSchema, id: z.string() });

type Params = z.infer<typeof params>;

const contextOf = (request: FastifyRequest, { flow, id }: Params): DecisionContext => ({
  flow,
  id,
  admin: currentAdmin(request),
  ip: request.ip,
});

/**
 * An application's detail and the back office's decisions on it. Registered inside the guarded
 * `/api/admin` scope: `request.admin` is set (the decisions' actor), and POSTs passed the
 * same-origin check.
 */
export const reviewDetailRoutes: FastifyPluginAsyncZod<{
  detail: ReviewDetail;
  decisions: ReviewDecisions;
}> = async (app, { detail, decisions }) => {
  app.get(
    '/applications/:flow/:id',
    { schema: { params, response: { 200: applicationDetailSchema, ...errors } } },
    async (request) =>
      detail.get(request.params.flow, request.params.id, currentAdmin(request).user.id),
  );

  const response = { 200: applicationDetailSchema, ...decisionErrors };

  app.post(
    '/applications/:flow/:id/approve',
    { schema: { params, body: approveInputSchema, response } },
    async (request) => decisions.approve(contextOf(request, request.params), request.body),
  );

  app.post(
    '/applications/:flow/:id/request-changes',
    { schema: { params, body: requestChangesDecisionSchema, response } },
    async (request) => decisions.requestChanges(contextOf(request, request.params), request.body),
  );

  app.post(
    '/applications/:flow/:id/deny',
    { schema: { params, body: denyDecisionSchema, response } },
    async (request) => decisions.deny(contextOf(request, request.params), request.body),
  );

  app.post(
    '/applications/:flow/:id/reopen',
    { schema: { params, body: decisionBaseSchema, response } },
    async (request) => decisions.reopen(contextOf(request, request.params), request.body),
  );

  app.post(
    '/applications/:flow/:id/resend-requirements',
    {
      schema: {
        params,
        body: decisionBaseSchema,
        response: { 204: z.null(), ...decisionErrors },
      },
    },
    async (request, reply) => {
      await decisions.resendRequirements(contextOf(request, request.params), request.body);
      return reply.status(204).send(null);
    },
  );
};
