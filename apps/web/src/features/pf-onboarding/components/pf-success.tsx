import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { toast } from 'sonner';
import { ANALYSIS_BUSINESS_DAYS, COPIED_FEEDBACK_MS } from '@medipay/shared/constants';
import { pfSubmitResponseSchema, type PfSubmitResponse } from '@medipay/shared/pf-application';
import { statusLabel } from '@medipay/shared/status';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { CheckCircleIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { textLinkClass } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { getApplication } from '../api/get-application';

const nextSteps = [
  `Nossa equipe analisa seus dados e documentos em até ${ANALYSIS_BUSINESS_DAYS} dias úteis.`,
  'Se precisarmos de algum ajuste, avisamos por e-mail com as instruções.',
  'Com o cadastro aprovado, você recebe os dados de acesso à sua conta MediPay.',
];

const features = [
  {
    title: 'Antecipação de plantões',
    text: 'Plantões validados antecipados em poucos cliques, com o dinheiro na conta em minutos.',
  },
  { title: 'PIX 24 horas', text: 'Transferências instantâneas e ilimitadas, a qualquer hora.' },
  {
    title: 'Cartão sem anuidade',
    text: 'Cartão de débito sem anuidade e conta digital gratuita, com cashback em compras médicas.',
  },
];

/** The protocol of a submitted application, from the navigation or from the session's own record. */
function useSubmission(): PfSubmitResponse | null | 'loading' {
  const location = useLocation();
  const fromNavigation = pfSubmitResponseSchema.safeParse(location.state);
  const [own, setOwn] = useState<PfSubmitResponse | null | 'loading'>('loading');
  useEffect(() => {
    if (fromNavigation.success) return;
    let active = true;
    getApplication()
      .then((application) => {
        if (!active) return;
        setOwn(
          application.protocolo
            ? { protocolo: application.protocolo, email: application.values.email ?? '' }
            : null,
        );
      })
      .catch(() => active && setOwn(null));
    return () => {
      active = false;
    };
  }, [fromNavigation.success]);
  return fromNavigation.success ? fromNavigation.data : own;
}

/** /onboarding/success: the protocol of the application just sent, and what comes next. */
export function PfSuccess() {
  const submission = useSubmission();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  if (submission === 'loading')
    return (
      <div className="flex justify-center py-24">
        <Spinner className="text-primary" />
      </div>
    );
  if (!submission) return <Navigate to={paths.onboardingPf} replace />;

  async function copy(protocolo: string) {
    try {
      await navigator.clipboard.writeText(protocolo);
      setCopied(true);
      toast.success('Protocolo copiado!');
    } catch {
      toast.error('Erro ao copiar');
    }
  }

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="text-center">
        <CheckCircleIcon className="mx-auto size-14 text-green-700" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold">Cadastro Enviado com Sucesso!</h1>
        <p className="mt-2 text-muted-foreground">
          Recebemos seus dados e documentos. Guarde o número do protocolo.
        </p>
      </div>
      <Card>
        <CardContent className="space-y-4 pt-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="text-sm text-muted-foreground">Protocolo</p>
              <p className="font-mono text-xl font-bold" data-testid="protocolo">
                {submission.protocolo}
              </p>
            </div>
            <Button type="button" variant="outline" onClick={() => void copy(submission.protocolo)}>
              {copied ? 'Copiado!' : 'Copiar protocolo'}
            </Button>
          </div>
          <p className="flex items-center gap-2 text-sm">
            Status: <Badge variant="warning">{statusLabel('ENVIADO_PARA_ANALISE')}</Badge>
          </p>
          {submission.email && (
            <p className="text-sm">
              Enviamos a confirmação para <strong>{submission.email}</strong>.
            </p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">Próximos passos</h2>
        </CardHeader>
        <CardContent>
          <ol className="list-decimal space-y-2 pl-5 text-sm">
            {nextSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </CardContent>
      </Card>
      <div className="grid gap-4 sm:grid-cols-3">
        {features.map((feature) => (
          <div key={feature.title} className="rounded-md border p-4">
            <h2 className="font-semibold">{feature.title}</h2>
            <p className="mt-1 text-sm text-muted-foreground">{feature.text}</p>
          </div>
        ))}
      </div>
      <p className="text-center">
        <Link to={paths.home} className={textLinkClass}>
          Voltar para a página inicial
        </Link>
      </p>
    </div>
  );
}
