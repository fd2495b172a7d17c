import { useEffect, type ReactNode } from 'react';
import type { Flow } from '@medipay/shared/status';
import { PublicLayout } from './public-layout';
import { WizardHeader } from './wizard-header';

/**
 * A page of the onboarding journeys: the public layout on a muted background, with its title.
 * A wizard (`focused`: its flow) has the logo and 'Sair' for header instead of the site's menu.
 */
export function OnboardingPage({
  title,
  focused,
  children,
}: {
  title: string;
  focused?: Flow;
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <PublicLayout header={focused ? <WizardHeader flow={focused} /> : undefined}>
      <div className="bg-muted px-4 py-10">{children}</div>
    </PublicLayout>
  );
}
