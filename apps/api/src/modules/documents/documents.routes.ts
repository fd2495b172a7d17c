import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, errorCodes, genericMessages } from '@medipay/shared/api-error';
import { flowSchema } from '@medipay/shared/applicant-session';
import {
  documentMessages,
  extractionResponseSchema,
  uploadedDocumentSchema,
} from '@medipay/shared/documents';
import type { Database } from '@medipay/db/client';
import { AppError } from '../../lib/app-error';
import type { AdminAuth } from '../admin-auth/admin-auth.service';
import type { ApplicantSessions } from '../applicant-session/applicant-session.service';
import type { Extraction } from '../kyc/extraction.service';
import type { ExtractedField } from '../kyc/identity-fields';
import { readUploadedFile, sendDocument } from './document-http';
import { findDocument } from './documents.repository';
import { fieldKind, toUploadedDocument, type Documents } from './documents.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The admin session lookup of the admin API (its cookie and its check), and the database. */
export type AdminDocumentAccess = {
  auth: Pick<AdminAuth, 'cookieName' | 'authenticate'>;
  db: Database;
};

export const documentRoutes: FastifyPluginAsyncZod<{
  documents: Documents;
  sessions: ApplicantSessions;
  extraction: Extraction;
  enqueueExtraction: (resultId: string) => Promise<void>;
  /** Lets a logged-in admin open any document (the review); without it, only its applicant. */
  admin?: AdminDocumentAccess;
}> = async (app, { documents, sessions, extraction, enqueueExtraction, admin }) => {
  app.post(
    '/applicant/:flow/documents/:field',
    {
      schema: {
        params: z.object({ flow: flowSchema, field: z.string().max(40) }),
        // 503: the document store refused the file or did not answer (nothing kept).
        response: { 201: uploadedDocumentSchema, ...errors, 503: apiErrorSchema },
      },
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const { flow, field } = request.params;
      const session = await sessions.require(request, flow);
      const kind = fieldKind(flow, field);
      if (!kind) throw new AppError(errorCodes.notFound, documentMessages.unknownField, 404);
      const { fileName, data } = await readUploadedFile(request);
      const row = await documents.upload({ session, field, kind, fileName, data });
      const extractionId = await extraction.request(row);
      if (extractionId) await enqueueExtraction(extractionId);
      return reply.status(201).send(toUploadedDocument(row));
    },
  );

  const notFound = () => new AppError(errorCodes.notFound, genericMessages.notFound, 404);

  /** A live admin session sees every document; anyone else, what their applicant session owns. */
  async function findVisible(request: FastifyRequest, id: string) {
    if (!uuidPattern.test(id)) return null;
    const token = admin ? request.cookies[admin.auth.cookieName] : undefined;
    if (admin && token !== undefined && (await admin.auth.authenticate(token)))
      return findDocument(admin.db, id);
    return documents.findForRequest(request, id);
  }

  async function send(request: FastifyRequest, id: string, thumbnail: boolean) {
    const document = await findVisible(request, id);
    if (!document) throw notFound();
    const key = thumbnail ? document.thumbnailKey : document.storageKey;
    const stream = key ? await documents.storage.get(key) : null;
    if (!stream) throw notFound();
    return { document, stream };
  }

  for (const thumbnail of [false, true]) {
    app.get(
      thumbnail ? '/documents/:id/thumbnail' : '/documents/:id',
      { schema: { params: z.object({ id: z.string().max(64) }) } },
      async (request, reply) => {
        const { document, stream } = await send(request, request.params.id, thumbnail);
        return sendDocument(reply, document, stream, thumbnail);
      },
    );
  }

  app.get(
    '/applicant/:flow/documents/:id/extraction',
    {
      schema: {
        params: z.object({ flow: flowSchema, id: z.string().max(64) }),
        response: { 200: extractionResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const document = await documents.findForRequest(request, request.params.id);
      const result = document ? await extraction.latestFor(document.id) : null;
      if (!result) throw notFound();
      const fields = result.status === 'done' ? (result.result as Record<string, unknown>) : null;
      return {
        status: result.status,
        kind: (fields?.kind as 'RG' | 'CIN' | 'CNH' | null | undefined) ?? null,
        fields: fields
          ? {
              nome: (fields.nome as ExtractedField) ?? null,
              numero: (fields.numero as ExtractedField) ?? null,
              orgao: (fields.orgao as ExtractedField) ?? null,
              uf: (fields.uf as ExtractedField) ?? null,
              validade: (fields.validade as ExtractedField) ?? null,
            }
          : null,
      };
    },
  );
};
