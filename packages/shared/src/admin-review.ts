/**
 * The back office's review of applications: lists, details and decisions. Routes (JSON unless
 * said; all behind the admin session guard; `:flow` is `pf` or `pj`; POSTs need a same-origin
 * `Origin`):
 *
 *   GET  /api/admin/applications/:flow                    listQuery -> applicationList
 *   GET  /api/admin/applications/:flow/export.csv         listQuery (no page) -> text/csv
 *   GET  /api/admin/applications/:flow/:id                -> applicationDetail
 *   POST /api/admin/applications/:flow/:id/approve        decisionBase -> applicationDetail
 *   POST /api/admin/applications/:flow/:id/request-changes  requestChangesDecision -> detail
 *   POST /api/admin/applications/:flow/:id/deny           denyDecision -> applicationDetail
 *   POST /api/admin/applications/:flow/:id/reopen         decisionBase -> applicationDetail
 *   POST /api/admin/applications/:flow/:id/resend-requirements  decisionBase -> 204
 *   GET  /api/admin/applications/:flow/:id/screening  -> applicationScreening (screening.ts)
 *   POST /api/admin/applications/:flow/:id/screening/hits/:hitId/decision
 *                                                      screeningDecision -> applicationScreening
 *   GET  /api/admin/screening/lists                   -> screeningLists (screening.ts)
 *
 * A decision names the status the admin saw (`expectedStatus`): when the record moved since
 * (another admin), or the status machine (status.ts) does not allow the move, the answer is 409.
 * 404 for an unknown id. Documents open through `/api/documents/:id` with the admin session.
 */
import { z } from 'zod';
import { biometricDecisionSchema } from './biometrics';
import {
  analistaFilterSchema,
  deadlineStatusSchema,
  documentReviewSchema,
  internalNoteField,
  prazoFilterSchema,
  reviewCaseSchema,
} from './case-review';
import { uploadedDocumentSchema } from './documents';
import { requiredLongText } from './fields';
import { identityFlagCodes, identitySources } from './identity-comparison';
import { decodeListCursor } from './list-cursor';
import { medipayAccountSchema, medipayActionValues } from './medipay-account';
import { clientInteractionSchema } from './rectification';
import { validationMessages as m } from './messages';
import { pfSavedValuesSchema } from './pf-application';
import { pjSavedValuesSchema } from './pj-application';
import { pfStatusFilterValues, pjStatusFilterValues, type Flow } from './status';
import { cleanLine } from './text';

export const reviewFlowSchema = z.enum(['pf', 'pj']);
export type ReviewFlow = z.infer<typeof reviewFlowSchema>;
export const flowOfReview = (flow: ReviewFlow): Flow => (flow === 'pf' ? 'PF' : 'PJ');

export const LIST_PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_LIST_PAGE_SIZE = 20;
/** Search terms shorter than this match the start of exact fields only (CPF/CNPJ, protocolo). */
export const SEARCH_SUBSTRING_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 100;
/**
 * Counts of a list are exact up to this many records; above it the list says 'mais de 10.000'
 * (counting a million matches on every page costs more than the page itself).
 */
export const LIST_COUNT_CAP = 10_000;
/** Longest cursor accepted in `after` / `before` (they are made by the server). */
export const LIST_CURSOR_MAX_LENGTH = 200;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** The PF list's biometrics filter: the applications em revisão biométrica. */
export const biometriaFilterValues = ['em_revisao'] as const;
export const biometriaFilterSchema = z.enum(biometriaFilterValues);
export const biometriaFilterLabels: Record<(typeof biometriaFilterValues)[number], string> = {
  em_revisao: 'Em revisão',
};

/**
 * Both lists' screening filter (PEP and sanctions): the applications with hits of the lists that
 * no reviewer decided yet.
 */
export const triagemFilterValues = ['pendente'] as const;
export const triagemFilterSchema = z.enum(triagemFilterValues);
export const triagemFilterLabels: Record<(typeof triagemFilterValues)[number], string> = {
  pendente: 'A decidir',
};

/** Messages of the list's parameters that the generic ones (zod-messages.ts) would not explain. */
export const listMessages = {
  /** A cursor (`after`, `before`) the server did not make, or both at once. */
  invalidCursor: 'Posição da lista inválida. Volte à primeira página.',
  /** A page number that is not a whole number from 1 to 100.000. */
  invalidPage: 'Página inválida.',
  /** A page size off LIST_PAGE_SIZES. */
  invalidPageSize: 'Quantidade por página inválida.',
  /** A sort the list does not have. */
  invalidSort: 'Ordem da lista inválida.',
} as const;

