import { paths } from '../../config/paths';
import { PfSuccess } from '../../features/pf-onboarding/components/pf-success';
import { PfWizard } from '../../features/pf-onboarding/components/pf-wizard';
import { pfWizardFrame } from '../../features/pf-onboarding/components/pf-wizard-frame';
import { WizardRoutes } from './wizard-routes';

/** /onboarding (the individual application) and /onboarding/success (its protocol). */
export function OnboardingPfRoutes() {
  return (
    <WizardRoutes
      flow="PF"
      entryPath={paths.onboardingPf}
      successPath={paths.onboardingPfSuccess}
      title={pfWizardFrame.title}
      wizard={<PfWizard />}
      successTitle="Cadastro enviado | MediPay"
      success={<PfSuccess />}
    />
  );
}
