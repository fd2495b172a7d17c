import { Link } from 'react-router';
import { statusPageForFlow } from '@medipay/shared/application-status';
import { ANALYSIS_BUSINESS_DAYS } from '@medipay/shared/constants';
import { buttonVariants } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { MailIcon, PhoneIcon } from '../../../components/ui/icons';
import { textLinkClass } from '../../../components/ui/text-link';
import { BenefitsCard } from '../../../components/wizard/success-cards';
import { SuccessPage } from '../../../components/wizard/success-page';
import { paths } from '../../../config/paths';
import { getPublicConfig } from '../../../config/public-config';
import { telHref } from '../../../lib/contact-links';
import { pjWizard } from './pj-wizard-flow';

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
  const { supportPhone, supportEmail } = getPublicConfig();
  return (
    <SuccessPage
      wizard={pjWizard}
      title="Conta enviada para análise!"
      lead="Recebemos o cadastro da empresa. Guarde o número do protocolo."
      // Without an e-mail the spec has other wording (applicant-portal.md, company success page).
      protocolNote={({ email }) => (
        <p className="text-sm [overflow-wrap:anywhere]">
          {email ? (
            <>
              Enviamos a confirmação com o protocolo para <strong>{email}</strong>.
            </>
          ) : (
            'Guarde o protocolo: é com ele que você acompanha o cadastro com o nosso suporte.'
          )}
        </p>
      )}
      nextSteps={nextSteps}
    >
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
    </SuccessPage>
  );
}
