import { company } from '@medipay/shared/company';
import { Link } from 'react-router';
import { landingSections, paths } from '../../config/paths';
import { getPublicConfig } from '../../config/public-config';
import { telHref } from '../../lib/contact-links';
import { MailIcon, PhoneIcon } from '../ui/icons';
import { BrandLogo } from './brand-logo';
import { SectionLink } from './section-link';

const linkClass =
  'rounded-sm text-slate-300 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white';

export function SiteFooter() {
  const { supportPhone, supportEmail } = getPublicConfig();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <BrandLogo inverted />
          <p className="text-sm">O ecossistema financeiro digital da saúde.</p>
        </div>

        <nav aria-label="Links rápidos">
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">
            Links rápidos
          </h2>
          <ul className="space-y-2 text-sm">
            <li>
              <SectionLink section={landingSections.comoFunciona} className={linkClass}>
                Como Funciona
              </SectionLink>
            </li>
            <li>
              <SectionLink section={landingSections.beneficios} className={linkClass}>
                Benefícios
              </SectionLink>
            </li>
            <li>
              <SectionLink section={landingSections.depoimentos} className={linkClass}>
                Depoimentos
              </SectionLink>
            </li>
            <li>
              <SectionLink section={landingSections.faq} className={linkClass}>
                FAQ
              </SectionLink>
            </li>
          </ul>
        </nav>

        <nav aria-label="Informações legais">
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">Legal</h2>
          <ul className="space-y-2 text-sm">
            <li>
              <SectionLink section={landingSections.termos} className={linkClass}>
                Termos de Uso
              </SectionLink>
            </li>
            <li>
              <Link to={paths.privacyPolicy} className={linkClass}>
                Política de Privacidade
              </Link>
            </li>
            <li>
              <Link to={paths.security} className={linkClass}>
                Segurança e Compliance
              </Link>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">
            Suporte 24/7
          </h2>
          <ul className="space-y-2 text-sm">
            <li className="flex items-center gap-2">
              <PhoneIcon className="size-4" />
              <a href={telHref(supportPhone)} className={linkClass}>
                {supportPhone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <MailIcon className="size-4" />
              <a href={`mailto:${supportEmail}`} className={linkClass}>
                {supportEmail}
              </a>
            </li>
            <li>Atendimento 24 horas por dia, 7 dias por semana.</li>
          </ul>
        </div>
      </div>

      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-slate-400 sm:px-6 md:flex-row md:items-center md:justify-between">
          <p>
            © {new Date().getFullYear()} {company.legalName} · CNPJ {company.cnpj} · Sede:{' '}
            {company.headquarters}
          </p>
          <p>
            Versão {company.productVersion} · Atualizado em {company.productVersionDate}
          </p>
        </div>
      </div>
    </footer>
  );
}
