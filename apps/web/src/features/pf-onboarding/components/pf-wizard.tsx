import { Navigate } from 'react-router';
import { pfSteps } from '@medipay/shared/pf-onboarding';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Stepper } from '../../../components/wizard/stepper';
import { useApplicantApplication } from '../../../components/wizard/use-applicant-application';
import { useWizardStep } from '../../../components/wizard/use-wizard-step';
import { paths } from '../../../config/paths';
import { getApplication } from '../api/get-application';
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
  if (!loaded || !started) {
    return (
      <Card className="mx-auto max-w-xl">
        <CardHeader>
          <h1 className="text-2xl font-bold">Abra sua conta em poucos minutos</h1>
          <CardDescription>
            Tenha em mãos seu documento de identidade, seu registro profissional e um comprovante de
            residência. Você vai precisar confirmar seu e-mail e seu telefone e tirar uma selfie.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          {failed ? (
            <Button type="button" onClick={retry}>
              Tentar novamente
            </Button>
          ) : (
            <Button type="button" disabled={!loaded} onClick={() => go(1)}>
              {loaded ? 'Começar' : 'Carregando...'}
            </Button>
          )}
        </CardContent>
      </Card>
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
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Abertura de conta</h1>
        <p className="text-sm text-muted-foreground">Profissional de saúde (pessoa física)</p>
      </div>
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
  );
}
