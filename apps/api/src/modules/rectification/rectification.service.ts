/**
 * The document rectification page (packages/shared/src/rectification.ts): an 'Em Exigência'
 * e-mail's token opens its application's page, takes new versions of the listed documents and,
 * on submit, applies them and sends the application back to analysis, in one transaction.
 */
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '@medipay/db/client';
import { errorCodes } from '@medipay/shared/api-error';
import { refusalReasonText } from '@medipay/shared/case-review';
import type { UploadedDocument } from '@medipay/shared/documents';
import { fileFieldLabel, rectificationFileFields } from '@medipay/shared/files';
import {
  clientInteractionDescriptions,
  rectificationMessages,
  type RectificationPage,
  type RectificationSubmit,
  type rectificationResultSchema,
} from '@medipay/shared/rectification';
import { canTransition } from '@medipay/shared/status';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  findLiveRectificationLink,
  isUsedRectificationLink,
  type RectificationLinkRow,
} from '../admin-review/rectification-links.repository';
import { findReviewRecord, type ReviewRecord } from '../admin-review/review-detail.repository';
import { findApplicantSession } from '../applicant-session/applicant-session.repository';
import type { ReceivedFile } from '../documents/document-http';
import type { DocumentRow } from '../documents/documents.repository';
import { fieldKind, toUploadedDocument, type Documents } from '../documents/documents.service';
import type { Extraction } from '../kyc/extraction.service';
import type { Executor } from '../messaging/outbox.repository';
import { insertStatusHistory } from '../status-history/status-history.repository';
import {
  findSessionDocumentsByIds,
  insertClientInteractions,
  spendRectificationLinks,
  updateRectifiedRecord,
  type NewClientInteraction,
} from './rectification.repository';

export type RectificationResult = z.infer<typeof rectificationResultSchema>;

/** The page cookie lives until the link expires, at most this long. */
export const RECTIFICATION_COOKIE_MAX_MS = 2 * 60 * 60 * 1000;

/** A submitted document id that is not a new version of that field of this application. */
export const rectificationDocumentMessage = 'Documento não encontrado. Envie o arquivo novamente.';
/** An upload or a submitted document of a field the page does not offer. */
export const rectificationFieldMessage = rectificationMessages.fieldNotOffered;

const FROM_STATUS = 'EM_EXIGENCIA';
const TO_STATUS = 'EM_ANALISE';

/** Every failure to find a live page answers the same, so that a wrong token learns nothing. */
export const rectificationNotFound = () =>
  new AppError(errorCodes.notFound, rectificationMessages.notFoundDescription, 404);

export type Rectifications = {
  /** Opens the page of a token and logs PAGE_ACCESS; how long the page cookie may live. */
  open: (token: string, ip: string) => Promise<{ page: RectificationPage; maxAgeSeconds: number }>;
  /** The page of a token (the cookie's), without logging an access. */
  page: (token: string | undefined) => Promise<RectificationPage>;
  /** Stores a new version of one of the page's documents; `read` reads the request's file. */
  upload: (
    token: string | undefined,
    field: string,
    read: () => Promise<ReceivedFile>,
  ) => Promise<UploadedDocument>;
  /** A document of the token's application (any version), with its bytes. */
  document: (
    token: string | undefined,
    id: string,
  ) => Promise<{ document: DocumentRow; stream: Readable }>;
  /** Applies the new documents, sends the application back to analysis and spends the link. */
  submit: (
    token: string | undefined,
    body: RectificationSubmit,
    ip: string,
  ) => Promise<RectificationResult>;
};

/** The route the page opens a document with (the page's cookie is its key). */
export const rectificationDocumentUrl = (id: string) => `/api/rectification/documents/${id}`;

/** A document as the page shows it: opened through the page's own route, no thumbnail. */
export const toRectificationDocument = (row: DocumentRow): UploadedDocument => ({
  ...toUploadedDocument(row),
  url: rectificationDocumentUrl(row.id),
  thumbnailUrl: null,
});

/** The column holding a file field's document route: `selfie` -> `selfieUrl`. */
const urlKey = (field: string) => `${field}Url`;
const urlOf = (record: ReviewRecord, field: string): string | null =>
  (record.row as unknown as Record<string, string | null>)[urlKey(field)] ?? null;

/** The id of a document from its portal route (`/api/documents/<id>`). */
const documentIdOf = (url: string | null) =>
  url?.startsWith('/api/documents/') ? url.slice('/api/documents/'.length) : null;

/**
 * PF documents the biometric check compared: replacing one voids its outcome (as the wizard).
 * The selfie with the document is replaceable only when a reviewer refused it.
 */
const livenessDocuments = new Set(['docIdentidadeFrente', 'selfie', 'selfieDoc']);

/** A document the page offers, with the reviewer's reason when the link requested it. */
type Offered = { field: string; motivo: string | null };

