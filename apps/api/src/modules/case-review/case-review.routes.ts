import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationDetailSchema,
  decisionBaseSchema,
  flowOfReview,
  reviewFlowSchema,
} from '@medipay/shared/admin-review';
import { apiErrorSchema } from '@medipay/shared/api-error';
import {
  assignCaseSchema,
  documentReviewInputSchema,
  linkedApplicationsSchema,
} from '@medipay/shared/case-review';
import { currentAdmin } from '../admin-auth/admin-guard';
import { reviewNotFound } from '../admin-review/review-detail.service';
import type { LinkedApplicationsService } from '../linked-applications/linked-applications.service';
import type { CaseReview } from './case-review.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const params = z.object({ flow: reviewFlowSchema, id: z.string() });
const response = { 200: applicationDetailSchema, ...errors };

/**
 * Case management on an application (case-review.ts in shared): who holds it, the withdrawal of
 * a first approval, the decisions on documents, and the linked applications. Registered inside
 * the guarded `/api/admin` scope.
 */
export const caseReviewRoutes: FastifyPluginAsyncZod<{
  cases: CaseReview;
  links: Pick<LinkedApplicationsService, 'get'>;
}> = async (app, { cases, links }) => {
  const contextOf = (request: FastifyRequest, { flow, id }: z.infer<typeof params>) => ({
    flow,
    id,
    ip: request.ip,
    admin: currentAdmin(request),
  });

  app.post(
    '/applications/:flow/:id/assign',
    { schema: { params, body: assignCaseSchema, response } },
    async (request) => cases.assign(contextOf(request, request.params), request.body),
  );

  app.post(
    '/applications/:flow/:id/release',
    { schema: { params, body: decisionBaseSchema, response } },
    async (request) => cases.release(contextOf(request, request.params), request.body),
  );

  app.post(
    '/applications/:flow/:id/withdraw-approval',
    { schema: { params, body: decisionBaseSchema, response } },
    async (request) => cases.withdrawApproval(contextOf(request, request.params), request.body),
  );

  app.post(
    '/applications/:flow/:id/documents/:documentId/review',
    {
      schema: {
        params: params.extend({ documentId: z.string() }),
        body: documentReviewInputSchema,
        response,
      },
    },
    async (request) => {
      const { documentId, ...rest } = request.params;
      return cases.reviewDocument({ ...contextOf(request, rest), documentId }, request.body);
    },
  );

  app.get(
    '/applications/:flow/:id/links',
    { schema: { params, response: { 200: linkedApplicationsSchema, ...errors } } },
    async (request) => {
      const linked = await links.get(flowOfReview(request.params.flow), request.params.id);
      if (!linked) throw reviewNotFound();
      return linked;
    },
  );
};
