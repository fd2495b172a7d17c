import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { WizardPageSkeleton } from '../components/wizard/wizard-skeleton';
import { paths } from '../config/paths';
import {
  pfWizardTitle,
  PfWizardSkeleton,
} from '../features/pf-onboarding/components/pf-wizard-frame';
import {
  pjWizardTitle,
  PjWizardSkeleton,
} from '../features/pj-onboarding/components/pj-wizard-frame';

// A small lazy module of its own (route-fallback.tsx loads it on a wizard's page, beside
// app-routes), so that a wizard's first paint waits neither for the two lazy modules before it
// (app-routes, then the wizard's route module) nor for the applicant's session, and the landing
// page carries none of it.

const wizardModules = {
  [paths.onboardingPf]: () => import('./routes/onboarding-pf'),
  [paths.onboardingPj]: () => import('./routes/onboarding-pj'),
} as const;

/**
 * A wizard's page while its code loads: the wizard's static frame (the PF intro card, or the
 * step's frame when the URL names a step). It also fetches the wizard's route module at once,
 * beside the module that leads to it.
 */
export function WizardFallback() {
  const { pathname, search } = useLocation();
  const wizard = Object.hasOwn(wizardModules, pathname)
    ? (pathname as keyof typeof wizardModules)
    : null;
  useEffect(() => {
    if (wizard) void wizardModules[wizard]().catch(() => undefined);
  }, [wizard]);

  if (wizard === paths.onboardingPf) {
    return (
      <WizardPageSkeleton title={pfWizardTitle}>
        <PfWizardSkeleton resuming={new URLSearchParams(search).has('etapa')} />
      </WizardPageSkeleton>
    );
  }
  if (wizard === paths.onboardingPj) {
    return (
      <WizardPageSkeleton title={pjWizardTitle}>
        <PjWizardSkeleton />
      </WizardPageSkeleton>
    );
  }
  return null;
}
