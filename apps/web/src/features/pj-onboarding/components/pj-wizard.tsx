import { useState, type ComponentType } from 'react';
import type { PjApplicationState } from '@medipay/shared/pj-application';
import { WizardShell, type StepView } from '../../../components/wizard/wizard-shell';
import { pjWizardFrame } from './pj-wizard-frame';
import { pjWizard } from './pj-wizard-flow';
import { storedPrefill, storePrefill, type RegistryPrefill } from './registry-prefill';
import type { StepProps } from './step-props';
import { AddressStep } from './steps/address-step';
import { CompanyStep } from './steps/company-step';
import { DocumentsStep } from './steps/documents-step';
import { FinanceStep } from './steps/finance-step';
import { ResponsibleStep } from './steps/responsible-step';
import { ReviewStep } from './steps/review-step';

/** Steps 2 to 5: a form each, saved on the server. */
const laterFormSteps: Partial<Record<number, ComponentType<StepProps>>> = {
  2: AddressStep,
  3: ResponsibleStep,
  4: DocumentsStep,
  5: FinanceStep,
};

/**
 * The company (PJ) wizard: six steps (company, address, legal representative, documents,
 * finances, review) in the wizard shell. What the CNPJ lookup of step 1 finds fills the address
 * and the representative of the later steps.
 */
export function PjWizard() {
  const [prefill, setPrefill] = useState<RegistryPrefill | null>(null);

  function renderStep({ current, props, application, go }: StepView<PjApplicationState>) {
    const stepProps: StepProps = {
      ...props,
      // Only what was found for the CNPJ saved in step 1.
      prefill:
        prefill && prefill.cnpj === application.values.cnpj
          ? prefill
          : storedPrefill(application.values.cnpj),
    };
    if (current === 1) {
      return (
        <CompanyStep
          {...stepProps}
          onPrefill={(next) => {
            setPrefill(next);
            storePrefill(next);
          }}
        />
      );
    }
    const Step = laterFormSteps[current];
    return Step ? <Step {...stepProps} /> : <ReviewStep {...stepProps} onEdit={go} />;
  }

  return <WizardShell wizard={pjWizard} frame={pjWizardFrame} renderStep={renderStep} />;
}
