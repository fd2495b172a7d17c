import { useId, type ReactNode } from 'react';
import { StatusBadge } from '../status-badge';
import { Card, CardContent, CardHeader } from '../ui/card';
import { CheckCircleIcon } from '../ui/icons';
import { CopyProtocolButton } from './copy-protocol-button';

export type ProtocolCardProps = {
  protocolo: string;
  /** The status code (EM_ANALISE...): shown with its one label, as on every other page. */
  status: string;
  children?: ReactNode;
};

/**
 * The benefits the success pages promise (applicant-portal.md section 1): free digital account,
 * debit card without annual fee, unlimited instant transfers, cashback on medical purchases,
 * automatic yield and special-rate loans.
 */
export const accountBenefits = [
  'Conta digital gratuita',
  'Cartão de débito sem anuidade',
  'Transferências instantâneas (PIX) ilimitadas',
  'Cashback em compras médicas',
  'Rendimento automático do saldo',
  'Empréstimos com taxas especiais',
] as const;

/** The protocol of a submitted application, its copy button and its status. */
export function ProtocolCard({ protocolo, status, children }: ProtocolCardProps) {
  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="text-sm text-muted-foreground">Protocolo</p>
            <p className="font-mono text-xl font-bold" data-testid="protocolo">
              {protocolo}
            </p>
          </div>
          <CopyProtocolButton protocolo={protocolo} />
        </div>
        <p className="flex items-center gap-2 text-sm">
          Status: <StatusBadge status={status} />
        </p>
        {children}
      </CardContent>
    </Card>
  );
}

/** What happens after the submission, in order. */
export function NextStepsCard({ steps }: { steps: readonly string[] }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Próximos passos</h2>
      </CardHeader>
      <CardContent>
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

/** The account's benefits (accountBenefits), then the flow's own, as a checked list. */
export function BenefitsCard({ title, extra = [] }: { title: string; extra?: readonly string[] }) {
  const headingId = useId();
  return (
    <Card>
      <CardHeader>
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
      </CardHeader>
      <CardContent>
        <ul aria-labelledby={headingId} className="grid gap-2 text-sm sm:grid-cols-2">
          {[...accountBenefits, ...extra].map((benefit) => (
            <li key={benefit} className="flex items-start gap-2">
              <CheckCircleIcon
                className="mt-0.5 size-4 shrink-0 text-green-700"
                aria-hidden="true"
              />
              {benefit}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
