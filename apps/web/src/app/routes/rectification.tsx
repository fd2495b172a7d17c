import { rectificationMessages } from '@medipay/shared/rectification';
import { OnboardingPage } from '../../components/layouts/onboarding-page';
import { RectificationPage } from '../../features/rectification/components/rectification-page';

/** /retificar-documentos?token=...: the applicant's corrections to an application 'Em Exigência'. */
export function RectificationRoute() {
  return (
    <OnboardingPage title={`${rectificationMessages.title} | MediPay`}>
      <RectificationPage />
    </OnboardingPage>
  );
}
