import { Route, Routes } from 'react-router';
import { OnboardingPage } from '../../components/layouts/onboarding-page';
import { paths } from '../../config/paths';
import { PjSuccess } from '../../features/pj-onboarding/components/pj-success';
import { PjWizard } from '../../features/pj-onboarding/components/pj-wizard';
import { pjWizardTitle } from '../../features/pj-onboarding/components/pj-wizard-frame';
import { NotFoundRoute } from './not-found';

const success = paths.onboardingPjSuccess.slice(paths.onboardingPj.length + 1);

/** /onboarding-pj (the company application) and /onboarding-pj/success (its protocol). */
export function OnboardingPjRoutes() {
  return (
    <Routes>
      <Route
        index
        element={
          <OnboardingPage title={pjWizardTitle} focused>
            <PjWizard />
          </OnboardingPage>
        }
      />
      <Route
        path={success}
        element={
          <OnboardingPage title="Conta enviada para análise | MediPay">
            <PjSuccess />
          </OnboardingPage>
        }
      />
      <Route path="*" element={<NotFoundRoute />} />
    </Routes>
  );
}
