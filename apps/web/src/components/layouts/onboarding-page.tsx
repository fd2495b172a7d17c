import { useEffect, type ReactNode } from 'react';
import { PublicLayout } from './public-layout';

/** A page of the onboarding journeys: the public layout on a muted background, with its title. */
export function OnboardingPage({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <PublicLayout>
      <div className="bg-muted px-4 py-10">{children}</div>
    </PublicLayout>
  );
}
