import { OnboardingPage } from '../../components/layouts/onboarding-page';
import { ApplicationStatusPage } from '../../features/application-status/components/application-status-page';

/** /acompanhar-status: the applicant's own application ('Acompanhar status'). */
export function ApplicationStatusRoute() {
  return (
    <OnboardingPage title="Acompanhar status | MediPay">
      <ApplicationStatusPage />
    </OnboardingPage>
  );
}
