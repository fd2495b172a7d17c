import { ANALYSIS_BUSINESS_DAYS } from '@medipay/shared/constants';
import { Link } from 'react-router';
import { landingSections, paths } from '../../../config/paths';
import { textLinkClass } from '../../../components/ui/text-link';
import { SectionHeading } from './section-heading';

/** Summary of the terms of use; the footer's 'Termos de Uso' link points here. */
export function TermsSection() {
  return (
    <section id={landingSections.termos} aria-labelledby="termos-titulo" className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <SectionHeading id="termos-titulo" title="Termos de Uso">
          Resumo das condições de uso da conta MediPay.
        </SectionHeading>
        <ul className="list-disc space-y-3 pl-5 text-slate-700">
          <li>
            A conta é destinada a profissionais de saúde (pessoa física) e a hospitais, clínicas,
            laboratórios e demais organizações de saúde (pessoa jurídica) com cadastro regular.
          </li>
          <li>
            A abertura está sujeita à análise cadastral e à verificação de identidade (KYC). O
            resultado sai em até {ANALYSIS_BUSINESS_DAYS} dias úteis e pode ser acompanhado pelo
            número de protocolo.
          </li>
          <li>Não há taxa de abertura: são cobradas apenas as transações realizadas.</li>
          <li>
            Os dados pessoais são tratados conforme a LGPD, como descrito na{' '}
            <Link to={paths.privacyPolicy} className={textLinkClass}>
              Política de Privacidade
            </Link>
            .
          </li>
        </ul>
      </div>
    </section>
  );
}
