import { Link, Navigate } from 'react-router';
import { statusPageForFlow } from '@medipay/shared/application-status';
import { ANALYSIS_BUSINESS_DAYS } from '@medipay/shared/constants';
import { submittedStatus } from '@medipay/shared/status';
import { buttonVariants } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { CheckCircleIcon, MailIcon, PhoneIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { textLinkClass } from '../../../components/ui/text-link';
import {
  BenefitsCard,
  NextStepsCard,
  ProtocolCard,
} from '../../../components/wizard/success-cards';
import { useSubmission } from '../../../components/wizard/use-submission';
import { paths } from '../../../config/paths';
import { getPublicConfig } from '../../../config/public-config';
import { telHref } from '../../../lib/contact-links';
import { getApplication } from '../api/get-application';

const nextSteps = [
  `Nossa equipe de compliance analisa os dados e os documentos da empresa em até ${ANALYSIS_BUSINESS_DAYS} dias úteis.`,
  'Se precisarmos de algum documento ou ajuste, avisamos por e-mail com as instruções.',
  'Com o cadastro aprovado, a conta MediPay da empresa é aberta e enviamos os dados de acesso.',
];

/** What the company has on top of the account's benefits (applicant-portal.md section 1). */
const companyBenefits = [
  'Pagamento de plantões e repasses aos profissionais por PIX, em minutos',
  'Antecipação de recebíveis para os médicos da sua equipe, sem custo para a empresa',
  'Gestão de escalas com check-in e check-out validados',
  'Relatórios financeiros e conciliação em um só painel',
];

/** /onboarding-pj/success: the protocol of the company's application, and what comes next. */
export function PjSuccess() {
  const submission = useSubmission(getApplication);
  const { supportPhone, supportEmail } = getPublicConfig();

  if (submission === 'loading')
    return (
      <div className="flex justify-center py-24">
        <Spinner className="text-primary" />
      </div>
    );
  if (!submission) return <Navigate to={paths.onboardingPj} replace />;

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="text-center">
        <CheckCircleIcon className="mx-auto size-14 text-green-700" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold">Conta enviada para análise!</h1>
        <p className="mt-2 text-muted-foreground">
          Recebemos o cadastro da empresa. Guarde o número do protocolo.
        </p>
      </div>
      <ProtocolCard protocolo={submission.protocolo} status={submittedStatus('PJ')}>
        <p className="text-sm">
          {submission.email ? (
            <>
              Enviamos a confirmação com o protocolo para <strong>{submission.email}</strong>.
            </>
          ) : (
            'Guarde o protocolo: é com ele que você acompanha o cadastro com o nosso suporte.'
          )}
        </p>
      </ProtocolCard>
      <NextStepsCard steps={nextSteps} />
      <BenefitsCard title="O que a sua empresa terá com a MediPay" extra={companyBenefits} />
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">Precisa de ajuda?</h2>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 text-sm sm:flex-row sm:gap-6">
          <a href={telHref(supportPhone)} className={`flex items-center gap-2 ${textLinkClass}`}>
            <PhoneIcon className="size-4" aria-hidden="true" />
            {supportPhone}
          </a>
          <a href={`mailto:${supportEmail}`} className={`flex items-center gap-2 ${textLinkClass}`}>
            <MailIcon className="size-4" aria-hidden="true" />
            {supportEmail}
          </a>
        </CardContent>
      </Card>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to={statusPageForFlow('PJ')} className={buttonVariants({ variant: 'outline' })}>
          Acompanhar status
        </Link>
        <Link to={paths.home} className={buttonVariants({})}>
          Voltar ao início
        </Link>
      </div>
    </div>
  );
}
