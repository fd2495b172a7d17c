/**
 * Case management in the back office (decision 023): a due time per application, who holds each
 * case, four-eyes approval of sensitive cases, a decision per document, and the applications
 * linked to one another. Routes (behind the admin session guard; `:flow` is `pf` or `pj`; POSTs
 * need a same-origin `Origin`; each answers the application's detail, admin-review.ts):
 *
 *   POST /api/admin/applications/:flow/:id/assign            assignCase -> applicationDetail
 *        'Assumir análise'; over another admin's hold only with `takeOver` (audited).
 *   POST /api/admin/applications/:flow/:id/release           decisionBase -> applicationDetail
 *   POST /api/admin/applications/:flow/:id/withdraw-approval  decisionBase -> applicationDetail
 *        Only the admin of the first approval.
 *   POST /api/admin/applications/:flow/:id/documents/:documentId/review
 *                                                       documentReviewInput -> applicationDetail
 *   GET  /api/admin/applications/:flow/:id/links            -> linkedApplications
 *   GET  /api/admin/applications/:flow/:id/dossier.pdf      -> application/pdf ('Exportar dossiê')
 *
 * 'Aprovar' (approve, admin-review.ts) of a case that needs two administrators records the
 * first approval (its `nota` is required) and keeps the status; the approval of another admin
 * then approves. Deciding a case another admin holds answers 409 with `caseMessages.heldByOther`.
 */
import { z } from 'zod';
import { addBusinessDays } from './business-days';
import { LONG_TEXT_MAX } from './fields';
import { cleanMultiline } from './text';

/** How long the back office has to decide (the success pages' 'até 2 dias úteis'). */
export const REVIEW_DEADLINE_BUSINESS_DAYS = 2;

/**
 * The due time of a case received (submitted, corrected or reopened) at `now`: the end of the
 * second business day after (business-days.ts, national holidays counted).
 */
export const reviewDeadline = (now: Date) => addBusinessDays(now, REVIEW_DEADLINE_BUSINESS_DAYS);

export const deadlineStatusValues = ['no_prazo', 'vence_hoje', 'atrasado'] as const;
export const deadlineStatusSchema = z.enum(deadlineStatusValues);
export const deadlineStatusLabels: Record<(typeof deadlineStatusValues)[number], string> = {
  no_prazo: 'No prazo',
  vence_hoje: 'Vence hoje',
  atrasado: 'Atrasado',
};

/** The lists' deadline filter: the cases due today, and the overdue ones. */
export const prazoFilterValues = ['vence_hoje', 'atrasados'] as const;
export const prazoFilterSchema = z.enum(prazoFilterValues);
export const prazoFilterLabels: Record<(typeof prazoFilterValues)[number], string> = {
  vence_hoje: 'Vence hoje',
  atrasados: 'Atrasados',
};

/** The lists' holder filter: the cases the signed-in admin holds. */
export const analistaFilterValues = ['minhas'] as const;
export const analistaFilterSchema = z.enum(analistaFilterValues);
export const analistaFilterLabels: Record<(typeof analistaFilterValues)[number], string> = {
  minhas: 'Minhas análises',
};

/** Why a case needs a second approval (every one that applies is listed). */
export const secondApprovalReasonValues = [
  'triagem',
  'pep_declarado',
  'biometria_em_revisao',
  'divergencia_identidade',
  'cadastro_relacionado',
] as const;
export type SecondApprovalReason = (typeof secondApprovalReasonValues)[number];
export const secondApprovalReasonLabels: Record<SecondApprovalReason, string> = {
  triagem: 'Ocorrência em lista PEP ou de sanções ainda não descartada',
  pep_declarado: 'Declarou ser PEP, familiar ou colaborador próximo de uma PEP',
  biometria_em_revisao: 'Verificação biométrica em revisão',
  divergencia_identidade: 'Dados digitados divergem dos lidos no documento',
  cadastro_relacionado: 'Há cadastros relacionados',
};

/** Reasons of 'Recusar documento'; `outro` needs its text. */
export const documentRefusalReasonValues = [
  'ilegivel',
  'vencido',
  'dados_divergentes',
  'incompleto',
  'nao_corresponde_titular',
  'outro',
] as const;
export type DocumentRefusalReason = (typeof documentRefusalReasonValues)[number];
export const documentRefusalReasonLabels: Record<DocumentRefusalReason, string> = {
  ilegivel: 'Ilegível',
  vencido: 'Vencido',
  dados_divergentes: 'Dados divergentes',
  incompleto: 'Documento incompleto',
  nao_corresponde_titular: 'Não corresponde ao titular',
  outro: 'Outro',
};

