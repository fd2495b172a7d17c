import { useState } from 'react';
import { Navigate } from 'react-router';
import { pjSteps } from '@medipay/shared/pj-onboarding';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { OpenElsewhereNotice } from '../../../components/wizard/open-elsewhere';
import { Stepper } from '../../../components/wizard/stepper';
import { useApplicantApplication } from '../../../components/wizard/use-applicant-application';
import { useWizardStep } from '../../../components/wizard/use-wizard-step';
import { paths } from '../../../config/paths';
import { getApplication } from '../api/get-application';
import { PjWizardHeading, PjWizardSkeleton } from './pj-wizard-frame';
import { storedPrefill, storePrefill, type RegistryPrefill } from './registry-prefill';
import type { StepProps } from './step-props';
import { AddressStep } from './steps/address-step';
import { CompanyStep } from './steps/company-step';
import { DocumentsStep } from './steps/documents-step';
import { FinanceStep } from './steps/finance-step';
import { ResponsibleStep } from './steps/responsible-step';
import { ReviewStep } from './steps/review-step';

/**
 * The company (PJ) wizard: six steps, each saved on the server before the next opens. The step
 * on screen is in the URL (`?etapa=endereco`); a step after the first unsaved one cannot be
 * opened. Reopening the page resumes the saved application.
 */
export function PjWizard() {
  const { loaded, failed, retry, setSession, setApplication } = useApplicantApplication(
    'PJ',
    getApplication,
  );
  const { current, redirect, go } = useWizardStep(pjSteps, loaded?.application.currentStep ?? 1);
  const [prefill, setPrefill] = useState<RegistryPrefill | null>(null);

  if (loaded && loaded.application.status && loaded.application.status !== 'INICIADO') {
    return <Navigate to={paths.onboardingPjSuccess} replace />;
  }
  // The frame paints at once; only what needs the session waits for it.
  if (!loaded && !failed) {
    return (
      <>
        <OpenElsewhereNotice flow="PJ" />
        <PjWizardSkeleton />
      </>
    );
  }
  if (!loaded) {
    return (
      <>
        <OpenElsewhereNotice flow="PJ" />
        <div className="mx-auto max-w-3xl space-y-6">
          <PjWizardHeading />
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
  const reached = application.currentStep;
  if (redirect) return <Navigate to={redirect} replace />;

  const props: StepProps = {
    values: application.values,
    session,
    // Only what was found for the CNPJ saved in step 1.
    prefill:
      prefill && prefill.cnpj === application.values.cnpj
        ? prefill
        : storedPrefill(application.values.cnpj),
    onSession: setSession,
    onSaved: (next) => {
      setApplication(next);
      go(Math.min(current + 1, pjSteps.length));
    },
    onBack: current > 1 ? () => go(current - 1) : undefined,
  };
  const step = pjSteps.find((entry) => entry.id === current)!;

  return (
    <>
      <OpenElsewhereNotice flow="PJ" />
      <div className="mx-auto max-w-3xl space-y-6">
        <PjWizardHeading />
        <Card>
          <CardContent className="pt-6">
            <Stepper steps={pjSteps} current={current} reached={reached} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <h2 className="text-xl font-semibold">{step.title}</h2>
            <CardDescription>{step.description}</CardDescription>
          </CardHeader>
          <CardContent>
            {current === 1 && (
              <CompanyStep
                key={current}
                {...props}
                onPrefill={(next) => {
                  setPrefill(next);
                  storePrefill(next);
                }}
              />
            )}
            {current === 2 && <AddressStep key={current} {...props} />}
            {current === 3 && <ResponsibleStep key={current} {...props} />}
            {current === 4 && <DocumentsStep key={current} {...props} />}
            {current === 5 && <FinanceStep key={current} {...props} />}
            {current === 6 && <ReviewStep key={current} {...props} onEdit={go} />}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
