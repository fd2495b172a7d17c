import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { BrandLogo } from '../layouts/brand-logo';
import { PublicLayout } from '../layouts/public-layout';
import { Card, CardContent, CardHeader } from '../ui/card';

/** A grey block standing for text or a field that is on its way. */
export function SkeletonBlock({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} />;
}

/** The stepper's place while the application loads: the bar on phones, the steps on wider screens. */
export function StepperSkeleton({ steps = 6 }: { steps?: number }) {
  return (
    <div aria-hidden="true">
      <div className="space-y-2 md:hidden">
        <SkeletonBlock className="h-4 w-24" />
        <SkeletonBlock className="h-2 w-full rounded-full" />
      </div>
      <div className="hidden gap-2 md:flex">
        {Array.from({ length: steps }, (_, index) => (
          <div key={index} className="flex flex-1 flex-col items-center gap-1">
            <SkeletonBlock className="size-8 rounded-full" />
            <SkeletonBlock className="h-3 w-16" />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * A step's card while the application loads: its title, a few fields and the buttons, in grey.
 * Announced once as 'Carregando...'.
 */
export function StepCardSkeleton() {
  return (
    <Card aria-busy="true">
      <CardHeader>
        <span role="status" className="sr-only">
          Carregando...
        </span>
        <SkeletonBlock className="h-6 w-48" />
        <SkeletonBlock className="h-4 w-72 max-w-full" />
      </CardHeader>
      <CardContent className="space-y-5">
        {[0, 1, 2].map((field) => (
          <div key={field} className="space-y-2">
            <SkeletonBlock className="h-4 w-32" />
            <SkeletonBlock className="h-10 w-full" />
          </div>
        ))}
        <div className="flex justify-end pt-4">
          <SkeletonBlock className="h-10 w-28" />
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The wizards' page while their code loads, light enough for the first bundle: the focused
 * header's bar with the logo (its 'Sair', with the dialog behind it, comes with the wizard's
 * code; nothing is typed before), on the wizards' muted background.
 */
export function WizardPageSkeleton({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <PublicLayout
      header={
        <header className="fixed inset-x-0 top-0 z-40 border-b bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
          <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
            <Link to={paths.home} className="rounded-sm focus-ring">
              <BrandLogo />
              <span className="sr-only">MediPay, página inicial</span>
            </Link>
          </div>
        </header>
      }
    >
      <div className="bg-muted px-4 py-10">{children}</div>
    </PublicLayout>
  );
}
