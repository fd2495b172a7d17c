/**
 * The identity comparison of a stored application (packages/shared identity-comparison.ts): the
 * document as read by the extraction, the registry's record of the company as the applicant's
 * lookup found it, and the values saved. Read by the back office's detail, and computed once more
 * when the application is sent, to keep its disagreements for the rules that route it.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { verificationResults } from '@medipay/db/schema';
import {
  comparePfIdentity,
  comparePjIdentity,
  type IdentityComparison,
} from '@medipay/shared/identity-comparison';
import type { PfRecord, PjRecord } from '../application/flow-definition';
import { documentIdOf } from '../application/application-values';
import { readStoredAnswer } from '../lookup/lookup-cache.repository';
import type { Executor } from '../messaging/outbox.repository';
import type { ExtractedField } from './identity-fields';

/** The finished extractions of the documents, newest first. */
export async function findDoneExtractions(executor: Executor, documentIds: string[]) {
  if (documentIds.length === 0) return [];
  return executor
    .select()
    .from(verificationResults)
    .where(
      and(
        inArray(verificationResults.documentId, documentIds),
        eq(verificationResults.check, 'extraction'),
        eq(verificationResults.status, 'done'),
      ),
    )
    .orderBy(desc(verificationResults.createdAt));
}

const extractedField = (value: unknown): ExtractedField | null => {
  const field = value as Partial<ExtractedField> | null | undefined;
  return typeof field?.value === 'string' && typeof field.confidence === 'number'
    ? { value: field.value, confidence: field.confidence }
    : null;
};

export type DocumentReading = {
  /** Which side was read: 0 the front, 1 the back. */
  side: 0 | 1;
  kind: string | null;
  fields: Record<'nome' | 'numero' | 'orgao' | 'uf' | 'validade', ExtractedField | null>;
};

/**
 * What was read from an identity document: the front's reading, else the back's (the side that
 * carries the data depends on the document); null when neither side was read. Only the
 * documents in `current` count (the record's own, not a replaced version).
 */
export async function readIdentityDocument(
  executor: Executor,
  sides: readonly [front: string | null, back: string | null],
  current?: ReadonlySet<string>,
): Promise<DocumentReading | null> {
  const ids = sides
    .map(documentIdOf)
    .map((id) => (id && (!current || current.has(id)) ? id : null));
  const found = await findDoneExtractions(
    executor,
    ids.filter((id): id is string => id !== null),
  );
  const side = ([0, 1] as const).find((index) =>
    found.some((result) => result.documentId === ids[index]),
  );
  if (side === undefined) return null;
  const result = found.find((row) => row.documentId === ids[side])!.result as Record<
    string,
    unknown
  >;
  return {
    side,
    kind: typeof result.kind === 'string' ? result.kind : null,
    fields: {
      nome: extractedField(result.nome),
      numero: extractedField(result.numero),
      orgao: extractedField(result.orgao),
      uf: extractedField(result.uf),
      validade: extractedField(result.validade),
    },
  };
}

const readValues = (reading: DocumentReading | null) =>
  reading
    ? {
        kind: reading.kind,
        nome: reading.fields.nome?.value ?? null,
        numero: reading.fields.numero?.value ?? null,
        orgao: reading.fields.orgao?.value ?? null,
        uf: reading.fields.uf?.value ?? null,
        validade: reading.fields.validade?.value ?? null,
      }
    : null;

export function pfIdentity(row: PfRecord, reading: DocumentReading | null): IdentityComparison {
  return comparePfIdentity({
    typed: { nome: row.nomeCompleto, cpf: row.cpf },
    read: readValues(reading),
    corrected: {
      nome: row.docIdentidadeNome,
      numero: row.docIdentidadeNumero,
      orgao: row.docIdentidadeOrgao,
      uf: row.docIdentidadeUf,
      validade: row.docIdentidadeValidade,
    },
    confirmed: row.docIdentidadeDivergenciaConfirmada,
  });
}

/** The registry's record of the company as the applicant's CNPJ lookup stored it, if any. */
async function registryOf(executor: Executor, cnpj: string | null) {
  if (!cnpj) return null;
  const stored = (await readStoredAnswer(executor, `cnpj:${cnpj}`))?.value as
    { nome?: unknown; qsa?: unknown } | null | undefined;
  if (!stored || typeof stored.nome !== 'string') return null;
  const partners = Array.isArray(stored.qsa)
    ? stored.qsa
        .map((partner: { nome?: unknown }) => partner?.nome)
        .filter((name): name is string => typeof name === 'string')
    : [];
  return { razaoSocial: stored.nome, partners };
}

export async function pjIdentity(
  executor: Executor,
  row: PjRecord,
  current?: ReadonlySet<string>,
): Promise<IdentityComparison> {
  const [reading, registry] = await Promise.all([
    readIdentityDocument(
      executor,
      [row.responsavelDocFrenteUrl, row.responsavelDocVersoUrl],
      current,
    ),
    registryOf(executor, row.cnpj),
  ]);
  return comparePjIdentity({
    typed: {
      razaoSocial: row.razaoSocial,
      responsavelNome: row.responsavelNome,
      responsavelCpf: row.responsavelCpf,
      responsavelRg: row.responsavelRg,
    },
    registry,
    read: readValues(reading),
  });
}

export type IdentityRecord = { flow: 'PF'; row: PfRecord } | { flow: 'PJ'; row: PjRecord };

/** The comparison of either flow's stored application. */
export async function identityOf(
  executor: Executor,
  record: IdentityRecord,
): Promise<IdentityComparison> {
  if (record.flow === 'PJ') return pjIdentity(executor, record.row);
  const reading = await readIdentityDocument(executor, [
    record.row.docIdentidadeFrenteUrl,
    record.row.docIdentidadeVersoUrl,
  ]);
  return pfIdentity(record.row, reading);
}
