import type { ComponentType, ReactNode } from 'react';
import { Button } from '../ui/button';
import { Card, CardContent } from '../ui/card';
import { StepCardSkeleton, StepperSkeleton } from './wizard-skeleton';

// The static parts of a wizard, light enough to paint before the wizard's code and the
// applicant's session have arrived (the route's loading state uses them too).

/** How a flow's wizard looks around its steps. */
export type WizardFrame = {
  /** The page's title. */
  title: string;
  /** The heading above the stepper. */
  Heading: ComponentType;
  /** Whether the stepper sits on a card of its own (PJ: 'a progress card'). */
  stepperOnCard: boolean;
  /**
   * The card shown before step 1 (PF: 'Abra sua conta em poucos minutos'); `children` is its
   * action. Without it the wizard opens on step 1.
   */
  Intro?: ComponentType<{ children: ReactNode }>;
};

/** The intro's start button while the session loads: there, but not yet usable. */
export function IntroLoadingAction() {
  return (
    <Button type="button" disabled>
      Carregando...
    </Button>
  );
}

/** Where the stepper goes: on its own card, or straight on the page. */
export function StepperPlace({ frame, children }: { frame: WizardFrame; children: ReactNode }) {
  if (!frame.stepperOnCard) return children;
  return (
    <Card>
      <CardContent className="pt-6">{children}</CardContent>
    </Card>
  );
}

/**
 * The wizard while its code or the applicant's application loads: the intro card at once, or,
 * when the URL names a step (`resuming`: a reload, Back or Forward) or there is no intro, the
 * step's frame in grey.
 */
export function WizardFrameSkeleton({
  frame,
  resuming,
}: {
  frame: WizardFrame;
  resuming: boolean;
}) {
  const { Heading, Intro } = frame;
  if (Intro && !resuming) {
    return (
      <Intro>
        <IntroLoadingAction />
      </Intro>
    );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Heading />
      <StepperPlace frame={frame}>
        <StepperSkeleton />
      </StepperPlace>
      <StepCardSkeleton />
    </div>
  );
}
