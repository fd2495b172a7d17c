import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { StepCardSkeleton, StepperSkeleton } from '../../../components/wizard/wizard-skeleton';

// The static parts of the PF wizard, light enough to paint before the wizard's code and the
// applicant's session have arrived (the route's loading state uses them too).

export const pfWizardTitle = 'Abra sua conta | MediPay';

/** The intro card; `children`: its action ('Começar', or what stands for it while loading). */
export function PfIntro({ children }: { children: ReactNode }) {
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader>
        <h1 className="text-2xl font-bold">Abra sua conta em poucos minutos</h1>
        <CardDescription>
          Tenha em mãos seu documento de identidade, seu registro profissional e um comprovante de
          residência. Você vai precisar confirmar seu e-mail e seu telefone e tirar uma selfie.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">{children}</CardContent>
    </Card>
  );
}

/** 'Começar' while the session loads: there, but not yet usable. */
export function PfIntroLoadingAction() {
  return (
    <Button type="button" disabled>
      Carregando...
    </Button>
  );
}

export function PfWizardHeading() {
  return (
    <div>
      <h1 className="text-2xl font-bold">Abertura de conta</h1>
      <p className="text-sm text-muted-foreground">Profissional de saúde (pessoa física)</p>
    </div>
  );
}

/**
 * The wizard while its code or the applicant's application loads: the intro card at once, or,
 * when the URL names a step (a reload, Back or Forward), the step's frame in grey.
 */
export function PfWizardSkeleton({ resuming }: { resuming: boolean }) {
  if (!resuming) {
    return (
      <PfIntro>
        <PfIntroLoadingAction />
      </PfIntro>
    );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PfWizardHeading />
      <StepperSkeleton />
      <StepCardSkeleton />
    </div>
  );
}
