/** The individual (PF) application: a health professional, by CPF. */
import { sql, type SQL } from 'drizzle-orm';
import { onboardingPf } from '@medipay/db/schema';
import { biometricDecisionAccepted } from '@medipay/shared/biometrics';
import { pfFileFields, type PfFileField } from '@medipay/shared/files';
import { documentOwnerMismatch, identityMessages } from '@medipay/shared/identity-comparison';
import { validationMessages } from '@medipay/shared/messages';
import {
  pfApplicationErrorCodes as codes,
  pfApplicationMessages as messages,
  pfApplicationStateSchema,
  type PfSavedValues,
} from '@medipay/shared/pf-application';
import {
  pfApplicationSchema,
  pfStepFields,
  pfStepSchemas,
  pfSteps,
} from '@medipay/shared/pf-onboarding';
import { AppError } from '../../../lib/app-error';
import type { DocumentRow } from '../../documents/documents.repository';
import { applicationErrors } from '../application-errors';
import { documentIdOf, savedValues } from '../application-values';
import {
  addressColumns,
  contactColumns,
  type FlowDefinition,
  type PfRecord,
  type StepCheckInput,
} from '../flow-definition';

export const pfFlow: FlowDefinition<'PF'> = {
  flow: 'PF',
  stateSchema: pfApplicationStateSchema,
  steps: pfSteps,
  stepSchemas: pfStepSchemas,
  stepFields: pfStepFields,
  applicationSchema: pfApplicationSchema,

  table: onboardingPf,
  fileFields: Object.keys(pfFileFields) as PfFileField[],
  stepColumns: {
    1: ['nomeCompleto', 'nacionalidade', 'cpf', 'estadoCivil', ...contactColumns],
    2: [...addressColumns, 'comprovanteResidenciaUrl'],
    3: [
      'docProfissionalTipo',
      'docProfissionalNumero',
      'docProfissionalUf',
      'docProfissionalOrgaoEmissor',
      'docIdentidadeFrenteUrl',
      'docIdentidadeVersoUrl',
      'docIdentidadeNome',
      'docIdentidadeNumero',
      'docIdentidadeOrgao',
      'docIdentidadeUf',
      'docIdentidadeValidade',
      'docIdentidadeDivergenciaConfirmada',
    ],
    4: ['selfieUrl', 'selfieDocUrl', 'livenessPassed', 'livenessConfidence', 'biometriaDecisao'],
    5: ['pepTipo', 'pepNome', 'pepCpf', 'pepCargo', 'pepOrgao'],
  },
  serverColumns: [
    'emailVerificado',
    'telefoneVerificado',
    'livenessPassed',
    'livenessConfidence',
    'biometriaDecisao',
    'docIdentidadeDivergenciaConfirmada',
  ],

  taxId: {
    field: 'cpf',
    holdingStatuses: ['EM_ANALISE', 'EM_EXIGENCIA', 'APROVADO'],
    duplicate: () => new AppError(codes.duplicateCpf, messages.duplicateCpf, 409),
  },
  errors: applicationErrors(codes, messages),

  confirmationData: (record) => ({ nome: record.nomeCompleto ?? '' }),

  checkStep: async (input) => (input.step === 3 ? checkDocumentOwner(input) : checkSelfie(input)),

  // Spec, individual step 4 (departure 9): a new identity photo voids the check compared to it.
  stepSaveExpressions: (step): Record<string, SQL> => {
    if (step !== 3) return {};
    const frontChanged = sql`${onboardingPf.docIdentidadeFrenteUrl} is distinct from ${sql.placeholder('docIdentidadeFrenteUrl')}`;
    return {
      livenessPassed: sql`case when ${frontChanged} then false else ${onboardingPf.livenessPassed} end`,
      livenessConfidence: sql`case when ${frontChanged} then null else ${onboardingPf.livenessConfidence} end`,
      biometriaDecisao: sql`case when ${frontChanged} then null else ${onboardingPf.biometriaDecisao} end`,
    };
  },

  // Spec, individual step 4: the liveness outcome is part of the PF application only.
  extraSavedValues: (record) => {
    const values: PfSavedValues = {};
    if (record.livenessPassed) values.livenessPassed = true;
    if (record.livenessConfidence !== null) values.livenessConfidence = record.livenessConfidence;
    if (record.biometriaDecisao !== null) values.biometricDecision = record.biometriaDecisao;
    return values;
  },

  // Spec, individual step 4: a PF submission needs the passed check of the stored photos.
  checkSubmit: async ({ record, session, biometrics }) => {
    const check = await biometrics.latest(session);
    const livenessHolds =
      record.livenessPassed &&
      check !== null &&
      biometricDecisionAccepted(check.decision) &&
      record.biometriaDecisao === check.decision &&
      check.selfieId === documentIdOf(record.selfieUrl) &&
      check.selfieDocId === documentIdOf(record.selfieDocUrl);
    return livenessHolds ? [] : [4];
  },
};

// Spec, individual step 4: only PF has the selfie step, passable once liveness passed.
async function checkSelfie({ step, session, uploaded, biometrics }: StepCheckInput<'PF'>) {
  if (step !== 4) return {};
  const check = await biometrics.latest(session);
  // Aprovado and em revisão go on (a reviewer compares the photos of the latter); reprovado
  // is tried again.
  if (
    !check ||
    !biometricDecisionAccepted(check.decision) ||
    check.selfieId !== uploaded.get('selfie')?.id ||
    check.selfieDocId !== uploaded.get('selfieDoc')?.id
  ) {
    throw new AppError(codes.livenessNotPassed, validationMessages.livenessScreen, 400);
  }
  return {
    livenessPassed: true,
    livenessConfidence: check.confidence,
    biometriaDecisao: check.decision,
  };
}

/**
 * Step 3 (a departure from the spec): an identity document whose name or CPF is not step 1's is saved
 * only once the applicant confirmed it is theirs; the confirmation is kept for the reviewer.
 */
async function checkDocumentOwner({ values, record }: StepCheckInput<'PF'>) {
  const stored = await record();
  const mismatch =
    stored?.nomeCompleto && stored.cpf
      ? documentOwnerMismatch(
          { nome: stored.nomeCompleto, cpf: stored.cpf },
          {
            nome: String(values.docIdentidadeNome ?? ''),
            numero: String(values.docIdentidadeNumero ?? ''),
          },
        )
      : null;
  if (mismatch && values.docIdentidadeDivergenciaConfirmada !== true)
    throw new AppError(codes.identityNotConfirmed, identityMessages.notConfirmed, 409);
  return { docIdentidadeDivergenciaConfirmada: mismatch !== null };
}

/** The stored PF values in the forms' shapes (the wizard's resume, the back office's review). */
export const pfSavedValues = (
  record: PfRecord,
  documentsById: ReadonlyMap<string, DocumentRow>,
): PfSavedValues => savedValues(pfFlow, record, documentsById);
