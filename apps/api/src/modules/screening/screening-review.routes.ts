import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reviewFlowSchema } from '@medipay/shared/admin-review';
import { apiErrorSchema } from '@medipay/shared/api-error';
import {
  applicationScreeningSchema,
  screeningDecisionSchema,
  screeningListsSchema,
} from '@medipay/shared/screening';
import { currentAdmin } from '../admin-auth/admin-guard';
import type { ScreeningReview } from './screening-review.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/** As review-detail.routes.ts: any `:id` (and `:hitId`) that names nothing answers 404. */
const params = z.object({ flow: reviewFlowSchema, id: z.string() });
const hitParams = params.extend({ hitId: z.string() });

/**
 * PEP and sanctions screening in the back office: the lists in force, an application's hits and
 * a reviewer's decision on one. Registered inside the guarded `/api/admin` scope: `request.admin`
 * is set, and POSTs passed the same-origin check.
 */
export const screeningReviewRoutes: FastifyPluginAsyncZod<{ review: ScreeningReview }> = async (
  app,
  { review },
) => {
  app.get(
    '/screening/lists',
    { schema: { response: { 200: screeningListsSchema, ...errors } } },
    async () => review.lists(),
  );

  app.get(
    '/applications/:flow/:id/screening',
    { schema: { params, response: { 200: applicationScreeningSchema, ...errors } } },
    async (request) => review.get(request.params.flow, request.params.id),
  );

  app.post(
    '/applications/:flow/:id/screening/hits/:hitId/decision',
    {
      schema: {
        params: hitParams,
        body: screeningDecisionSchema,
        response: { 200: applicationScreeningSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) =>
      review.decide(
        {
          ...request.params,
          admin: currentAdmin(request),
          ip: request.ip,
        },
        request.body,
      ),
  );
};
