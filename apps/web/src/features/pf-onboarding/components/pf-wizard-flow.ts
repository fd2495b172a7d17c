import type { SavableStep } from '@medipay/shared/application-wire';
import type { PfApplicationState } from '@medipay/shared/pf-application';
import { pfSteps, pfStepSchemas } from '@medipay/shared/pf-onboarding';
import type { WizardDefinition } from '../../../components/wizard/wizard-flow';
import { paths } from '../../../config/paths';
import { getApplication } from '../api/get-application';
import { saveStep } from '../api/save-step';
import { submitApplication } from '../api/submit-application';

/**
 * The individual (PF) application: its six steps and their schemas, its endpoints and its pages,
 * the proof of residence of its address step, the consents and the submit of its review.
 */
export const pfWizard: WizardDefinition<PfApplicationState, SavableStep> = {
  flow: 'PF',
  steps: pfSteps,
  read: getApplication,
  save: saveStep,
  submit: submitApplication,
  entryPath: paths.onboardingPf,
  successPath: paths.onboardingPfSuccess,
  // applicant-portal.md: step 1's subtitle.
  subtitles: { 1: 'Preencha seus dados pessoais para continuar' },
  schemas: pfStepSchemas,
  address: { step: 2, proof: 'comprovanteResidencia' },
  review: {
    lgpdText:
      'Autorizo o tratamento dos meus dados pessoais pela MediPay para a abertura e a manutenção da conta, nos termos da LGPD (Lei 13.709/2018) e da Política de Privacidade.',
    kycText:
      'Declaro que as informações e os documentos enviados são verdadeiros e autorizo a verificação da minha identidade (KYC), inclusive por biometria facial.',
    submitLabel: 'Enviar cadastro',
  },
};