/** What a refusal tells the applicant: the reason's label, or the text of 'outro'. */
export function refusalReasonText(motivo: string, motivoTexto: string | null): string {
  if (motivo === 'outro') return motivoTexto ?? '';
  return Object.hasOwn(documentRefusalReasonLabels, motivo)
    ? documentRefusalReasonLabels[motivo as DocumentRefusalReason]
    : motivo;
}

/** Messages of case management (the issue's labels, and ours where it is silent). */
export const caseMessages = {
  assign: 'Assumir análise',
  takeOver: 'Assumir no lugar',
  takeOverConfirm: (email: string) =>
    `Esta análise está com ${email}. Assumir a análise no lugar dessa pessoa?`,
  release: 'Liberar análise',
  assigned: 'Análise assumida',
  released: 'Análise liberada',
  heldBy: (email: string) => `Em análise por ${email}`,
  heldByYou: 'Em análise por você',
  unassigned: 'Sem responsável',
  heldByOther:
    'Este cadastro está em análise por outro administrador. Assuma a análise antes de decidir.',
  holderChanged: 'O responsável por esta análise mudou. Recarregue a página.',
  mine: 'Minhas análises',
  dueToday: 'Vence hoje',
  overdue: 'Atrasados',
  deadline: 'Prazo',
  medianDecision: 'Tempo mediano até a decisão (30 dias)',
  awaitingSecond: 'Aguardando segunda aprovação',
  secondApprovalRequired: 'Este cadastro precisa de duas aprovações',
  firstApprovalNoteLabel: 'Nota da primeira aprovação',
  firstApprovalNoteRequired: 'Escreva a nota da primeira aprovação.',
  firstApproved: 'Primeira aprovação registrada',
  sameAdmin: 'A segunda aprovação precisa ser de outro administrador.',
  withdraw: 'Retirar aprovação',
  withdrawn: 'Primeira aprovação retirada',
  onlyFirstApprover: 'Só quem registrou a primeira aprovação pode retirá-la.',
  noFirstApproval: 'Não há primeira aprovação para retirar.',
  acceptDocument: 'Aceitar documento',
  refuseDocument: 'Recusar documento',
  refusalReason: 'Motivo da recusa',
  refusalOtherText: 'Descreva o motivo',
  refusalOtherRequired: 'Descreva o motivo da recusa.',
  documentAccepted: 'Documento aceito',
  documentRefused: 'Documento recusado',
  documentNotCurrent: 'Este documento não é mais o atual do cadastro. Recarregue a página.',
  documentReviewClosed: 'Os documentos só podem ser avaliados enquanto o cadastro está em análise.',
  internalNoteLabel: 'Nota interna (não é enviada ao solicitante)',
  applicantNoteLabel: 'Mensagem ao solicitante',
  linkedTitle: 'Cadastros relacionados',
  linkedEmpty: 'Nenhum cadastro relacionado.',
  exportDossier: 'Exportar dossiê',
} as const;

const noteText = (required: string) =>
  z
    .string(required)
    .overwrite(cleanMultiline)
    .trim()
    .min(1, required)
    .max(LONG_TEXT_MAX, `Use no máximo ${LONG_TEXT_MAX} caracteres.`);

/** An optional note: blank is none. */
const optionalNote = () =>
  z
    .string()
    .overwrite(cleanMultiline)
    .trim()
    .max(LONG_TEXT_MAX, `Use no máximo ${LONG_TEXT_MAX} caracteres.`)
    .transform((value) => value || undefined)
    .optional();

/** An internal note (never sent to the applicant): optional; blank is none. */
export const internalNoteField = optionalNote();

export const assignCaseSchema = z.object({
  /** The holder the admin saw (null: nobody); another one since answers 409. */
  expectedHolderId: z.uuid().nullable(),
  /** Take the case from the admin holding it (the confirmation of 'Assumir no lugar'). */
  takeOver: z.boolean().default(false),
});
export type AssignCase = z.infer<typeof assignCaseSchema>;

export const documentReviewInputSchema = z
  .object({
    decision: z.enum(['aceito', 'recusado']),
    motivo: z.enum(documentRefusalReasonValues).optional(),
    motivoTexto: z.string().overwrite(cleanMultiline).trim().max(500).optional(),
  })
  .superRefine((value, context) => {
    if (value.decision === 'recusado' && !value.motivo) {
      context.addIssue({
        code: 'custom',
        path: ['motivo'],
        message: 'Escolha o motivo da recusa.',
      });
    }
    if (value.decision === 'recusado' && value.motivo === 'outro' && !value.motivoTexto) {
      context.addIssue({
        code: 'custom',
        path: ['motivoTexto'],
        message: caseMessages.refusalOtherRequired,
      });
    }
  });
