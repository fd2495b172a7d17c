/**
 * Inputs of the back-office decisions and of the rectification page; the dashboard's case
 * queues and the lists' sort labels.
 */
import { z } from 'zod';
import { dashboardSchema } from './admin';
import { optionalLongText, requiredLongText } from './fields';
import { validationMessages as m } from './messages';

/** 'Em Exigência': the requirements text, non-blank. */
export const requestChangesSchema = z.object({
  exigencias: requiredLongText(m.exigencias),
});

/** 'Negar': the reason, non-blank. */
export const denySchema = z.object({ motivo: requiredLongText(m.motivoNegacao) });

/** Rectification: a justification or at least one replaced document. */
export const rectificationSchema = z
  .object({
    justificativa: optionalLongText(),
    replacedDocuments: z.number().int().min(0),
  })
  .refine((value) => Boolean(value.justificativa) || value.replacedDocuments > 0, {
    error: m.rectification,
  });

export type RequestChanges = z.infer<typeof requestChangesSchema>;
export type Deny = z.infer<typeof denySchema>;
export type Rectification = z.infer<typeof rectificationSchema>;

/**
 * The dashboard's case queues (issue 25, item 1): the cases awaiting analysis due today and
 * overdue in each flow, and how long decisions took over the last DECISION_WINDOW_DAYS days.
 */
export const DECISION_WINDOW_DAYS = 30;

const deadlineCountsSchema = z.object({
  /** Awaiting analysis, due later today (São Paulo day): the list's 'Vence hoje'. */
  dueToday: z.number().int(),
  /** Awaiting analysis, due time passed: the list's 'Atrasados'. */
  overdue: z.number().int(),
});

export const dashboardCasesSchema = z.object({
  pf: deadlineCountsSchema,
  pj: deadlineCountsSchema,
  /**
   * The median time (ms) from a case entering analysis (the latest move into EM_ANALISE or
   * ENVIADO_PARA_ANALISE before the decision) to an administrator's decision (APROVADO,
   * EM_EXIGENCIA or NEGADO), over the decisions of both flows in the window; null without any.
   */
  medianDecisionMs: z.number().nonnegative().nullable(),
  /** How many decisions the median is taken over. */
  decisions: z.number().int(),
});
export type DashboardCases = z.infer<typeof dashboardCasesSchema>;

/**
 * The dashboard as GET /api/admin/dashboard answers it: admin.ts's counters and alerts, with the
 * case queues.
 */
/** The last run of the daily retention job: when, and what it deleted; null before the first. */
export const dashboardRetentionSchema = z
  .object({ lastRunAt: z.string(), summary: z.string() })
  .nullable();

export const backOfficeDashboardSchema = dashboardSchema.extend({
  cases: dashboardCasesSchema,
  retention: dashboardRetentionSchema,
});
export type BackOfficeDashboard = z.infer<typeof backOfficeDashboardSchema>;

/** Texts of the dashboard's case queues (case-review.ts has the labels it shares with lists). */
export const dashboardCaseMessages = {
  title: 'Prazos de análise',
  description: 'Cadastros aguardando análise cujo prazo de 2 dias úteis vence hoje ou já venceu.',
  noDecisions: 'Nenhuma decisão nos últimos 30 dias.',
  decisionsOver: (count: number) =>
    count === 1
      ? 'mediana de 1 decisão'
      : `mediana de ${new Intl.NumberFormat('pt-BR').format(count)} decisões`,
} as const;

/** Labels of the lists' case-management columns and controls (and of their CSV columns). */
export const caseListLabels = {
  /** Who holds the case (caseMessages.deadline is the due time's). */
  holder: 'Responsável',
  sort: 'Ordem',
} as const;

/** The lists' sort options ('Ordem'), in the order shown; the first is the default. */
export const listSortLabels = {
  created_desc: 'Mais recentes primeiro',
  created_asc: 'Mais antigos primeiro',
  prazo_asc: 'Prazo (mais próximo)',
} as const;
