import { PfSuccess } from '../../features/pf-onboarding/components/pf-success';
import { PfWizard } from '../../features/pf-onboarding/components/pf-wizard';
import { pfWizard } from '../../features/pf-onboarding/components/pf-wizard-flow';
import { pfWizardFrame } from '../../features/pf-onboarding/components/pf-wizard-frame';
import { WizardRoutes } from './wizard-routes';

/** /onboarding (the individual application) and /onboarding/success (its protocol). */
export function OnboardingPfRoutes() {
  return (
    <WizardRoutes
      definition={pfWizard}
      title={pfWizardFrame.title}
      wizard={<PfWizard />}
      successTitle="Cadastro enviado | MediPay"
      success={<PfSuccess />}
    />
  );
}
