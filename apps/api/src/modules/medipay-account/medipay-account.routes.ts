import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationDetailSchema,
  flowOfReview,
  reviewFlowSchema,
} from '@medipay/shared/admin-review';
import { apiErrorSchema } from '@medipay/shared/api-error';
import { medipayActionPaths } from '@medipay/shared/medipay-account';
import { currentAdmin } from '../admin-auth/admin-guard';
import type { ReviewDetail } from '../admin-review/review-detail.service';
import type { MedipayContext } from './medipay-account.actions';
import type { MedipayAccounts } from './medipay-account.service';

const response = {
  200: applicationDetailSchema,
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
  502: apiErrorSchema,
};

/** The actions take no input: what they send is the server's own record. */
const body = z.object({}).strict().optional();

/**
 * The approved-state platform actions (medipay-account.ts). Registered inside the guarded
 * `/api/admin` scope: `request.admin` is the actor, and the POSTs passed the same-origin check.
 * Each answers the application as it now stands.
 */
export const medipayAccountRoutes: FastifyPluginAsyncZod<{
  accounts: MedipayAccounts;
  detail: ReviewDetail;
}> = async (app, { accounts, detail }) => {
  const routes = [
    ['create-account', reviewFlowSchema, accounts.createNow],
    ['send-documents', z.literal('pf'), accounts.sendDocuments],
    // Both flows: the activation link goes to a company too (a resend; the job sends it first).
    ['send-onboarding', reviewFlowSchema, accounts.sendOnboarding],
    ['confirm-email', z.literal('pf'), accounts.confirmEmail],
  ] as const;

  for (const [action, flowSchema, run] of routes) {
    const params = z.object({ flow: flowSchema, id: z.string() });
    app.post(
      `/applications/:flow/:id/medipay/${medipayActionPaths[action]}`,
      { schema: { params, body, response } },
      async (request) => {
        const { flow, id } = request.params;
        const context: MedipayContext = {
          flow: flowOfReview(flow),
          recordId: id,
          admin: currentAdmin(request),
          ip: request.ip,
        };
        await run(context);
        return detail.get(flow, id, context.admin.user.id);
      },
    );
  }
};