/**
 * A cursor of `next` or `previous` as it comes back: read in full (list-cursor.ts) so that a
 * tampered one is a 400 here and never reaches the database.
 */
const listCursorField = z.preprocess(
  emptyToUndefined,
  z
    .string(listMessages.invalidCursor)
    .max(LIST_CURSOR_MAX_LENGTH, { message: listMessages.invalidCursor, abort: true })
    .refine((value) => decodeListCursor(value) !== null, listMessages.invalidCursor)
    .optional(),
);

/** Filters and sort of a list, as they travel in the URL: what the CSV export takes. */
export const listFiltersSchema = z.object({
  /** As typed, without controls (NUL included) and invisible characters (text.ts). */
  search: z.preprocess(
    emptyToUndefined,
    z.string().overwrite(cleanLine).trim().max(SEARCH_MAX_LENGTH).optional(),
  ),
  /** One status of the flow's filter list; absent for all. */
  status: z.preprocess(
    emptyToUndefined,
    z.enum([...new Set([...pfStatusFilterValues, ...pjStatusFilterValues])]).optional(),
  ),
  /** PJ only: the company type. */
  tipo: z.preprocess(emptyToUndefined, z.string().max(40).optional()),
  /** PF only: the applications whose biometric check ended em revisão (a reviewer decides). */
  biometria: z.preprocess(emptyToUndefined, biometriaFilterSchema.optional()),
  /** The applications with screening hits to decide (triagemFilterValues). */
  triagem: z.preprocess(emptyToUndefined, triagemFilterSchema.optional()),
  /** The cases awaiting analysis due today, or overdue (case-review.ts). */
  prazo: z.preprocess(emptyToUndefined, prazoFilterSchema.optional()),
  /** The cases the signed-in admin holds ('Minhas análises'). */
  analista: z.preprocess(emptyToUndefined, analistaFilterSchema.optional()),
  /**
   * Creation date, newest first (the spec's order) or oldest first; or the due time, soonest
   * first (the cases awaiting analysis only).
   */
  sort: z
    .enum(['created_desc', 'created_asc', 'prazo_asc'], listMessages.invalidSort)
    .default('created_desc'),
});
export type ListFilterQuery = z.infer<typeof listFiltersSchema>;

/** Filters, page and sort of a list, as they travel in the URL. */
export const listQuerySchema = listFiltersSchema
  .extend({
    /**
     * The page number shown ('Página 3'); the position itself travels in `after` (the page
     * after that record) or `before` (the page before it), cursors the server returned as
     * `next` and `previous`. Without either, page 1 is the top of the list and a later page is
     * counted from it.
     */
    page: z.coerce
      .number(listMessages.invalidPage)
      .int(listMessages.invalidPage)
      .min(1, listMessages.invalidPage)
      .max(100_000, listMessages.invalidPage)
      .default(1),
    after: listCursorField,
    before: listCursorField,
    pageSize: z.coerce
      .number(listMessages.invalidPageSize)
      .refine(
        (value) => (LIST_PAGE_SIZES as readonly number[]).includes(value),
        listMessages.invalidPageSize,
      )
      .default(DEFAULT_LIST_PAGE_SIZE),
  })
  .refine((query) => !(query.after && query.before), {
    message: listMessages.invalidCursor,
    path: ['before'],
  });
export type ListQuery = z.infer<typeof listQuerySchema>;

export const applicationListItemSchema = z.object({
  id: z.string(),
  protocolo: z.string().nullable(),
  status: z.string(),
  currentStep: z.number().int(),
  /** PF: the full name; PJ: the trade name, or the legal name without one. */
  name: z.string().nullable(),
  /** PJ: the legal name. */
  razaoSocial: z.string().nullable(),
  /** PF: CPF (11 digits); PJ: CNPJ (14 characters). */
  document: z.string().nullable(),
  email: z.string().nullable(),
  /** PJ only. */
  tipoEmpresa: z.string().nullable(),
  createdAt: z.string(),
  analisadoPor: z.string().nullable(),
  analisadoEm: z.string().nullable(),
  /** PF: how the biometric check ended (null before one); PJ: null. */
  biometricDecision: biometricDecisionSchema.nullable(),
  /** Whether the application has screening hits (PEP, sanctions) that no reviewer decided yet. */
  openScreeningHits: z.boolean(),
  /** The due time (ISO) while the status awaits analysis; null otherwise. */
  prazoAnalise: z.string().nullable(),
  prazoStatus: deadlineStatusSchema.nullable(),
  /** Who holds the case ('Assumir análise'). */
  analistaEmail: z.string().nullable(),
});
export type ApplicationListItem = z.infer<typeof applicationListItemSchema>;

