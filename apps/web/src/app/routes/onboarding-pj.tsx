import { PjSuccess } from '../../features/pj-onboarding/components/pj-success';
import { PjWizard } from '../../features/pj-onboarding/components/pj-wizard';
import { pjWizard } from '../../features/pj-onboarding/components/pj-wizard-flow';
import { pjWizardFrame } from '../../features/pj-onboarding/components/pj-wizard-frame';
import { WizardRoutes } from './wizard-routes';

/** /onboarding-pj (the company application) and /onboarding-pj/success (its protocol). */
export function OnboardingPjRoutes() {
  return (
    <WizardRoutes
      definition={pjWizard}
      title={pjWizardFrame.title}
      wizard={<PjWizard />}
      successTitle="Conta enviada para análise | MediPay"
      success={<PjSuccess />}
    />
  );
}
