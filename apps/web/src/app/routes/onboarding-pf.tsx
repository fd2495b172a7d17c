import { Route, Routes } from 'react-router';
import { OnboardingPage } from '../../components/layouts/onboarding-page';
import { paths } from '../../config/paths';
import { PfSuccess } from '../../features/pf-onboarding/components/pf-success';
import { PfWizard } from '../../features/pf-onboarding/components/pf-wizard';
import { pfWizardTitle } from '../../features/pf-onboarding/components/pf-wizard-frame';
import { NotFoundRoute } from './not-found';

const success = paths.onboardingPfSuccess.slice(paths.onboardingPf.length + 1);

/** /onboarding (the individual application) and /onboarding/success (its protocol). */
export function OnboardingPfRoutes() {
  return (
    <Routes>
      <Route
        index
        element={
          <OnboardingPage title={pfWizardTitle} focused>
            <PfWizard />
          </OnboardingPage>
        }
      />
      <Route
        path={success}
        element={
          <OnboardingPage title="Cadastro enviado | MediPay">
            <PfSuccess />
          </OnboardingPage>
        }
      />
      <Route path="*" element={<NotFoundRoute />} />
    </Routes>
  );
}
