import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Database } from '@medipay/db/client';
import { flowOfReview, type ReviewFlow } from '@medipay/shared/admin-review';
import { caseAuditActions, type LinkedApplications } from '@medipay/shared/case-review';
import type { Flow } from '@medipay/shared/status';
import type { DocumentStorage } from '../../adapters/storage/port';
import type { Clock } from '../../lib/clock';
import { readStream } from '../../lib/streams';
import { recordAdminAction } from '../admin-audit/admin-audit.repository';
import type { AuthenticatedAdmin } from '../admin-auth/admin-request';
import { reviewNotFound, type ReviewDetail } from '../admin-review/review-detail.service';
import { findDocumentsByIds, type DocumentRow } from '../documents/documents.repository';
import type { ScreeningReview } from '../screening/screening-review.service';
import type { PdfImageData } from './dossier-layout';
import { dossierFileName, renderDossier, type DossierFile } from './dossier.pdf';

/** The applications linked to one (shared face, contacts, device...); null for an unknown one. */
export type DossierLinks = {
  get: (flow: Flow, id: string) => Promise<LinkedApplications | null>;
};

export type DossierContext = {
  flow: ReviewFlow;
  id: string;
  admin: AuthenticatedAdmin;
  ip: string | null;
};

export type DossierExport = { filename: string; pdf: Uint8Array };

export type Dossier = {
  /**
   * The audit dossier of an application as a PDF, audited (DOSSIE_EXPORTADO, with the file's
   * SHA-256) before it is answered; 404 for an unknown or malformed id, as the detail.
   */
  export: (context: DossierContext) => Promise<DossierExport>;
};

/** Width in pixels of the thumbnails embedded: twice the 120 points drawn, for print. */
const THUMBNAIL_PIXELS = 240;

export function createDossier(deps: {
  db: Database;
  clock: Clock;
  detail: ReviewDetail;
  screening: Pick<ScreeningReview, 'get'>;
  links: DossierLinks;
  /** The document store: the thumbnails of image documents. */
  storage: Pick<DocumentStorage, 'get'>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}): Dossier {
  const { db, clock, storage, log } = deps;

  /**
   * The stored WEBP thumbnail as a JPEG (pdf-lib embeds JPEG and PNG only). A thumbnail missing
   * from the store or unreadable is shown as unavailable: the rest of the dossier still stands,
   * and the file's hash is there to check it.
   */
  async function thumbnailOf(row: DocumentRow): Promise<PdfImageData | null> {
    if (!row.thumbnailKey) return null;
    const stream = await storage.get(row.thumbnailKey);
    if (!stream) {
      log?.warn({ documentId: row.id }, 'dossier: the thumbnail is missing from the store');
      return null;
    }
    const data = await readStream(stream);
    try {
      const jpeg = await sharp(data)
        .resize({
          width: THUMBNAIL_PIXELS,
          height: THUMBNAIL_PIXELS * 2,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 75 })
        .toBuffer();
      return { format: 'jpeg', data: jpeg };
    } catch (error) {
      log?.warn({ err: error, documentId: row.id }, 'dossier: unreadable thumbnail');
      return null;
    }
  }

  /** Hashes and thumbnails of every version the detail lists. */
  async function filesOf(ids: string[]): Promise<Record<string, DossierFile>> {
    const rows = await findDocumentsByIds(db, ids);
    const entries = await Promise.all(
      rows.map(
        async (row) =>
          [
            row.id,
            {
              sha256: row.sha256,
              originalSha256: row.originalSha256,
              thumbnail: await thumbnailOf(row),
            },
          ] as const,
      ),
    );
    return Object.fromEntries(entries);
  }

  return {
    export: async ({ flow, id, admin, ip }) => {
      const detail = await deps.detail.get(flow, id, admin.user.id);
      const ids = detail.documents.flatMap((entry) => [
        ...entry.versions.map((version) => version.id),
        ...(entry.current ? [entry.current.id] : []),
      ]);
      const [screening, linked, files] = await Promise.all([
        deps.screening.get(flow, detail.id),
        deps.links.get(flowOfReview(flow), detail.id),
        filesOf(ids),
      ]);
      // Gone between the reads (a purge): as the detail would answer now.
      if (!linked) throw reviewNotFound();
      const generatedAt = clock.now();
      const pdf = await renderDossier({
        detail,
        files,
        screening,
        links: linked,
        generatedAt,
        generatedBy: admin.user.email,
      });
      const filename = dossierFileName(detail);
      // Audited before the file leaves, with its hash: the copy an auditor holds can be checked
      // against the trail. A failed audit write fails the export.
      await recordAdminAction(db, {
        onboardingId: detail.id,
        onboardingType: flowOfReview(flow),
        adminUserId: admin.user.id,
        adminEmail: admin.user.email,
        action: caseAuditActions.exportDossier,
        observacoes: `Dossiê ${filename} (SHA-256 ${createHash('sha256').update(pdf).digest('hex')})`,
        ip,
        createdAt: generatedAt,
      });
      return { filename, pdf };
    },
  };
}