export const applicationListSchema = z.object({
  items: z.array(applicationListItemSchema),
  /** Every visible record of the flow ('Total'), at most the count cap (LIST_COUNT_CAP). */
  total: z.number().int(),
  /** True when there are more than `total` ('mais de 10.000'). */
  totalCapped: z.boolean(),
  /** The records that match the filters ('Filtrados'), at most the count cap. */
  filtered: z.number().int(),
  /** True when more than `filtered` match. */
  filteredCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The `after` of the next page; null on the last one. */
  next: z.string().nullable(),
  /** The `before` of the previous page; null on the first one. */
  previous: z.string().nullable(),
});
export type ApplicationList = z.infer<typeof applicationListSchema>;

/** One document field of an application: the current file and every earlier one. */
export const reviewDocumentSchema = z.object({
  field: z.string(),
  current: uploadedDocumentSchema.nullable(),
  /** Newest first, the current one included. */
  versions: z.array(
    uploadedDocumentSchema.extend({
      createdAt: z.string(),
      uploadedBy: z.enum(['applicant', 'admin']),
    }),
  ),
  /** The reviewer's decision on the current version ('Recusar documento'); null when none. */
  review: documentReviewSchema.nullable(),
});
export type ReviewDocument = z.infer<typeof reviewDocumentSchema>;

const extractedValueSchema = z.object({ value: z.string(), confidence: z.number() }).nullable();

/** What the automatic checks found (PF): the identity document's data and the face checks. */
export const reviewChecksSchema = z.object({
  extraction: z
    .object({
      /** The document field read (docIdentidadeFrente or docIdentidadeVerso). */
      field: z.string(),
      kind: z.string().nullable(),
      fields: z.object({
        nome: extractedValueSchema,
        numero: extractedValueSchema,
        orgao: extractedValueSchema,
        uf: extractedValueSchema,
        validade: extractedValueSchema,
      }),
    })
    .nullable(),
  /** Similarities (0-1) of the selfie with the selfie-with-document and with the document photo. */
  faceMatch: z
    .object({ selfieDoc: z.number().nullable(), documentPhoto: z.number().nullable() })
    .nullable(),
  liveness: z.object({ passed: z.boolean(), confidence: z.number().nullable() }).nullable(),
  /**
   * How the biometric check ended: the decision the saved step rests on, or the newest check of
   * the current selfie; null when none was made.
   */
  biometricDecision: biometricDecisionSchema.nullable(),
  /**
   * True when KYC_CHECKS=sandbox decided the face check and the liveness shown (the stored check
   * says so): no face was compared, the outcome is labelled sandbox wherever it is shown.
   */
  sandbox: z.boolean().optional(),
});
export type ReviewChecks = z.infer<typeof reviewChecksSchema>;

/** The three-source identity table and its flags (identity-comparison.ts). */
export const identityComparisonSchema = z.object({
  sources: z.array(z.enum(identitySources)),
  rows: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      values: z.partialRecord(z.enum(identitySources), z.string().nullable()),
      agreement: z.enum(['confere', 'divergente', 'sem_comparacao']),
    }),
  ),
  flags: z.array(z.object({ code: z.enum(identityFlagCodes), message: z.string() })),
});

export const historyEntrySchema = z.object({
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  actorType: z.enum(['applicant', 'admin', 'system']),
  /** The admin's e-mail for an admin's move; null for the applicant or the system. */
  actorEmail: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});

export const auditEntrySchema = z.object({
  action: z.string(),
  adminEmail: z.string(),
  observacoes: z.string().nullable(),
  motivo: z.string().nullable(),
  /** The reviewer's note for the team; never sent to the applicant. */
  notaInterna: z.string().nullable(),
  createdAt: z.string(),
});

export const reviewActionValues = [
  'approve',
  'request-changes',
  'deny',
  'reopen',
  'resend-requirements',
] as const;
export type ReviewAction = (typeof reviewActionValues)[number];

const detailBase = {
  id: z.string(),
  protocolo: z.string().nullable(),
  status: z.string(),
  currentStep: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  analisadoPor: z.string().nullable(),
  analisadoEm: z.string().nullable(),
  exigencias: z.string().nullable(),
  motivoNegacao: z.string().nullable(),
  emailVerificado: z.boolean(),
  telefoneVerificado: z.boolean(),
  documents: z.array(reviewDocumentSchema),
  history: z.array(historyEntrySchema),
  audit: z.array(auditEntrySchema),
  /** What this admin may do now (the status machine, from the current status). */
  allowedActions: z.array(z.enum(reviewActionValues)),
  /** The payment-platform account (null until an approval asked for one); medipay-account.ts. */
  medipay: medipayAccountSchema.nullable(),
  /** The platform actions offered now (approved records only). */
  medipayActions: z.array(z.enum(medipayActionValues)),
  /** What the applicant did on the rectification page, oldest first (rectification.ts). */
  interactions: z.array(clientInteractionSchema),
  /** Typed, registry (PJ), read from the document and corrected (PF), with the disagreements. */
  identity: identityComparisonSchema,
  /** Due time, holder and four-eyes state (case-review.ts). */
  case: reviewCaseSchema,
};

