import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button';
import type { WizardFrame } from '../../../components/wizard/wizard-frame';
import { paths } from '../../../config/paths';

// The static parts of the PJ wizard, light enough to paint before the wizard's code and the
// applicant's session have arrived (the route's loading state uses them too).

function PjWizardHeading() {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold">Cadastro de Operadora de Saúde</h1>
        <p className="text-sm text-muted-foreground">
          Hospitais, clínicas, laboratórios e demais empresas de saúde (pessoa jurídica)
        </p>
      </div>
      <Link to={paths.home} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        Voltar ao início
      </Link>
    </div>
  );
}

/**
 * The PJ wizard's frame (applicant-portal.md, 'Company onboarding'): a header with a button
 * back to the home page, and the stepper on a progress card; no intro, step 1 opens at once.
 */
export const pjWizardFrame: WizardFrame = {
  title: 'Cadastro de Operadora de Saúde | MediPay',
  Heading: PjWizardHeading,
  stepperOnCard: true,
};
