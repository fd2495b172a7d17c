import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Database } from '@medipay/db/client';
import { errorCodes } from '@medipay/shared/api-error';
import { documentMessages, type UploadedDocument } from '@medipay/shared/documents';
import { pfFileFields, pjFileFields, type FileKind } from '@medipay/shared/files';
import type { Flow } from '@medipay/shared/status';
import { cleanLine } from '@medipay/shared/text';
import type { DocumentStorage } from '../../adapters/storage/port';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ApplicantSessionRow } from '../applicant-session/applicant-session.repository';
import type { ApplicantSessions } from '../applicant-session/applicant-session.service';
import { findDocument, insertDocument, type DocumentRow } from './documents.repository';
import { checkFile, newStorageKey, sanitizeFileName } from './intake';

const fieldKinds: Record<Flow, Record<string, FileKind>> = { PF: pfFileFields, PJ: pjFileFields };

export function fieldKind(flow: Flow, field: string): FileKind | null {
  return Object.hasOwn(fieldKinds[flow], field) ? fieldKinds[flow][field]! : null;
}

export function toUploadedDocument(row: DocumentRow): UploadedDocument {
  return {
    id: row.id,
    name: row.originalName,
    size: row.size,
    type: row.mimeType,
    url: `/api/documents/${row.id}`,
    thumbnailUrl: row.thumbnailKey ? `/api/documents/${row.id}/thumbnail` : null,
  };
}

/**
 * The name kept for an uploaded file: without controls or invisible characters, among them the
 * bidirectional overrides that make `foto\u202Egpj.exe` read as `fotoexe.jpg` (text.ts), then
 * without a path or the characters a file system refuses (intake.ts). Cleaned again after the
 * cut to 120 characters, which may split a surrogate pair.
 */
export function storedFileName(fileName: string): string {
  return cleanLine(sanitizeFileName(cleanLine(fileName))).trim() || 'documento';
}

export type Documents = {
  /** Checks, stores and records one file for a field of the session's application. */
  upload: (input: {
    session: ApplicantSessionRow;
    field: string;
    kind: FileKind;
    fileName: string;
    data: Buffer;
  }) => Promise<DocumentRow>;
  /** The document, when the request may see it (its applicant session); null otherwise. */
  findForRequest: (request: FastifyRequest, id: string) => Promise<DocumentRow | null>;
  storage: DocumentStorage;
};

export function createDocuments(deps: {
  db: Database;
  storage: DocumentStorage;
  sessions: ApplicantSessions;
  clock: Clock;
  log?: Pick<FastifyBaseLogger, 'error'>;
}): Documents {
  const { db, storage, sessions, clock, log } = deps;

  /**
   * Removes what an upload that failed wrote, every key it tried: a write that timed out may
   * still have landed. A removal that fails too is left to the orphan sweep (orphan-files.job.ts).
   */
  const forget = async (keys: string[]) => {
    await Promise.all(
      keys.map((key) =>
        storage.delete(key).catch((error: unknown) => {
          log?.error({ err: error, key }, 'could not remove the file of a failed upload');
        }),
      ),
    );
  };

  return {
    storage,
    /**
     * The file (and its thumbnail) first, then the row that names them: a row never points at a
     * missing file. When the store refuses a file or does not answer (a refused bucket, a
     * time-out), the upload answers 503 'Não foi possível enviar o arquivo.'; when the row
     * cannot be written, the database's error goes on. Either way the files written are removed:
     * nothing is kept half-stored.
     */
    upload: async ({ session, field, kind, fileName, data }) => {
      const checked = await checkFile(kind, data);
      const now = clock.now();
      const storageKey = newStorageKey(now);
      const thumbnailKey = checked.thumbnail ? `${storageKey}.thumb` : null;
      const tried: string[] = [];
      try {
        tried.push(storageKey);
        await storage.put(storageKey, checked.data, checked.mimeType);
        if (checked.thumbnail && thumbnailKey) {
          tried.push(thumbnailKey);
          await storage.put(thumbnailKey, checked.thumbnail, 'image/webp');
        }
      } catch (error) {
        log?.error({ err: error, storage: storage.kind }, 'could not store an uploaded document');
        await forget(tried);
        throw new AppError(errorCodes.unavailable, documentMessages.uploadFailed, 503);
      }
      try {
        return await insertDocument(db, {
          flow: session.flow,
          sessionId: session.id,
          field,
          storageKey,
          thumbnailKey,
          sha256: checked.sha256,
          originalSha256: checked.originalSha256,
          size: checked.data.length,
          mimeType: checked.mimeType,
          originalName: storedFileName(fileName),
          uploadedBy: 'applicant',
          createdAt: now,
        });
      } catch (error) {
        await forget(tried);
        throw error;
      }
    },
    findForRequest: async (request, id) => {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const document = await findDocument(db, id);
      if (!document) return null;
      const session = await sessions.find(request, document.flow);
      return session?.id === document.sessionId ? document : null;
    },
  };
}
