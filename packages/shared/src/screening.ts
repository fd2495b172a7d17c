/**
 * PEP and sanctions screening as the back office sees it: the lists in force, an application's
 * hits with their reasons, and a reviewer's decision on a hit.
 */
import { z } from 'zod';
import { requiredLongText } from './fields';

export const screeningListKinds = ['pep', 'ceis', 'cnep', 'unsc'] as const;
export type ScreeningListKind = (typeof screeningListKinds)[number];

export const screeningListLabels: Record<ScreeningListKind, string> = {
  pep: 'PEP (CGU)',
  ceis: 'CEIS',
  cnep: 'CNEP',
  unsc: 'Sanções do Conselho de Segurança da ONU',
};

/** The publishing rhythm: a version in force older than this is shown as out of date. */
export const screeningListMaxAgeDays: Record<ScreeningListKind, number> = {
  pep: 45,
  ceis: 7,
  cnep: 7,
  unsc: 1,
};

export const screeningListSchema = z.object({
  list: z.enum(screeningListKinds),
  label: z.string(),
  maxAgeDays: z.number().int(),
  /** Null when the list was never imported. */
  current: z
    .object({
      version: z.number().int(),
      fileName: z.string(),
      rowCount: z.number().int(),
      importedAt: z.string(),
      importedBy: z.string(),
      /** When every open or approved application was screened against it; null while pending. */
      rescreenedAt: z.string().nullable(),
    })
    .nullable(),
  /** Never imported, or older than its publishing rhythm. */
  stale: z.boolean(),
});
export type ScreeningListView = z.infer<typeof screeningListSchema>;

export const screeningListsSchema = z.object({ lists: z.array(screeningListSchema) });
export type ScreeningLists = z.infer<typeof screeningListsSchema>;

export const screeningHitStatuses = ['aberto', 'confirmado', 'descartado', 'retirado'] as const;
export type ScreeningHitStatus = (typeof screeningHitStatuses)[number];

export const screeningHitStatusLabels: Record<ScreeningHitStatus, string> = {
  aberto: 'A decidir',
  confirmado: 'Confirmado',
  descartado: 'Descartado',
  retirado: 'Retirado da lista',
};

export const screeningSubjectRoles = [
  'titular',
  'relacionado_pep',
  'empresa',
  'representante',
  'socio',
] as const;
export type ScreeningSubjectRole = (typeof screeningSubjectRoles)[number];

export const screeningSubjectRoleLabels: Record<ScreeningSubjectRole, string> = {
  titular: 'Titular',
  relacionado_pep: 'Familiar ou colaborador declarado',
  empresa: 'Empresa',
  representante: 'Responsável legal',
  socio: 'Sócio',
};

export const screeningHitSchema = z.object({
  id: z.string(),
  list: z.enum(screeningListKinds),
  /** The list version the hit was found in. */
  version: z.number().int().nullable(),
  entryId: z.string(),
  /** The listed name as published. */
  entryName: z.string(),
  /** Label → value of what identifies the entry (função, órgão, sanção, referência ONU...). */
  entrySummary: z.record(z.string(), z.string().nullable()),
  subjectRole: z.enum(screeningSubjectRoles),
  subjectName: z.string(),
  /** In [0, 1]. */
  score: z.number(),
  reasons: z.array(z.string()),
  status: z.enum(screeningHitStatuses),
  foundAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedByEmail: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export type ScreeningHit = z.infer<typeof screeningHitSchema>;

export const applicationScreeningSchema = z.object({
  /** The last screening against each list, null if the application was never screened on it. */
  lastScreenedAt: z.record(z.enum(screeningListKinds), z.string().nullable()),
  hits: z.array(screeningHitSchema),
});
export type ApplicationScreening = z.infer<typeof applicationScreeningSchema>;

/**
 * The audit actions (admin_actions.action) of screening: a reviewer's decision on a hit, and a
 * list imported (by an operator's shell: `admin_email` is `terminal:<user>`).
 */
export const screeningAuditActions = {
  confirmed: 'TRIAGEM_CONFIRMADA',
  dismissed: 'TRIAGEM_DESCARTADA',
  listImported: 'LISTA_TRIAGEM_IMPORTADA',
} as const;

export const screeningDecisionSchema = z.object({
  decision: z.enum(['confirmado', 'descartado']),
  motivo: requiredLongText('Informe o motivo da decisão'),
});
export type ScreeningDecision = z.infer<typeof screeningDecisionSchema>;