type Live = {
  link: RectificationLinkRow;
  record: ReviewRecord;
  /** The page's documents, in its order. */
  offered: Offered[];
  /** Whether `offered` are the link's requested documents (each one required by the submit). */
  requested: boolean;
};

/**
 * What a link's page offers: its requested documents (file fields of the flow, once each, in
 * the reviewer's order) or, for a link of free-text requirements, every replaceable document.
 * A requested list with no usable field falls back to the latter, so that the applicant is
 * never left with nothing to send.
 */
export function offeredDocuments(
  link: Pick<RectificationLinkRow, 'documentos'>,
  flow: 'PF' | 'PJ',
): { offered: Offered[]; requested: boolean } {
  const seen = new Set<string>();
  const requested: Offered[] = [];
  for (const entry of link.documentos ?? []) {
    if (seen.has(entry.field) || !fieldKind(flow, entry.field)) continue;
    seen.add(entry.field);
    requested.push({
      field: entry.field,
      motivo: refusalReasonText(entry.motivo, entry.motivoTexto) || null,
    });
  }
  if (requested.length > 0) return { offered: requested, requested: true };
  return {
    offered: rectificationFileFields[flow].map((field) => ({ field, motivo: null })),
    requested: false,
  };
}

export function createRectifications(deps: {
  db: Database;
  clock: Clock;
  documents: Pick<Documents, 'upload' | 'storage'>;
  extraction: Pick<Extraction, 'request'>;
  /** Hands an extraction to the job queue; failures are logged, the submit stands. */
  enqueueExtraction: (resultId: string) => Promise<void>;
  log: FastifyBaseLogger;
}): Rectifications {
  const { db, clock, documents, extraction, enqueueExtraction, log } = deps;

  /** The live link of a token and its EM_EXIGENCIA application, or null. */
  async function findLive(
    executor: Executor,
    token: string | undefined,
    options: { lock?: boolean } = {},
  ): Promise<Live | null> {
    if (!token || token.length > 200) return null;
    const link = await findLiveRectificationLink(executor, token, clock.now());
    if (!link) return null;
    const record = await findReviewRecord(executor, link.flow, link.recordId, options);
    if (!record || record.row.status !== FROM_STATUS) return null;
    return { link, record, ...offeredDocuments(link, record.flow) };
  }

  /**
   * Why a token opens no page: the applicant's own link whose corrections were sent (410, said
   * so), or the same 404 for everything else.
   */
  async function notLive(executor: Executor, token: string | undefined): Promise<AppError> {
    if (token && token.length <= 200 && (await isUsedRectificationLink(executor, token))) {
      return new AppError(errorCodes.linkUsed, rectificationMessages.alreadySentDescription, 410);
    }
    return rectificationNotFound();
  }

  async function requireLive(token: string | undefined): Promise<Live> {
    const live = await findLive(db, token);
    if (live) return live;
    throw await notLive(db, token);
  }

  async function pageOf({ record, offered, requested }: Live): Promise<RectificationPage> {
    const ids = offered
      .map(({ field }) => documentIdOf(urlOf(record, field)))
      .filter((id): id is string => id !== null);
    const byId = new Map(
      (await findSessionDocumentsByIds(db, record.row.sessionId, ids)).map((row) => [row.id, row]),
    );
    return {
      flow: record.flow,
      nome: (record.flow === 'PF' ? record.row.nomeCompleto : record.row.razaoSocial) ?? '',
      protocolo: record.row.protocolo,
      exigencias: record.row.exigencias,
      documentosSolicitados: requested,
      documents: offered.map(({ field, motivo }) => {
        const current = byId.get(documentIdOf(urlOf(record, field)) ?? '');
        return {
          field,
          kind: fieldKind(record.flow, field)!,
          current: current ? toRectificationDocument(current) : null,
          motivo,
        };
      }),
    };
  }

  /** Asks for the extraction of new identity documents; after the commit, never failing it. */
  async function requestExtractions(rows: DocumentRow[]) {
    for (const row of rows) {
      try {
        const resultId = await extraction.request(row);
        if (resultId) await enqueueExtraction(resultId);
      } catch (error) {
        log.error({ err: error, documentId: row.id }, 'could not queue a document extraction');
      }
    }
  }

  return {
    open: async (token, ip) => {
      const live = await requireLive(token);
      const { record, link } = live;
      const now = clock.now();
      await insertClientInteractions(db, [
        {
          onboardingType: record.flow,
          onboardingId: record.row.id,
          sessionId: record.row.sessionId,
          actionType: 'PAGE_ACCESS',
          description: clientInteractionDescriptions.PAGE_ACCESS,
          ip,
          createdAt: now,
        },
      ]);
      const remainingMs = Math.min(
        link.expiresAt.getTime() - now.getTime(),
        RECTIFICATION_COOKIE_MAX_MS,
      );
      return {
        page: await pageOf(live),
        maxAgeSeconds: Math.max(0, Math.floor(remainingMs / 1000)),
      };
    },

    page: async (token) => pageOf(await requireLive(token)),

    upload: async (token, field, read) => {
      const { record, offered } = await requireLive(token);
      const kind = fieldKind(record.flow, field);
      if (!kind || !offered.some((entry) => entry.field === field))
        throw new AppError(errorCodes.badRequest, rectificationFieldMessage, 400);
      const file = await read();
      const session = await findApplicantSession(db, record.row.sessionId);
      if (!session) throw rectificationNotFound();
      const row = await documents.upload({ session, field, kind, ...file });
      return toRectificationDocument(row);
    },

    document: async (token, id) => {
      const { record } = await requireLive(token);
      const [document] = await findSessionDocumentsByIds(db, record.row.sessionId, [id]);
      if (!document) throw rectificationNotFound();
      const stream = await documents.storage.get(document.storageKey);
      if (!stream) throw rectificationNotFound();
      return { document, stream };
    },

    submit: async (token, body, ip) => {
      const { result, applied } = await db.transaction(async (tx) => {
        // The record's row is locked first: of two submits, the second waits, then finds the
        // application out of EM_EXIGENCIA and its link spent (410).
        const live = await findLive(tx, token, { lock: true });
        if (!live) throw await notLive(tx, token);
        const { record, offered, requested } = live;
        const { flow, row } = record;
        if (!canTransition(flow, row.status, TO_STATUS, 'applicant'))
          throw new AppError(errorCodes.conflict, rectificationMessages.notFoundDescription, 409);

        const entries = Object.entries(body.documents);
        const offeredFields = new Set(offered.map((entry) => entry.field));
        if (requested) {
          // The reviewer asked for these documents: another one is not the page's to replace,
          // and the application goes back to analysis only with every one of them.
          if (entries.some(([field]) => !offeredFields.has(field)))
            throw new AppError(errorCodes.badRequest, rectificationFieldMessage, 400);
          const missing = offered.filter((entry) => !Object.hasOwn(body.documents, entry.field));
          if (missing.length > 0)
            throw new AppError(
              errorCodes.badRequest,
              rectificationMessages.missingRequested(
                missing.map((entry) => fileFieldLabel(entry.field)),
              ),
              400,
            );
        }
        const found = new Map(
          (
            await findSessionDocumentsByIds(
              tx,
              row.sessionId,
              entries.map(([, id]) => id),
            )
          ).map((document) => [document.id, document]),
        );
        const replaced = entries.map(([field, id]) => {
          const document = found.get(id);
          if (
            !offeredFields.has(field) ||
            !document ||
            document.flow !== flow ||
            document.field !== field
          )
            throw new AppError(errorCodes.badRequest, rectificationDocumentMessage, 400);
          return {
            field,
            document,
            oldUrl: urlOf(record, field),
            newUrl: toUploadedDocument(document).url,
          };
        });

        const now = clock.now();
        const justification = body.justification || null;
        await updateRectifiedRecord(tx, flow, row.id, {
          status: TO_STATUS,
          updatedAt: now,
          urls: Object.fromEntries(replaced.map((entry) => [urlKey(entry.field), entry.newUrl])),
          resetLiveness:
            flow === 'PF' &&
            replaced.some(
              (entry) => livenessDocuments.has(entry.field) && entry.oldUrl !== entry.newUrl,
            ),
        });
        await insertStatusHistory(tx, {
          flow,
          recordId: row.id,
          fromStatus: row.status,
          toStatus: TO_STATUS,
          actorType: 'applicant',
          actorId: null,
          reason: justification,
          createdAt: now,
        });
        const base = {
          onboardingType: flow,
          onboardingId: row.id,
          sessionId: row.sessionId,
          ip,
          createdAt: now,
        };
        const interactions: NewClientInteraction[] = replaced.map((entry) => ({
          ...base,
          actionType: 'DOCUMENT_UPDATE',
          description: clientInteractionDescriptions.DOCUMENT_UPDATE,
          documentType: entry.field,
          oldDocumentUrl: entry.oldUrl,
          newDocumentUrl: entry.newUrl,
        }));
        if (justification) {
          interactions.push({
            ...base,
            actionType: 'JUSTIFICATION_SENT',
            description: clientInteractionDescriptions.JUSTIFICATION_SENT,
            justification,
          });
        }
        await insertClientInteractions(tx, interactions);
        await spendRectificationLinks(tx, flow, row.id, now);
        return {
          result: {
            status: TO_STATUS,
            protocolo: row.protocolo,
            documentsUpdated: replaced.length,
          } satisfies RectificationResult,
          applied: replaced.map((entry) => entry.document),
        };
      });
      await requestExtractions(applied);
      return result;
    },
  };
}
