import type { SavableStep } from '@medipay/shared/application-wire';
import type { PjApplicationState } from '@medipay/shared/pj-application';
import { pjSteps } from '@medipay/shared/pj-onboarding';
import type { WizardFlow } from '../../../components/wizard/wizard-flow';
import { paths } from '../../../config/paths';
import { getApplication } from '../api/get-application';
import { saveStep } from '../api/save-step';
import { submitApplication } from '../api/submit-application';

/** The company (PJ) application: its six steps, its endpoints and its pages. */
export const pjWizard: WizardFlow<PjApplicationState, SavableStep> = {
  flow: 'PJ',
  steps: pjSteps,
  read: getApplication,
  save: saveStep,
  submit: submitApplication,
  entryPath: paths.onboardingPj,
  successPath: paths.onboardingPjSuccess,
};
