import { asc, eq } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Database } from '@medipay/db/client';
import { documents, onboardingPf, onboardingPj, verificationResults } from '@medipay/db/schema';
import type { ApplicationStatus } from '@medipay/shared/application-status';
import type { DocumentStorage } from '../../adapters/storage/port';
import type { Clock } from '../../lib/clock';
import { readStream } from '../../lib/streams';
import type { StatusApplication } from '../application-status/application-status.service';

/** Dates as ISO 8601, everything else as stored. */
function plain(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value instanceof Date ? value.toISOString() : value,
    ]),
  );
}

const extensionOf: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * 'Baixar meus dados' (LGPD art. 18, II): a ZIP with `dados.json` (every stored field of the
 * application, the status history the applicant sees, the documents sent in every version with
 * their hashes, the results of the automatic checks) and the documents themselves under
 * `documentos/`. Read only; nothing of the back office's internal notes.
 */
export async function buildDataExport(
  deps: { db: Database; storage: Pick<DocumentStorage, 'get'>; clock: Clock },
  application: StatusApplication,
  status: ApplicationStatus,
): Promise<Uint8Array> {
  const { db, storage } = deps;
  const table = application.flow === 'PF' ? onboardingPf : onboardingPj;
  const [record] = await db.select().from(table).where(eq(table.id, application.id));
  const sent = await db
    .select()
    .from(documents)
    .where(eq(documents.sessionId, application.sessionId))
    .orderBy(asc(documents.field), asc(documents.createdAt));
  const checks = await db
    .select()
    .from(verificationResults)
    .where(eq(verificationResults.sessionId, application.sessionId))
    .orderBy(asc(verificationResults.createdAt));

  const files: Zippable = {};
  const versions = new Map<string, number>();
  const documentEntries = [];
  for (const document of sent) {
    const version = (versions.get(document.field) ?? 0) + 1;
    versions.set(document.field, version);
    const name = `documentos/${document.field}-v${version}.${extensionOf[document.mimeType] ?? 'bin'}`;
    const stream = await storage.get(document.storageKey);
    // Stored files are JPEG, PNG, WEBP or PDF: already compressed, kept as they are.
    if (stream) files[name] = [new Uint8Array(await readStream(stream)), { level: 0 }];
    documentEntries.push({
      campo: document.field,
      versao: version,
      arquivo: stream ? name : null,
      nomeOriginal: document.originalName,
      tipo: document.mimeType,
      tamanho: document.size,
      sha256: document.sha256,
      enviadoPor: document.uploadedBy,
      enviadoEm: document.createdAt.toISOString(),
    });
  }

  const data = {
    geradoEm: deps.clock.now().toISOString(),
    protocolo: application.protocolo,
    fluxo: application.flow,
    situacao: status.status,
    historico: status.history,
    exigencias: status.exigencias,
    motivoNegacao: status.motivoNegacao,
    cadastro: record ? plain(record) : null,
    documentos: documentEntries,
    verificacoes: checks.map((check) => ({
      verificacao: check.check,
      situacao: check.status,
      resultado: check.result,
      criadaEm: check.createdAt.toISOString(),
      concluidaEm: check.completedAt?.toISOString() ?? null,
    })),
  };
  files['dados.json'] = strToU8(JSON.stringify(data, null, 2));
  return zipSync(files, { level: 6 });
}
