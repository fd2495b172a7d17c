import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import type { Flow } from '@medipay/shared/status';
import { OnboardingPage } from '../../components/layouts/onboarding-page';
import { NotFoundRoute } from './not-found';

/**
 * A wizard's pages: the wizard at `entryPath` (the focused header, with 'Sair'), its success
 * page at `successPath`, and not-found for anything else below it.
 */
export function WizardRoutes({
  flow,
  entryPath,
  successPath,
  title,
  wizard,
  successTitle,
  success,
}: {
  flow: Flow;
  entryPath: string;
  successPath: string;
  title: string;
  wizard: ReactNode;
  successTitle: string;
  success: ReactNode;
}) {
  return (
    <Routes>
      <Route
        index
        element={
          <OnboardingPage title={title} focused={flow}>
            {wizard}
          </OnboardingPage>
        }
      />
      <Route
        path={successPath.slice(entryPath.length + 1)}
        element={<OnboardingPage title={successTitle}>{success}</OnboardingPage>}
      />
      <Route path="*" element={<NotFoundRoute />} />
    </Routes>
  );
}
