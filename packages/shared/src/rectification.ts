/**
 * The document rectification page (back-office.md section 2, '/retificar-documentos'), reached
 * from the 'Em Exigência' e-mail's link `/retificar-documentos?token=<token>` (decision 010: a
 * random token, never the session id). The token is a capability: it opens only the EM_EXIGENCIA
 * application it was made for, until it expires, is used, or the application leaves EM_EXIGENCIA.
 *
 * Routes (JSON unless said):
 *
 *   POST /api/rectification/open              {token} -> rectificationPage
 *        Sets the HttpOnly cookie `medipay_retificacao` (SameSite=Strict, Path=/api/rectification)
 *        that the routes below read; records PAGE_ACCESS. Rate-limited per IP.
 *   GET  /api/rectification                   -> rectificationPage (from the cookie)
 *   POST /api/rectification/documents/:field  multipart, one file -> uploadedDocument
 *        Checked like the wizard's uploads (same kinds and 10 MB limit) and stored as a new
 *        version; applied only by the submit. Only the page's documents: 400
 *        (`rectificationMessages.fieldNotOffered`) for any other field.
 *   GET  /api/rectification/documents/:id     the file ('Ver documento'): a document of this
 *        application only.
 *   POST /api/rectification/submit            rectificationSubmit -> rectificationResult
 *        In one transaction: the new documents become current (earlier versions kept), status
 *        EM_EXIGENCIA -> EM_ANALISE with its history, DOCUMENT_UPDATE per document and
 *        JUSTIFICATION_SENT, the link is spent.
 *
 * Requested documents (issue 25): a link made from the reviewer's refusals carries those
 * documents; its page lists exactly them, each with the reason (`documentosSolicitados` true),
 * and the submit must send every one of them (400 `rectificationMessages.missingRequested`) and
 * no other (400 `fieldNotOffered`); nothing changes on a refusal. A link of free-text
 * requirements (`documentosSolicitados` false) lists every replaceable document, none required.
 *
 * Anything not live (unknown, expired or spent token, no cookie, application not EM_EXIGENCIA)
 * answers 404 with `rectificationMessages.notFoundDescription`: a wrong token learns nothing.
 */
import { z } from 'zod';
import { uploadedDocumentSchema } from './documents';
import { LONG_TEXT_MAX } from './fields';
import { rectificationFileFields, type FileKind } from './files';
import { cleanMultiline } from './text';

export const RECTIFICATION_COOKIE = 'medipay_retificacao';

/** Client-interaction action types (table client_interactions). */
export const clientInteractionTypes = [
  'PAGE_ACCESS',
  'DOCUMENT_UPDATE',
  'JUSTIFICATION_SENT',
] as const;
export type ClientInteractionType = (typeof clientInteractionTypes)[number];

export const rectificationOpenSchema = z.object({
  token: z.string().trim().min(1).max(200),
});

export const rectificationDocumentSchema = z.object({
  /** One of `rectificationFileFields[flow]`. */
  field: z.string(),
  kind: z.enum(['document', 'pdf', 'image'] satisfies [FileKind, ...FileKind[]]),
  /** The document on record ('Ver documento'), served by GET /api/rectification/documents/:id. */
  current: uploadedDocumentSchema.nullable(),
  /**
   * Why the reviewer refused it, as the applicant reads it ('Ilegível', or the reviewer's text):
   * set on a requested document, null on a page of free-text requirements.
   */
  motivo: z.string().nullable(),
});
export type RectificationDocument = z.infer<typeof rectificationDocumentSchema>;

export const rectificationPageSchema = z.object({
  flow: z.enum(['PF', 'PJ']),
  /** The full name (PF) or the company name (PJ) the page greets. */
  nome: z.string(),
  protocolo: z.string().nullable(),
  /** The administrator's requirements. */
  exigencias: z.string().nullable(),
  /**
   * Whether `documents` are the documents the reviewer asked for, each of which the submit must
   * send; false: every replaceable document, any of them optional.
   */
  documentosSolicitados: z.boolean(),
  documents: z.array(rectificationDocumentSchema),
});
export type RectificationPage = z.infer<typeof rectificationPageSchema>;

export const rectificationSubmitSchema = z
  .object({
    /** Without controls and invisible characters (text.ts); line breaks stay. */
    justification: z.string().overwrite(cleanMultiline).trim().max(LONG_TEXT_MAX).optional(),
    /** field -> id of a document uploaded through POST /api/rectification/documents/:field. */
    documents: z
      .record(
        z.string(),
        z.uuid({ message: 'Documento não encontrado. Envie o arquivo novamente.' }),
      )
      .default({}),
  })
  .refine((value) => Boolean(value.justification) || Object.keys(value.documents).length > 0, {
    message: 'Adicione uma justificativa ou atualize pelo menos um documento',
  });
