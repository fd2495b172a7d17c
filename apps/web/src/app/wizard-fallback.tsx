import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { WizardFrameSkeleton } from '../components/wizard/wizard-frame';
import { WizardPageSkeleton } from '../components/wizard/wizard-skeleton';
import { paths } from '../config/paths';
import { pfWizardFrame } from '../features/pf-onboarding/components/pf-wizard-frame';
import { pjWizardFrame } from '../features/pj-onboarding/components/pj-wizard-frame';

// A small lazy module of its own (route-fallback.tsx loads it on a wizard's page, beside
// app-routes), so that a wizard's first paint waits neither for the two lazy modules before it
// (app-routes, then the wizard's route module) nor for the applicant's session, and the landing
// page carries none of it.

const wizards = {
  [paths.onboardingPf]: { frame: pfWizardFrame, load: () => import('./routes/onboarding-pf') },
  [paths.onboardingPj]: { frame: pjWizardFrame, load: () => import('./routes/onboarding-pj') },
} as const;

/**
 * A wizard's page while its code loads: the wizard's static frame (the PF intro card, or the
 * step's frame when the URL names a step). It also fetches the wizard's route module at once,
 * beside the module that leads to it.
 */
export function WizardFallback() {
  const { pathname, search } = useLocation();
  const wizard = Object.hasOwn(wizards, pathname)
    ? wizards[pathname as keyof typeof wizards]
    : null;
  useEffect(() => {
    if (wizard) void wizard.load().catch(() => undefined);
  }, [wizard]);

  if (!wizard) return null;
  return (
    <WizardPageSkeleton title={wizard.frame.title}>
      <WizardFrameSkeleton
        frame={wizard.frame}
        resuming={new URLSearchParams(search).has('etapa')}
      />
    </WizardPageSkeleton>
  );
}