export const applicationDetailSchema = z.discriminatedUnion('flow', [
  z.object({
    flow: z.literal('PF'),
    ...detailBase,
    values: pfSavedValuesSchema,
    checks: reviewChecksSchema,
  }),
  z.object({ flow: z.literal('PJ'), ...detailBase, values: pjSavedValuesSchema }),
]);
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

export const decisionBaseSchema = z.object({ expectedStatus: z.string().min(1).max(40) });
/** `exigencias` reaches the applicant; `notaInterna` stays in the back office. */
export const requestChangesDecisionSchema = decisionBaseSchema.extend({
  exigencias: requiredLongText(m.exigencias),
  notaInterna: internalNoteField,
});
/** `motivo` reaches the applicant; `notaInterna` stays in the back office. */
export const denyDecisionSchema = decisionBaseSchema.extend({
  motivo: requiredLongText(m.motivoNegacao),
  notaInterna: internalNoteField,
});

/** Audit action names (admin_actions.action) of the decisions. */
export const reviewAuditActions = {
  approve: 'APROVADO',
  'request-changes': 'EM_EXIGENCIA',
  deny: 'NEGADO',
  reopen: 'VOLTAR_PARA_ANALISE',
  'resend-requirements': 'REENVIO_EXIGENCIAS',
} as const satisfies Record<ReviewAction, string>;

/** The status each decision leads to. */
export const reviewActionTargets = {
  approve: 'APROVADO',
  'request-changes': 'EM_EXIGENCIA',
  deny: 'NEGADO',
  reopen: 'EM_ANALISE',
} as const;

/** Messages of back-office.md section 8 for the review, and ours where it is silent. */
export const reviewMessages = {
  notFound: 'Onboarding não encontrado',
  backToList: 'Voltar para lista',
  loading: 'Carregando onboardings...',
  empty: 'Nenhum onboarding encontrado',
  emptyFiltered: 'Nenhum onboarding encontrado com os filtros aplicados',
  emptyFilteredPj: 'Nenhum resultado encontrado com os filtros aplicados',
  denyPrompt: 'Digite o motivo da negação:',
  errorTitle: 'Erro',
  loadListFailed: 'Não foi possível carregar os dados',
  loadFailed: 'Não foi possível carregar os dados do onboarding',
  approveFailed: 'Não foi possível aprovar o onboarding',
  requestChangesFailed: 'Não foi possível colocar em exigência',
  denyFailed: 'Não foi possível negar o onboarding',
  reopenFailed: 'Não foi possível reverter o status',
  /** PJ: a failed denial ('Rejeitado' is the PJ denial's toast). */
  rejectFailed: 'Não foi possível rejeitar o onboarding',
  /** PJ: a failed 'Voltar para Análise'. */
  reopenPjFailed: 'Não foi possível alterar o status',
  resendFailed: 'Não foi possível reenviar o email',
  approved: 'Aprovado com sucesso',
  requestedChanges: 'Em exigência',
  requestedChangesDescription: 'O solicitante foi notificado por e-mail.',
  requestedChangesPjDescription: 'A empresa foi notificada por e-mail.',
  denied: 'Onboarding negado',
  deniedDescription: 'O onboarding foi negado e o usuário foi notificado.',
  rejected: 'Rejeitado',
  rejectedDescription: 'O onboarding foi rejeitado e a empresa foi notificada por e-mail.',
  resent: 'Email reenviado',
  resentDescription: 'Email de exigências foi reenviado com sucesso.',
  reopened: 'Status atualizado',
  reopenedPj: 'Status alterado',
  reopenedPjDescription: 'Onboarding PJ foi retornado para análise.',
  conflict: 'Este onboarding foi alterado por outro administrador. Recarregue a página.',
  notAllowed: 'Esta ação não é permitida no status atual do onboarding.',
  accepted: 'Aceito',
  notAccepted: 'Não aceito',
  livenessApproved: 'Liveness Aprovado',
  openPdf: 'Abrir PDF',
  viewDocument: 'Visualizar Documento',
} as const;

/** How long the link of an 'Em Exigência' e-mail stays valid. */
export const RECTIFICATION_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;
