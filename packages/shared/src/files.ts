/** What each document field accepts, checked the same way in the browser and on the server. */
import { MAX_UPLOAD_BYTES } from './constants';
import { validationMessages } from './messages';

export const acceptedMimeTypes = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
} as const;

export type AcceptedMimeType = (typeof acceptedMimeTypes)[keyof typeof acceptedMimeTypes];

/** document: PDF or image; pdf: PDF only (Contrato Social); image: images only (selfies). */
export type FileKind = 'document' | 'pdf' | 'image';

type FileRule = {
  mimeTypes: readonly AcceptedMimeType[];
  extensions: readonly string[];
  typeMessage: string;
};

const imageTypes = [acceptedMimeTypes.jpeg, acceptedMimeTypes.png, acceptedMimeTypes.webp] as const;
const imageExtensions = ['jpg', 'jpeg', 'png', 'webp'] as const;

export const fileRules: Record<FileKind, FileRule> = {
  document: {
    mimeTypes: [acceptedMimeTypes.pdf, ...imageTypes],
    extensions: ['pdf', ...imageExtensions],
    typeMessage: validationMessages.fileType,
  },
  pdf: {
    mimeTypes: [acceptedMimeTypes.pdf],
    extensions: ['pdf'],
    typeMessage: validationMessages.filePdfOnly,
  },
  image: {
    mimeTypes: imageTypes,
    extensions: imageExtensions,
    typeMessage: validationMessages.fileImageOnly,
  },
};

/** The `accept` attribute of a file input for a kind: `.pdf,.jpg,...,application/pdf,...`. */
export function acceptAttribute(kind: FileKind): string {
  const rule = fileRules[kind];
  return [...rule.extensions.map((extension) => `.${extension}`), ...rule.mimeTypes].join(',');
}

export type FileFacts = { name: string; size: number; type: string };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * The problem with a file before it is sent, as a message, or null. The server decides the type
 * again by content; this check spares the applicant an upload that would be refused.
 */
export function fileProblem(kind: FileKind, file: FileFacts): string | null {
  const rule = fileRules[kind];
  if (file.size > MAX_UPLOAD_BYTES) return validationMessages.fileTooLarge;
  if (file.size <= 0) return validationMessages.fileEmpty;
  const typeAllowed = (rule.mimeTypes as readonly string[]).includes(file.type);
  const extensionAllowed = rule.extensions.includes(extensionOf(file.name));
  return typeAllowed && extensionAllowed ? null : rule.typeMessage;
}

/** Whether a type detected from a file's content is allowed for a kind. */
export function isAllowedType(kind: FileKind, mimeType: string): boolean {
  return (fileRules[kind].mimeTypes as readonly string[]).includes(mimeType);
}

/** Document fields of the individual flow and what each accepts. */
export const pfFileFields = {
  comprovanteResidencia: 'document',
  docIdentidadeFrente: 'document',
  docIdentidadeVerso: 'document',
  selfie: 'image',
  selfieDoc: 'image',
} as const satisfies Record<string, FileKind>;

/** Document fields of the company flow and what each accepts. */
export const pjFileFields = {
  comprovanteEndereco: 'document',
  responsavelDocFrente: 'document',
  responsavelDocVerso: 'document',
  contratoSocial: 'pdf',
  cartaoCnpj: 'document',
  alvaraFuncionamento: 'document',
  cnesDocumento: 'document',
} as const satisfies Record<string, FileKind>;

export type PfFileField = keyof typeof pfFileFields;
export type PjFileField = keyof typeof pjFileFields;

/** What the applicant and the back office call each document field of both flows. */
export const fileFieldLabels = {
  docIdentidadeFrente: 'Documento de identidade (frente)',
  docIdentidadeVerso: 'Documento de identidade (verso)',
  comprovanteResidencia: 'Comprovante de residência',
  selfie: 'Selfie',
  selfieDoc: 'Selfie com documento',
  contratoSocial: 'Contrato social',
  cartaoCnpj: 'Cartão CNPJ',
  comprovanteEndereco: 'Comprovante de endereço',
  alvaraFuncionamento: 'Alvará de funcionamento',
  cnesDocumento: 'Documento CNES',
  responsavelDocFrente: 'Documento do responsável (frente)',
  responsavelDocVerso: 'Documento do responsável (verso)',
} as const satisfies Record<PfFileField | PjFileField, string>;

/** The label of a document field named by a string (API data): the field itself when unknown. */
export function fileFieldLabel(field: string): string {
  return Object.hasOwn(fileFieldLabels, field)
    ? fileFieldLabels[field as keyof typeof fileFieldLabels]
    : field;
}

/** Fields the rectification page lets an applicant replace, by flow. */
export const rectificationFileFields = {
  PF: ['docIdentidadeFrente', 'docIdentidadeVerso', 'comprovanteResidencia', 'selfie'],
  PJ: ['contratoSocial', 'cartaoCnpj', 'comprovanteEndereco', 'responsavelDocFrente'],
} as const satisfies { PF: readonly PfFileField[]; PJ: readonly PjFileField[] };

/** The column that holds a file field's document link: `docIdentidadeFrente` -> `doc_identidade_frente_url`. */
export function fileColumn(field: PfFileField | PjFileField): string {
  return `${field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}_url`;
}
