import { Navigate } from 'react-router';
import { pfSteps } from '@medipay/shared/pf-onboarding';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { OpenElsewhereNotice } from '../../../components/wizard/open-elsewhere';
import { Stepper } from '../../../components/wizard/stepper';
import { useApplicantApplication } from '../../../components/wizard/use-applicant-application';
import { useWizardStep } from '../../../components/wizard/use-wizard-step';
import { paths } from '../../../config/paths';
import { getApplication } from '../api/get-application';
import {
  PfIntro,
  PfIntroLoadingAction,
  PfWizardHeading,
  PfWizardSkeleton,
} from './pf-wizard-frame';
import type { StepProps } from './step-props';
import { AddressStep } from './steps/address-step';
import { BiometricsStep } from './steps/biometrics-step';
import { DocumentsStep } from './steps/documents-step';
import { IdentificationStep } from './steps/identification-step';
import { PepStep } from './steps/pep-step';
import { ReviewStep } from './steps/review-step';

/**
 * The individual (PF) wizard: the intro, then six steps, each saved on the server before the
 * next opens. The step on screen is in the URL (`?etapa=endereco`); a step after the first
 * unsaved one cannot be opened. Reopening the page resumes the saved application.
 */
export function PfWizard() {
  const { loaded, failed, retry, setSession, setApplication } = useApplicantApplication(
    'PF',
    getApplication,
  );
  const { requested, current, redirect, go } = useWizardStep(
    pfSteps,
    loaded?.application.currentStep ?? 1,
  );

  if (loaded && loaded.application.status && loaded.application.status !== 'INICIADO') {
    return <Navigate to={paths.onboardingPfSuccess} replace />;
  }

  const started = requested !== null || (loaded?.application.status ?? null) !== null;
  // The intro (or, for a step named in the URL, its frame) paints at once; only what needs the
  // session waits for it.
  if (!loaded && !failed && requested !== null) {
    return (
      <>
        <OpenElsewhereNotice flow="PF" />
        <PfWizardSkeleton resuming />
      </>
    );
  }
  if (!loaded || !started) {
    return (
      <>
        <OpenElsewhereNotice flow="PF" />
        <PfIntro>
          {failed ? (
            <Button type="button" onClick={retry}>
              Tentar novamente
            </Button>
          ) : loaded ? (
            <Button type="button" onClick={() => go(1)}>
              Começar
            </Button>
          ) : (
            <PfIntroLoadingAction />
          )}
        </PfIntro>
      </>
    );
  }

  const { session, application } = loaded;
  const reached = application.currentStep;
  if (redirect) return <Navigate to={redirect} replace />;

  const props: StepProps = {
    values: application.values,
    session,
    onSession: setSession,
    onSaved: (next) => {
      setApplication(next);
      go(Math.min(current + 1, pfSteps.length));
    },
    onBack: current > 1 ? () => go(current - 1) : undefined,
  };
  const step = pfSteps.find((entry) => entry.id === current)!;

  return (
    <>
      <OpenElsewhereNotice flow="PF" />
      <div className="mx-auto max-w-3xl space-y-6">
        <PfWizardHeading />
        <Stepper steps={pfSteps} current={current} reached={reached} />
        <Card>
          <CardHeader>
            <h2 className="text-xl font-semibold">{step.title}</h2>
            <CardDescription>
              {current === 1 ? 'Preencha seus dados pessoais para continuar' : step.description}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {current === 1 && <IdentificationStep key={current} {...props} />}
            {current === 2 && <AddressStep key={current} {...props} />}
            {current === 3 && <DocumentsStep key={current} {...props} />}
            {current === 4 && <BiometricsStep key={current} {...props} />}
            {current === 5 && <PepStep key={current} {...props} />}
            {current === 6 && <ReviewStep key={current} {...props} onEdit={go} />}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
