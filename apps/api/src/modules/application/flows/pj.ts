/** The company (PJ) application: a health organisation, by CNPJ. */
import { onboardingPj } from '@medipay/db/schema';
import { pjFileFields, type PjFileField } from '@medipay/shared/files';
import {
  pjApplicationErrorCodes as codes,
  pjApplicationMessages as messages,
  pjApplicationStateSchema,
  type PjSavedValues,
} from '@medipay/shared/pj-application';
import {
  pjApplicationSchema,
  pjStepFields,
  pjStepSchemas,
  pjSteps,
} from '@medipay/shared/pj-onboarding';
import { AppError } from '../../../lib/app-error';
import type { DocumentRow } from '../../documents/documents.repository';
import { applicationErrors } from '../application-errors';
import { savedValues } from '../application-values';
import {
  addressColumns,
  contactColumns,
  type FlowDefinition,
  type PjRecord,
} from '../flow-definition';

export const pjFlow: FlowDefinition<'PJ'> = {
  flow: 'PJ',
  stateSchema: pjApplicationStateSchema,
  steps: pjSteps,
  stepSchemas: pjStepSchemas,
  stepFields: pjStepFields,
  applicationSchema: pjApplicationSchema,

  table: onboardingPj,
  fileFields: Object.keys(pjFileFields) as PjFileField[],
  stepColumns: {
    1: [
      'razaoSocial',
      'nomeFantasia',
      'cnpj',
      'inscricaoEstadual',
      'inscricaoMunicipal',
      'tipoEmpresa',
      'areaAtuacao',
      ...contactColumns,
    ],
    2: [...addressColumns, 'comprovanteEnderecoUrl'],
    3: [
      'responsavelNome',
      'responsavelCpf',
      'responsavelRg',
      'responsavelCargo',
      'responsavelDocFrenteUrl',
      'responsavelDocVersoUrl',
    ],
    4: ['contratoSocialUrl', 'cartaoCnpjUrl', 'alvaraFuncionamentoUrl', 'cnes', 'cnesDocumentoUrl'],
    5: ['banco', 'agencia', 'conta', 'tipoConta', 'faturamentoMensal', 'numeroFuncionarios'],
  },
  serverColumns: ['emailVerificado', 'telefoneVerificado'],

  taxId: {
    field: 'cnpj',
    // The same list as the partial unique index `onboarding_pj_cnpj_active_idx`.
    holdingStatuses: ['ENVIADO_PARA_ANALISE', 'EM_ANALISE', 'EM_EXIGENCIA', 'APROVADO'],
    duplicate: () => new AppError(codes.duplicateCnpj, messages.duplicateCnpj, 409),
  },
  errors: applicationErrors(codes, messages),

  confirmationData: (record) => ({ razaoSocial: record.razaoSocial ?? '' }),
};

/** The stored PJ values in the forms' shapes (the wizard's resume, the back office's review). */
export const pjSavedValues = (
  record: PjRecord,
  documentsById: ReadonlyMap<string, DocumentRow>,
): PjSavedValues => savedValues(pjFlow, record, documentsById);
