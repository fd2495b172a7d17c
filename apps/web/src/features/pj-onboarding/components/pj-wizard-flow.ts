import type { SavableStep } from '@medipay/shared/application-wire';
import type { PjApplicationState } from '@medipay/shared/pj-application';
import { pjSteps, pjStepSchemas } from '@medipay/shared/pj-onboarding';
import type { WizardDefinition } from '../../../components/wizard/wizard-flow';
import { paths } from '../../../config/paths';
import { getApplication } from '../api/get-application';
import { saveStep } from '../api/save-step';
import { submitApplication } from '../api/submit-application';

/**
 * The company (PJ) application: its six steps and their schemas, its endpoints and its pages, the
 * proof of address of its address step, the consents and the submit of its review.
 */
export const pjWizard: WizardDefinition<PjApplicationState, SavableStep> = {
  flow: 'PJ',
  steps: pjSteps,
  read: getApplication,
  save: saveStep,
  submit: submitApplication,
  entryPath: paths.onboardingPj,
  successPath: paths.onboardingPjSuccess,
  schemas: pjStepSchemas,
  address: { step: 2, proof: 'comprovanteEndereco' },
  review: {
    lgpdText:
      'Autorizo o tratamento dos dados da empresa e do seu responsável legal pela MediPay para a abertura e a manutenção da conta, nos termos da LGPD (Lei 13.709/2018) e da Política de Privacidade.',
    kycText:
      'Declaro que as informações e os documentos enviados são verdadeiros e autorizo a verificação da empresa e do seu responsável legal (KYC), inclusive junto à Receita Federal.',
    submitLabel: 'Finalizar Cadastro',
  },
};
