import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import type { WizardFrame } from '../../../components/wizard/wizard-frame';

// The static parts of the PF wizard, light enough to paint before the wizard's code and the
// applicant's session have arrived (the route's loading state uses them too).

/** The intro card; `children`: its action ('Começar', or what stands for it while loading). */
function PfIntro({ children }: { children: ReactNode }) {
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

function PfWizardHeading() {
  return (
    <div>
      <h1 className="text-2xl font-bold">Abertura de conta</h1>
      <p className="text-sm text-muted-foreground">Profissional de saúde (pessoa física)</p>
    </div>
  );
}

/**
 * The PF wizard's frame. Only PF opens on an intro card with a start button
 * (applicant-portal.md, 'Individual onboarding'); its stepper sits straight on the page.
 */
export const pfWizardFrame: WizardFrame = {
  title: 'Abra sua conta | MediPay',
  Heading: PfWizardHeading,
  stepperOnCard: false,
  Intro: PfIntro,
};
