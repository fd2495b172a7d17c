import { WIZARD_STEP_COUNT } from './constants';

/** Application statuses (back-office.md section 4), with their labels. */
export const statusLabels = {
  INICIADO: 'Iniciado',
  ENVIADO_PARA_ANALISE: 'Enviado para Análise',
  EM_ANALISE: 'Em Análise',
  EM_EXIGENCIA: 'Em Exigência',
  APROVADO: 'Aprovado',
  NEGADO: 'Negado',
  REJEITADO: 'Rejeitado',
  PENDENTE: 'Pendente',
} as const;

export type Status = keyof typeof statusLabels;
export const statusValues = Object.keys(statusLabels) as [Status, ...Status[]];

/** How a status badge looks: yellow for requirements, green for approved, red for refusals. */
export type StatusTone = 'neutral' | 'info' | 'warning' | 'success' | 'danger';

const statusTones: Record<Status, StatusTone> = {
  INICIADO: 'neutral',
  ENVIADO_PARA_ANALISE: 'info',
  EM_ANALISE: 'info',
  EM_EXIGENCIA: 'warning',
  APROVADO: 'success',
  NEGADO: 'danger',
  REJEITADO: 'danger',
  PENDENTE: 'neutral',
};

export function isStatus(value: string): value is Status {
  return Object.hasOwn(statusLabels, value);
}

/** The label of a status; an unknown status is displayed as is. */
export function statusLabel(status: string): string {
  return isStatus(status) ? statusLabels[status] : status;
}

export function statusTone(status: string): StatusTone {
  return isStatus(status) ? statusTones[status] : 'neutral';
}

/** Status filter options of the admin lists, in the spec's order. */
export const pfStatusFilterValues = [
  'INICIADO',
  'EM_ANALISE',
  'EM_EXIGENCIA',
  'APROVADO',
  'NEGADO',
  'REJEITADO',
] as const satisfies readonly Status[];

export const pjStatusFilterValues = [
  'INICIADO',
  'ENVIADO_PARA_ANALISE',
  'EM_ANALISE',
  'EM_EXIGENCIA',
  'APROVADO',
  'NEGADO',
] as const satisfies readonly Status[];

export type Flow = 'PF' | 'PJ';
export type Actor = 'applicant' | 'admin' | 'system';

export type Transition = {
  readonly from: readonly Status[];
  readonly to: Status;
  readonly actor: Actor;
  /** What the transition is, for the audit trail and the tests. */
  readonly action: string;
};

const adminDecisions = (from: readonly Status[]): Transition[] => [
  { from, to: 'APROVADO', actor: 'admin', action: 'approve' },
  { from, to: 'EM_EXIGENCIA', actor: 'admin', action: 'request-changes' },
  { from, to: 'NEGADO', actor: 'admin', action: 'deny' },
];

/**
 * The status machine (ARCHITECTURE.md): every allowed transition per flow. Anything else is
 * refused. No transition belongs to the system actor: background jobs never decide a case.
 */
export const transitions: Record<Flow, readonly Transition[]> = {
  PF: [
    { from: ['INICIADO'], to: 'EM_ANALISE', actor: 'applicant', action: 'submit' },
    ...adminDecisions(['INICIADO', 'EM_ANALISE']),
    { from: ['APROVADO'], to: 'EM_ANALISE', actor: 'admin', action: 'reopen' },
    { from: ['EM_EXIGENCIA'], to: 'NEGADO', actor: 'admin', action: 'deny' },
    { from: ['EM_EXIGENCIA'], to: 'EM_ANALISE', actor: 'applicant', action: 'rectify' },
  ],
  PJ: [
    { from: ['INICIADO'], to: 'ENVIADO_PARA_ANALISE', actor: 'applicant', action: 'submit' },
    ...adminDecisions(['INICIADO', 'EM_ANALISE', 'ENVIADO_PARA_ANALISE']),
    {
      from: ['APROVADO', 'NEGADO', 'EM_EXIGENCIA'],
      to: 'EM_ANALISE',
      actor: 'admin',
      action: 'reopen',
    },
    { from: ['EM_EXIGENCIA'], to: 'NEGADO', actor: 'admin', action: 'deny' },
    { from: ['EM_EXIGENCIA'], to: 'EM_ANALISE', actor: 'applicant', action: 'rectify' },
  ],
};

/** The status an applicant's submission sets (PF: EM_ANALISE; PJ: ENVIADO_PARA_ANALISE). */
export function submittedStatus(flow: Flow): Status {
  const submit = transitions[flow].find((transition) => transition.action === 'submit');
  if (!submit) throw new Error(`no submit transition for ${flow}`);
  return submit.to;
}

export function canTransition(flow: Flow, from: string, to: string, actor: Actor): boolean {
  return transitions[flow].some(
    (transition) =>
      transition.actor === actor &&
      transition.to === to &&
      (transition.from as readonly string[]).includes(from),
  );
}

/** The statuses an actor can move a record to from `from`. */
export function nextStatuses(flow: Flow, from: string, actor: Actor): Status[] {
  const targets = transitions[flow]
    .filter(
      (transition) =>
        transition.actor === actor && (transition.from as readonly string[]).includes(from),
    )
    .map((transition) => transition.to);
  return [...new Set(targets)];
}

export type SessionProgress = {
  status: string;
  currentStep: number;
  nomeCompleto: string | null | undefined;
};

/** An abandoned PF session: still INICIADO at step 1 with no name typed. */
export function isAbandonedSession({
  status,
  currentStep,
  nomeCompleto,
}: SessionProgress): boolean {
  return status === 'INICIADO' && currentStep <= 1 && !nomeCompleto?.trim();
}

/** The PF list shows every record except abandoned sessions. */
export function isVisibleInPfList(record: SessionProgress): boolean {
  return !isAbandonedSession(record);
}

/** Steps done for display: the current step, capped at the number of steps. */
export function progressStep(currentStep: number): number {
  return Math.max(0, Math.min(currentStep, WIZARD_STEP_COUNT));
}

/** `3/6` */
export function progressLabel(currentStep: number): string {
  return `${progressStep(currentStep)}/${WIZARD_STEP_COUNT}`;
}

/** The progress as a whole percent, for progress bars. */
export function progressPercent(currentStep: number): number {
  return Math.round((progressStep(currentStep) / WIZARD_STEP_COUNT) * 100);
}
