import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { StepCardSkeleton, StepperSkeleton } from '../../../components/wizard/wizard-skeleton';
import { paths } from '../../../config/paths';

// The static parts of the PJ wizard, light enough to paint before the wizard's code and the
// applicant's session have arrived (the route's loading state uses them too).

export const pjWizardTitle = 'Cadastro de Operadora de Saúde | MediPay';

export function PjWizardHeading() {
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

/** The wizard while its code or the company's application loads: its frame, in grey. */
export function PjWizardSkeleton() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PjWizardHeading />
      <Card>
        <CardContent className="pt-6">
          <StepperSkeleton />
        </CardContent>
      </Card>
      <StepCardSkeleton />
    </div>
  );
}
