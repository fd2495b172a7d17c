import { CheckCircleIcon } from '../../../components/ui/icons';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { heroClaims, heroStats } from '../content';

/** Page headline with the two sign-up paths. No entrance animation: the h1 is the LCP element. */
export function HeroSection() {
  return (
    <section aria-labelledby="hero-titulo" className="bg-teal-50">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-5 lg:items-center">
        <div className="lg:col-span-3">
          <p className="mb-4 inline-block rounded-full bg-teal-100 px-3 py-1 text-sm font-semibold text-teal-900">
            Conta digital para a saúde
          </p>
          <h1
            id="hero-titulo"
            className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl"
          >
            O ecossistema financeiro digital da saúde
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-700">
            Conta de pagamento, PIX 24h e antecipação de plantões validados para médicos,
            profissionais e operadoras de saúde. Pague apenas pelas transações realizadas.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            {/* Full loads: the wizards' documents allow the camera (cameraPagePaths, routes.ts). */}
            <Button asChild size="lg">
              <Link to={paths.onboardingPf} reloadDocument>
                Sou Médico/Profissional
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.onboardingPj} reloadDocument>
                Sou Operadora de Saúde
              </Link>
            </Button>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-3 text-sm font-medium text-slate-700">
            {heroClaims.map((claim) => (
              <li key={claim} className="flex items-center gap-2">
                <CheckCircleIcon className="text-teal-700" />
                {claim}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl bg-teal-800 p-6 text-white shadow-xl sm:p-8 lg:col-span-2">
          <p className="font-semibold text-teal-50">A MediPay em números</p>
          <dl className="mt-6 grid gap-6 sm:grid-cols-3 lg:grid-cols-1">
            {heroStats.map(({ value, label }) => (
              <div key={label} className="flex flex-col-reverse">
                <dt className="text-teal-50">{label}</dt>
                <dd className="text-4xl font-bold">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
