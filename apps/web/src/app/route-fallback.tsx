import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../config/paths';
import { lazyNamed } from './lazy-named';
import { PageFallback } from './page';

// One lazy object for every boundary: once loaded, it renders at once everywhere.
const WizardFallback = lazyNamed(() => import('./wizard-fallback'), 'WizardFallback');
const wizardPaths = new Set<string>([paths.onboardingPf, paths.onboardingPj]);

/**
 * What a page shows while its code loads: on a wizard's page the wizard's static frame (a small
 * module, fetched beside the page's code), elsewhere a spinner.
 */
export function RouteFallback() {
  const { pathname } = useLocation();
  if (!wizardPaths.has(pathname)) return <PageFallback />;
  return (
    <Suspense fallback={<PageFallback />}>
      <WizardFallback />
    </Suspense>
  );
}
