import type { z } from 'zod';
import type { ApplicantSession } from '@medipay/shared/applicant-session';
import type { Flow } from '@medipay/shared/status';
import type { DocumentFieldName } from '../upload/document-field';
import type { Consents } from './review-submit';

/** A step of a wizard: its number, its key in the URL (`?etapa=`), its title and subtitle. */
export type WizardStepInfo = { id: number; key: string; title: string; description: string };

/** An applicant's application as the server returns it, in either flow. */
export type WizardApplication = {
  /** The step to resume at: every step before it was saved. */
  currentStep: number;
  /** Null until step 1 is saved; INICIADO until the application is submitted. */
  status: string | null;
  protocolo: string | null;
  values: { email?: string | undefined };
};

/**
 * What the wizard shell needs of a flow: its steps, its endpoints (read the application, save a
 * step, submit it) and its pages (the wizard and its success page).
 */
export type WizardFlow<State extends WizardApplication, Step extends number> = {
  flow: Flow;
  steps: readonly WizardStepInfo[];
  read: () => Promise<State>;
  save: (step: Step, values: Record<string, unknown>) => Promise<State>;
  submit: (consents: Consents) => Promise<{ protocolo: string; email: string }>;
  entryPath: string;
  successPath: string;
  /** Subtitles the spec gives a step instead of the step list's description. */
  subtitles?: Partial<Record<number, string>>;
};

/**
 * A flow's whole definition: what the shell needs, and what the steps read of it: each step's
 * schema, the address step's number and proof, the review's consent texts and submit label.
 */
export type WizardDefinition<State extends WizardApplication, Step extends number> = WizardFlow<
  State,
  Step
> & {
  /** Each step's schema (packages/shared), which its form checks before saving. */
  schemas: Record<Step, z.ZodType>;
  /** The proof is a document field of the flow: files.ts says what it accepts and its label. */
  address: { step: Step; proof: DocumentFieldName };
  review: { lgpdText: string; kycText: string; submitLabel: string };
};

/** What every step of a wizard receives from the shell. */
export type WizardStepProps<State extends WizardApplication> = {
  values: State['values'];
  session: ApplicantSession;
  onSession: (session: ApplicantSession) => void;
  /** The step was saved: the new state, and the next step opens. */
  onSaved: (state: State) => void;
  /** Omitted on the first step. */
  onBack?: () => void;
};
