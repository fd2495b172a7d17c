import type { SavableStep } from '@medipay/shared/application-wire';
import type { PfApplicationState } from '@medipay/shared/pf-application';
import { pfSteps } from '@medipay/shared/pf-onboarding';
import type { WizardFlow } from '../../../components/wizard/wizard-flow';
import { paths } from '../../../config/paths';
import { getApplication } from '../api/get-application';
import { saveStep } from '../api/save-step';
import { submitApplication } from '../api/submit-application';

/** The individual (PF) application: its six steps, its endpoints and its pages. */
export const pfWizard: WizardFlow<PfApplicationState, SavableStep> = {
  flow: 'PF',
  steps: pfSteps,
  read: getApplication,
  save: saveStep,
  submit: submitApplication,
  entryPath: paths.onboardingPf,
  successPath: paths.onboardingPfSuccess,
  // applicant-portal.md: step 1's subtitle.
  subtitles: { 1: 'Preencha seus dados pessoais para continuar' },
};
