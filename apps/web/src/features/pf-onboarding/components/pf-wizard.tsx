import type { ComponentType } from 'react';
import type { PfApplicationState } from '@medipay/shared/pf-application';
import { WizardShell, type StepView } from '../../../components/wizard/wizard-shell';
import { pfWizardFrame } from './pf-wizard-frame';
import { pfWizard } from './pf-wizard-flow';
import type { StepProps } from './step-props';
import { AddressStep } from './steps/address-step';
import { BiometricsStep } from './steps/biometrics-step';
import { DocumentsStep } from './steps/documents-step';
import { IdentificationStep } from './steps/identification-step';
import { PepStep } from './steps/pep-step';
import { ReviewStep } from './steps/review-step';

/** Steps 1 to 5: a form each, saved on the server. */
const formSteps: Partial<Record<number, ComponentType<StepProps>>> = {
  1: IdentificationStep,
  2: AddressStep,
  3: DocumentsStep,
  4: BiometricsStep,
  5: PepStep,
};

function renderStep({ current, props, go }: StepView<PfApplicationState>) {
  const Step = formSteps[current];
  return Step ? <Step {...props} /> : <ReviewStep {...props} onEdit={go} />;
}

/**
 * The individual (PF) wizard: the intro, then six steps (identification, address, documents,
 * biometrics, PEP, review), in the wizard shell.
 */
export function PfWizard() {
  return <WizardShell wizard={pfWizard} frame={pfWizardFrame} renderStep={renderStep} />;
}
