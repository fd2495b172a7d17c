import type { Flow } from '@medipay/shared/status';
import type { DocumentRow } from '../documents/documents.repository';
import { toUploadedDocument } from '../documents/documents.service';
import type { FlowDefinition, FlowFileField, FlowRecord, FlowSavedValues } from './flow-definition';

/** The id of a document from its portal route (the `url` of `toUploadedDocument`). */
export const documentIdOf = (url: string | null) =>
  url?.startsWith('/api/documents/') ? url.slice('/api/documents/'.length) : null;

/** The column that holds a file field's document route: `selfie` -> `selfieUrl`. */
export const urlColumn = (field: string) => `${field}Url`;

/** The document id a file field's `*Url` column points to. */
export function storedDocumentId<F extends Flow>(
  record: FlowRecord<F>,
  field: FlowFileField<F>,
): string | null {
  return documentIdOf(record[urlColumn(field) as keyof FlowRecord<F>] as string | null);
}

const formColumnsByFlow = new WeakMap<object, readonly string[]>();

/** The form fields kept in a column of the same name: the step columns but documents and flags. */
function formColumns<F extends Flow>(definition: FlowDefinition<F>): readonly string[] {
  const known = formColumnsByFlow.get(definition);
  if (known) return known;
  const excluded = new Set<unknown>([
    ...definition.fileFields.map(urlColumn),
    ...definition.serverColumns,
  ]);
  const columns = Object.values(definition.stepColumns)
    .flat()
    .filter((column) => !excluded.has(column))
    .map(String);
  formColumnsByFlow.set(definition, columns);
  return columns;
}

/**
 * The stored values in the forms' shapes (stored forms: CPF digits, CNPJ upper case, E.164, CEP
 * digits): what the wizard resumes with and what the back office's review shows.
 */
export function savedValues<F extends Flow>(
  definition: FlowDefinition<F>,
  record: FlowRecord<F>,
  documentsById: ReadonlyMap<string, DocumentRow>,
): FlowSavedValues<F> {
  const values: Record<string, unknown> = {};
  for (const field of formColumns(definition)) {
    const value = record[field as keyof FlowRecord<F>];
    if (value !== null) values[field] = value;
  }
  for (const field of definition.fileFields) {
    const id = storedDocumentId(record, field);
    const document = id ? documentsById.get(id) : undefined;
    if (document) values[field] = toUploadedDocument(document);
  }
  Object.assign(values, definition.extraSavedValues?.(record));
  if (record.consentimentoLgpd) values.consentimentoLgpd = true;
  if (record.consentimentoKyc) values.consentimentoKyc = true;
  return values as FlowSavedValues<F>;
}
