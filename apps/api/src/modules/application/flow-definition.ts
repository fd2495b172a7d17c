/**
 * What tells the two applications apart (PF by CPF, PJ by CNPJ): one typed definition per flow
 * (flows/pf.ts, flows/pj.ts) drives the module's one route set, service and repository.
 */
import type { SQL } from 'drizzle-orm';
import type { onboardingPf, onboardingPj } from '@medipay/db/schema';
import type { PfFileField, PjFileField } from '@medipay/shared/files';
import type { SavableStep } from '@medipay/shared/application-wire';
import type { PfApplicationState, PfSavedValues } from '@medipay/shared/pf-application';
import type { PjApplicationState, PjSavedValues } from '@medipay/shared/pj-application';
import type { Flow } from '@medipay/shared/status';
import type { z } from 'zod';
import type { AppError } from '../../lib/app-error';
import type { ApplicantSessionRow } from '../applicant-session/applicant-session.repository';
import type { Biometrics } from '../biometrics/biometrics.service';
import type { DocumentRow } from '../documents/documents.repository';
import type { TemplateData } from '../messaging/templates';

type FlowTypes = {
  PF: {
    table: typeof onboardingPf;
    values: PfSavedValues;
    state: PfApplicationState;
    fileField: PfFileField;
  };
  PJ: {
    table: typeof onboardingPj;
    values: PjSavedValues;
    state: PjApplicationState;
    fileField: PjFileField;
  };
};

export type FlowTable<F extends Flow> = FlowTypes[F]['table'];
export type FlowRecord<F extends Flow> = FlowTable<F>['$inferSelect'];
export type PfRecord = FlowRecord<'PF'>;
export type PjRecord = FlowRecord<'PJ'>;
export type FlowSavedValues<F extends Flow> = FlowTypes[F]['values'];
export type FlowState<F extends Flow> = FlowTypes[F]['state'];
export type FlowFileField<F extends Flow> = FlowTypes[F]['fileField'];

/** Steps saved one by one with Continue (1-5 in both flows); step 6 is the final submit. */
export type { SavableStep };

/** What a step's own server checks see: the parsed values and the session's own documents. */
export type StepCheckInput<F extends Flow> = {
  step: SavableStep;
  session: ApplicantSessionRow;
  values: Record<string, unknown>;
  /** The stored record before this save (null before the first step's save); read on demand. */
  record: () => Promise<FlowRecord<F> | null>;
  uploaded: ReadonlyMap<FlowFileField<F>, DocumentRow>;
  biometrics: Biometrics;
};

/** What the submit's own server checks see: the stored record and the session. */
export type SubmitCheckInput<F extends Flow> = {
  record: FlowRecord<F>;
  session: ApplicantSessionRow;
  biometrics: Biometrics;
};

/** Step 1's contact columns in both flows: the form's e-mail and phone, the server's flags. */
export const contactColumns = [
  'email',
  'telefone',
  'emailVerificado',
  'telefoneVerificado',
] as const;

/** Step 2's address columns in both flows (the proof of address has a column of its own). */
export const addressColumns = [
  'cep',
  'logradouro',
  'numero',
  'complemento',
  'bairro',
  'cidade',
  'uf',
] as const;

export type FlowDefinition<F extends Flow> = {
  flow: F;
  /**
   * The applicant's view of the application (packages/shared); the rest of the wire format is
   * the same for both flows (application-wire.ts).
   */
  stateSchema: z.ZodType<FlowState<F>>;
  /** The wizard: each step's title, each savable step's form schema, and the whole application. */
  steps: readonly { id: number; title: string }[];
  stepSchemas: Record<SavableStep, z.ZodType>;
  /** Each step's fields in form order, for naming the first incomplete step at submit. */
  stepFields: Record<number, readonly string[]>;
  applicationSchema: z.ZodType;

  table: FlowTable<F>;
  /**
   * The columns each step writes: form fields kept in a column of the same name (camelCase in
   * Drizzle, snake_case in SQL), the `*Url` columns of its documents, and `serverColumns`.
   */
  stepColumns: Record<SavableStep, readonly (keyof FlowRecord<F>)[]>;
  /** Step columns only the server sets (verified contacts, the biometric check). */
  serverColumns: readonly (keyof FlowRecord<F>)[];
  /** Document fields, each kept as the portal route of its document in the column `<field>Url`. */
  fileFields: readonly FlowFileField<F>[];

  /**
   * At most one application per tax id (CPF, CNPJ) in the statuses that hold it, as the table's
   * partial unique index `<table>_<column>_active_idx` enforces.
   */
  taxId: {
    field: keyof FlowRecord<F>;
    holdingStatuses: readonly string[];
    duplicate: () => AppError;
  };

  /** Refusals both flows share (packages/shared's codes and Portuguese messages). */
  errors: {
    stepLocked: () => AppError;
    alreadySubmitted: () => AppError;
    documentNotFound: () => AppError;
    emailNotVerified: () => AppError;
    phoneNotVerified: () => AppError;
    incomplete: (step: number, stepTitle: string) => AppError;
    submitFailed: () => AppError;
  };

  /** The confirmation e-mail's own data (`<flow>-confirmation`; its protocol and link added). */
  confirmationData: (
    record: FlowRecord<F>,
  ) => Omit<TemplateData[`${Lowercase<F>}-confirmation`], 'protocolo' | 'statusUrl'>;

  /** Server checks of a step beyond its schema and documents; answers the columns they set. */
  checkStep?: (input: StepCheckInput<F>) => Promise<Record<string, unknown>>;
  /** Columns a step's save sets from the stored row itself (SQL over the row and the values). */
  stepSaveExpressions?: (step: SavableStep) => Record<string, SQL>;
  /** Saved values kept in columns of other names than the form's fields. */
  extraSavedValues?: (record: FlowRecord<F>) => Partial<FlowSavedValues<F>>;
  /** Steps a stored application fails at submit beyond its schema and verified contacts. */
  checkSubmit?: (input: SubmitCheckInput<F>) => Promise<number[]>;
};
