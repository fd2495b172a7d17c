import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationListSchema,
  listFiltersSchema,
  listQuerySchema,
  reviewFlowSchema,
} from '@medipay/shared/admin-review';
import { apiErrorSchema } from '@medipay/shared/api-error';
import { currentAdmin } from '../admin-auth/admin-guard';
import type { ReviewLists } from './review-list.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const params = z.object({ flow: reviewFlowSchema });
/** The export takes the list's filters and sort; the page and its position do not apply. */
export const exportQuerySchema = listFiltersSchema;

/**
 * The PF and PJ lists of the back office and their CSV export. Registered inside the guarded
 * `/api/admin` scope: `request.admin` is always set here; its admin is the one of 'Minhas
 * análises' (`analista=minhas`).
 */
export const reviewListRoutes: FastifyPluginAsyncZod<{ lists: ReviewLists }> = async (
  app,
  { lists },
) => {
  app.get(
    '/applications/:flow',
    {
      schema: {
        params,
        querystring: listQuerySchema,
        response: { 200: applicationListSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await lists.list(request.params.flow, request.query, currentAdmin(request).user.id)),
  );

  app.get(
    '/applications/:flow/export.csv',
    {
      // No response schema: the body is a stream (as for the document downloads); errors still
      // leave through the one error handler as { code, message }.
      schema: { params, querystring: exportQuerySchema },
      // An export reads the whole filtered list: a few per minute are plenty.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { id, email } = currentAdmin(request).user;
      const { filename, chunks } = await lists.export(request.params.flow, request.query, {
        id,
        email,
        ip: request.ip,
      });
      const stream = Readable.from(chunks);
      stream.on('error', (error) =>
        request.log.error({ err: error }, 'a CSV export failed while streaming'),
      );
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .type('text/csv; charset=utf-8')
        .send(stream);
    },
  );
};
