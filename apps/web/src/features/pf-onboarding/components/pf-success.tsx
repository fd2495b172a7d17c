import { Link } from 'react-router';
import { statusPageForFlow } from '@medipay/shared/application-status';
import { ANALYSIS_BUSINESS_DAYS } from '@medipay/shared/constants';
import { buttonVariants } from '../../../components/ui/button';
import { textLinkClass } from '../../../components/ui/text-link';
import { BenefitsCard } from '../../../components/wizard/success-cards';
import { SuccessPage } from '../../../components/wizard/success-page';
import { paths } from '../../../config/paths';
import { pfWizard } from './pf-wizard-flow';

const nextSteps = [
  `Nossa equipe analisa seus dados e documentos em até ${ANALYSIS_BUSINESS_DAYS} dias úteis.`,
  'Se precisarmos de algum ajuste, avisamos por e-mail com as instruções.',
  'Com o cadastro aprovado, você recebe os dados de acesso à sua conta MediPay.',
];

/** What the account does for a health professional (applicant-portal.md section 1). */
const features = [
  {
    title: 'Antecipação de plantões',
    text: 'Plantões validados antecipados em poucos cliques, com o dinheiro na conta em minutos.',
  },
  {
    title: 'Plantões na agenda',
    text: 'Seus plantões aparecem sozinhos, pela integração com as escalas dos hospitais.',
  },
  {
    title: 'Check-in e check-out',
    text: 'Presença validada por reconhecimento facial e localização, direto no celular.',
  },
];

/** /onboarding/success: the protocol of the application just sent, and what comes next. */
export function PfSuccess() {
  return (
    <SuccessPage
      wizard={pfWizard}
      title="Cadastro Enviado com Sucesso!"
      lead="Recebemos seus dados e documentos. Guarde o número do protocolo."
      protocolNote={({ email }) =>
        email && (
          <p className="text-sm [overflow-wrap:anywhere]">
            Enviamos a confirmação para <strong>{email}</strong>.
          </p>
        )
      }
      nextSteps={nextSteps}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        {features.map((feature) => (
          <div key={feature.title} className="rounded-md border p-4">
            <h2 className="font-semibold">{feature.title}</h2>
            <p className="mt-1 text-sm text-muted-foreground">{feature.text}</p>
          </div>
        ))}
      </div>
      <BenefitsCard title="O que a sua conta MediPay oferece" />
      <div className="flex flex-col items-center gap-4">
        <Link to={statusPageForFlow('PF')} className={buttonVariants({})}>
          Acompanhar status
        </Link>
        <Link to={paths.home} className={textLinkClass}>
          Voltar para a página inicial
        </Link>
      </div>
    </SuccessPage>
  );
}
