import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { OnboardingPage } from '../../components/layouts/onboarding-page';
import type { WizardFlow } from '../../components/wizard/wizard-flow';
import { NotFoundRoute } from './not-found';

/**
 * A flow's pages: the wizard at its `entryPath` (the focused header, with 'Sair'), its success
 * page at its `successPath`, and not-found for anything else below it.
 */
export function WizardRoutes({
  definition: { flow, entryPath, successPath },
  title,
  wizard,
  successTitle,
  success,
}: {
  definition: Pick<WizardFlow<never, never>, 'flow' | 'entryPath' | 'successPath'>;
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