export type RectificationSubmit = z.infer<typeof rectificationSubmitSchema>;

export const rectificationResultSchema = z.object({
  status: z.literal('EM_ANALISE'),
  protocolo: z.string().nullable(),
  documentsUpdated: z.number().int(),
});

/** Whether `field` may be replaced on the rectification page of `flow`. */
export function isRectificationField(flow: 'PF' | 'PJ', field: string): boolean {
  return (rectificationFileFields[flow] as readonly string[]).includes(field);
}

/** 'A', 'A e B', 'A, B e C'. */
export function joinLabels(labels: readonly string[]): string {
  return labels.length <= 1
    ? (labels[0] ?? '')
    : `${labels.slice(0, -1).join(', ')} e ${labels.at(-1)}`;
}

/** Messages of back-office.md (sections 2 and 8) for the page, and ours where it is silent. */
export const rectificationMessages = {
  title: 'Retificar Documentos',
  notFoundTitle: 'Cadastro não encontrado',
  notFoundDescription: 'O cadastro não foi encontrado ou não está em status de exigência.',
  /** A link opened again after its corrections were sent. */
  alreadySentTitle: 'Correções já recebidas',
  alreadySentDescription:
    'As correções deste link já foram recebidas e o cadastro voltou para análise. Você pode acompanhar o andamento na página de status.',
  exigenciasTitle: 'Exigências do analista',
  justificationLabel: 'Justificativa (opcional)',
  viewDocument: 'Ver documento',
  documentsTitle: 'Documentos',
  documentsIntro: 'Escolha um novo arquivo apenas para os documentos que precisam ser corrigidos.',
  /** A link with requested documents: the section's title and what it asks. */
  requestedTitle: 'Documentos solicitados',
  requestedIntro: (labels: readonly string[]) =>
    labels.length === 1
      ? `O analista pediu um novo arquivo de: ${labels[0]}. Envie-o para que o cadastro volte para análise.`
      : `O analista pediu novos arquivos de: ${joinLabels(labels)}. Envie todos para que o cadastro volte para análise.`,
  /** Under a requested document. */
  reason: (text: string) => `Motivo: ${text}`,
  /** A requested document left out of the submit (the page's and the server's message). */
  missingRequested: (labels: readonly string[]) =>
    labels.length === 1
      ? `Envie o documento solicitado: ${labels[0]}`
      : `Envie os documentos solicitados: ${joinLabels(labels)}`,
  /** Under a requested document without a new file, after a submit. */
  requestedFileMissing: 'Escolha um novo arquivo para este documento.',
  /** An upload or a submit of a document the page does not list. */
  fieldNotOffered: 'Este documento não pode ser atualizado nesta página.',
  submit: 'Enviar Correções',
  submitting: 'Salvando...',
  attentionTitle: 'Atenção',
  attention: 'Adicione uma justificativa ou atualize pelo menos um documento',
  successTitle: 'Sucesso!',
  successDescription:
    'Suas correções foram enviadas e o cadastro voltou para análise. Você será redirecionado.',
  errorTitle: 'Erro',
  loadFailed: 'Não foi possível carregar o cadastro. Tente novamente mais tarde.',
  submitFailed: 'Não foi possível enviar as correções. Nada foi perdido: tente novamente.',
  /** The green notice: how many documents are selected for update. */
  selected: (count: number) =>
    count === 1
      ? '1 documento selecionado para atualização'
      : `${count} documentos selecionados para atualização`,
} as const;

/** Descriptions written in client_interactions (Portuguese, shown in the back office). */
export const clientInteractionDescriptions = {
  PAGE_ACCESS: 'Acesso à página de retificação',
  DOCUMENT_UPDATE: 'Documento atualizado',
  JUSTIFICATION_SENT: 'Justificativa enviada',
} as const satisfies Record<ClientInteractionType, string>;

/** The interaction log as the back-office detail shows it. */
export const clientInteractionSchema = z.object({
  actionType: z.enum(clientInteractionTypes),
  description: z.string(),
  documentType: z.string().nullable(),
  oldDocumentUrl: z.string().nullable(),
  newDocumentUrl: z.string().nullable(),
  justification: z.string().nullable(),
  createdAt: z.string(),
});
export type ClientInteraction = z.infer<typeof clientInteractionSchema>;