export type DocumentReviewInput = z.infer<typeof documentReviewInputSchema>;

/** The standing of one document version: the newest decision on it. */
export const documentReviewSchema = z.object({
  decision: z.enum(['aceito', 'recusado']),
  motivo: z.string().nullable(),
  motivoTexto: z.string().nullable(),
  adminEmail: z.string(),
  createdAt: z.string(),
});
export type DocumentReview = z.infer<typeof documentReviewSchema>;

/** The case as the detail page shows it. */
export const reviewCaseSchema = z.object({
  /** The due time (ISO), null when the status awaits no decision. */
  prazo: z.string().nullable(),
  prazoStatus: deadlineStatusSchema.nullable(),
  analista: z
    .object({ id: z.string().nullable(), email: z.string(), desde: z.string() })
    .nullable(),
  /** Whether the signed-in admin holds it. */
  heldByMe: z.boolean(),
  /** Why two administrators must approve; empty for an ordinary case. */
  secondApprovalReasons: z.array(
    z.object({ code: z.enum(secondApprovalReasonValues), label: z.string() }),
  ),
  primeiraAprovacao: z
    .object({
      adminId: z.string().nullable(),
      adminEmail: z.string(),
      em: z.string(),
      nota: z.string(),
    })
    .nullable(),
});
export type ReviewCase = z.infer<typeof reviewCaseSchema>;

/** The approval: the note is required on the first approval of a four-eyes case. */
export const approveInputSchema = z.object({
  expectedStatus: z.string().min(1).max(40),
  nota: optionalNote(),
});
export type ApproveInput = z.infer<typeof approveInputSchema>;

export const firstApprovalNoteSchema = noteText(caseMessages.firstApprovalNoteRequired);

/**
 * The header with which the wizard sends its device identifier: a random UUID the applicant's
 * browser keeps in this site's own storage (never a fingerprint, never shared with third
 * parties). The application stores the one of the device that created it.
 */
export const DEVICE_ID_HEADER = 'x-medipay-dispositivo';
export const DEVICE_ID_STORAGE_KEY = 'medipay_dispositivo';
export const deviceIdSchema = z.uuid();

/** What links two applications. */
export const linkAttributeValues = [
  'documento',
  'email',
  'telefone',
  'dispositivo',
  'socio',
  'rosto',
] as const;
export type LinkAttribute = (typeof linkAttributeValues)[number];
export const linkAttributeLabels: Record<LinkAttribute, string> = {
  documento: 'Mesmo CPF/CNPJ',
  email: 'Mesmo e-mail',
  telefone: 'Mesmo telefone',
  dispositivo: 'Mesmo dispositivo',
  socio: 'Sócio ou representante em comum',
  rosto: 'Mesmo rosto',
};

export const linkedApplicationSchema = z.object({
  flow: z.enum(['PF', 'PJ']),
  id: z.string(),
  protocolo: z.string().nullable(),
  name: z.string().nullable(),
  /** CPF (PF) or CNPJ (PJ). */
  document: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  /** Every attribute shared, with what is shared (masked where it is a contact). */
  shared: z.array(z.object({ attribute: z.enum(linkAttributeValues), value: z.string() })),
  /** The face similarity (0-1) when the selfies match; null otherwise. */
  faceSimilarity: z.number().nullable(),
});
export type LinkedApplication = z.infer<typeof linkedApplicationSchema>;

export const linkedApplicationsSchema = z.object({
  items: z.array(linkedApplicationSchema),
  /** Whether the application's selfie had a face descriptor to search with. */
  faceSearched: z.boolean(),
});
export type LinkedApplications = z.infer<typeof linkedApplicationsSchema>;

/** Audit action names (admin_actions.action) of case management. */
export const caseAuditActions = {
  assign: 'ANALISE_ASSUMIDA',
  takeOver: 'ANALISE_TRANSFERIDA',
  release: 'ANALISE_LIBERADA',
  firstApproval: 'PRIMEIRA_APROVACAO',
  withdrawApproval: 'PRIMEIRA_APROVACAO_RETIRADA',
  acceptDocument: 'DOCUMENTO_ACEITO',
  refuseDocument: 'DOCUMENTO_RECUSADO',
  exportDossier: 'DOSSIE_EXPORTADO',
} as const;
