import { z } from 'zod';
import { MAX_PDF_PAGES, MAX_UPLOAD_MEGAPIXELS } from './constants';
import { pfFileFields, pjFileFields } from './files';

/** An uploaded document as the upload answers it; the value of a file field in the step schemas. */
export const uploadedDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
  /** The portal's own authorised route for the document. */
  url: z.string(),
  /** A small WEBP preview, for images. */
  thumbnailUrl: z.string().nullable(),
});
export type UploadedDocument = z.infer<typeof uploadedDocumentSchema>;

export const pfFileFieldSchema = z.enum(Object.keys(pfFileFields) as [keyof typeof pfFileFields]);
export const pjFileFieldSchema = z.enum(Object.keys(pjFileFields) as [keyof typeof pjFileFields]);

/** Messages of the intake beyond the form's file messages (messages.ts). */
export const documentMessages = {
  noFile: 'Envie um arquivo.',
  unreadableImage: 'Não foi possível ler a imagem. Envie outro arquivo.',
  imageTooLarge: `A imagem é grande demais: envie uma foto de até ${MAX_UPLOAD_MEGAPIXELS} megapixels.`,
  unreadablePdf: 'Não foi possível ler o PDF. Envie outro arquivo.',
  encryptedPdf: 'PDF protegido por senha não é aceito. Envie o arquivo sem senha.',
  activePdf: 'PDF com conteúdo executável (JavaScript) não é aceito.',
  tooManyPdfPages: `O PDF tem mais de ${MAX_PDF_PAGES} páginas. Envie um arquivo com até ${MAX_PDF_PAGES} páginas.`,
  /** Too many PDFs are being prepared at this moment: nothing was kept, the applicant tries again. */
  pdfBusy: 'Muitos arquivos em processamento. Tente novamente em instantes.',
  /** A PDF stored as sent, before uploads were rebuilt, that the rebuild has not yet made safe. */
  pdfNotRebuilt:
    'Este PDF ainda não foi verificado e não pode ser aberto. Tente novamente mais tarde.',
  unknownField: 'Documento desconhecido.',
  /** The file could not be kept (the document store refused it or did not answer): nothing kept. */
  uploadFailed: 'Não foi possível enviar o arquivo.',
} as const;

const extractedFieldSchema = z.object({ value: z.string(), confidence: z.number() }).nullable();

/** The data read from an identity document: the spec's nome, numero, orgao, uf, validade. */
export const extractionResponseSchema = z.object({
  status: z.enum(['pending', 'done', 'failed']),
  kind: z.enum(['RG', 'CIN', 'CNH']).nullable(),
  fields: z
    .object({
      nome: extractedFieldSchema,
      numero: extractedFieldSchema,
      orgao: extractedFieldSchema,
      uf: extractedFieldSchema,
      validade: extractedFieldSchema,
    })
    .nullable(),
});
export type ExtractionResponse = z.infer<typeof extractionResponseSchema>;
