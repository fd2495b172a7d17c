import { Fragment, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../ui/card';
import { OpenElsewhereNotice } from './open-elsewhere';
import { StepHeading } from './step-heading';
import { Stepper } from './stepper';
import { useApplicantApplication } from './use-applicant-application';
import { useWizardStep } from './use-wizard-step';
import {
  IntroLoadingAction,
  StepperPlace,
  WizardFrameSkeleton,
  type WizardFrame,
} from './wizard-frame';
import type { WizardApplication, WizardFlow, WizardStepProps } from './wizard-flow';

/** What a flow's wizard draws on the step on screen. */
export type StepView<State extends WizardApplication> = {
  /** The step on screen. */
  current: number;
  props: WizardStepProps<State>;
  application: State;
  /** Opens another step (the review's 'Editar'). */
  go: (step: number) => void;
};

export type WizardShellProps<State extends WizardApplication, Step extends number> = {
  wizard: WizardFlow<State, Step>;
  frame: WizardFrame;
  renderStep: (view: StepView<State>) => ReactNode;
};

/**
 * A wizard: the steps, each saved on the server before the next opens. The step on screen is in
 * the URL (`?etapa=endereco`); a step after the first unsaved one cannot be opened. Reopening
 * the page resumes the saved application; a submitted one goes to the success page. The flow
 * gives its steps (`renderStep`), its frame (heading, intro) and its endpoints.
 */
export function WizardShell<State extends WizardApplication, Step extends number>({
  wizard,
  frame,
  renderStep,
}: WizardShellProps<State, Step>) {
  const { flow, steps } = wizard;
  const { Heading, Intro } = frame;
  const { loaded, submitted, failed, retry, setSession, setApplication } = useApplicantApplication(
    flow,
    wizard.read,
  );
  const { requested, current, redirect, go } = useWizardStep(
    steps,
    loaded?.application.currentStep ?? 1,
  );

  if (
    submitted ||
    (loaded && loaded.application.status && loaded.application.status !== 'INICIADO')
  ) {
    return <Navigate to={wizard.successPath} replace />;
  }

  // The frame (the intro, or for a step named in the URL its frame) paints at once; only what
  // needs the session waits for it.
  if (!loaded && !failed && (requested !== null || !Intro)) {
    return (
      <>
        <OpenElsewhereNotice flow={flow} />
        <WizardFrameSkeleton frame={frame} resuming />
      </>
    );
  }
  const started = requested !== null || (loaded?.application.status ?? null) !== null;
  if (Intro && (!loaded || !started)) {
    return (
      <>
        <OpenElsewhereNotice flow={flow} />
        <Intro>
          {failed ? (
            <Button type="button" onClick={retry}>
              Tentar novamente
            </Button>
          ) : loaded ? (
            <Button type="button" onClick={() => go(1)}>
              Começar
            </Button>
          ) : (
            <IntroLoadingAction />
          )}
        </Intro>
      </>
    );
  }
  if (!loaded) {
    return (
      <>
        <OpenElsewhereNotice flow={flow} />
        <div className="mx-auto max-w-3xl space-y-6">
          <Heading />
          <Card>
            <CardContent className="flex justify-center py-12">
              <Button type="button" onClick={retry}>
                Tentar novamente
              </Button>
            </CardContent>
          </Card>
        </div>
      </>
    );
  }

  const { session, application } = loaded;
  if (redirect) return <Navigate to={redirect} replace />;

  const props: WizardStepProps<State> = {
    values: application.values,
    session,
    onSession: setSession,
    onSaved: (next) => {
      setApplication(next);
      go(Math.min(current + 1, steps.length));
    },
    onBack: current > 1 ? () => go(current - 1) : undefined,
  };
  const step = steps.find((entry) => entry.id === current)!;

  return (
    <>
      <OpenElsewhereNotice flow={flow} />
      {/* The step sets the scroll itself (StepHeading): no scroll anchoring moving it as the new
          step's images and fields settle. */}
      <div className="mx-auto max-w-3xl space-y-6 [overflow-anchor:none]">
        <Heading />
        <StepperPlace frame={frame}>
          <Stepper steps={steps} current={current} reached={application.currentStep} />
        </StepperPlace>
        <Card>
          <CardHeader>
            <StepHeading>{step.title}</StepHeading>
            <CardDescription>{wizard.subtitles?.[current] ?? step.description}</CardDescription>
          </CardHeader>
          <CardContent>
            {/* Each step starts afresh, its form from the saved values and the tab's draft. */}
            <Fragment key={current}>{renderStep({ current, props, application, go })}</Fragment>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
