import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reviewFlowSchema } from '@medipay/shared/admin-review';
import { currentAdmin } from '../admin-auth/admin-guard';
import type { Dossier } from './dossier.service';

/** As review-detail.routes.ts: any `:id` that names no application answers 404. */
const params = z.object({ flow: reviewFlowSchema, id: z.string() });

/**
 * 'Exportar dossiê': GET /api/admin/applications/:flow/:id/dossier.pdf, the whole case as a PDF
 * for an auditor (dossier.pdf.ts). Registered inside the guarded `/api/admin` scope:
 * `request.admin` is set (the export's author, audited).
 */
export const dossierRoutes: FastifyPluginAsyncZod<{ dossier: Dossier }> = async (
  app,
  { dossier },
) => {
  app.get(
    '/applications/:flow/:id/dossier.pdf',
    {
      // No response schema: the body is a file (as for the CSV export); errors still leave
      // through the one error handler as { code, message }.
      schema: { params },
      // Each export reads every document's thumbnail and draws the whole case.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { filename, pdf } = await dossier.export({
        ...request.params,
        admin: currentAdmin(request),
        ip: request.ip,
      });
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('x-content-type-options', 'nosniff')
        .type('application/pdf')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  );
};
