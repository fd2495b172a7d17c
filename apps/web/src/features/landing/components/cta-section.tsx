import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

export function CtaSection() {
  return (
    <section aria-labelledby="cta-titulo" className="bg-teal-800 text-white">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
        <h2 id="cta-titulo" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Abra sua conta em poucos minutos
        </h2>
        <p className="mt-4 text-lg text-teal-50">
          Sem taxas de abertura. Pague apenas pelas transações realizadas.
        </p>
        <Button asChild size="lg" variant="inverted" className="mt-8">
          {/* A full load: the wizard's document allows the camera (cameraPagePaths, routes.ts). */}
          <Link to={paths.onboardingPf} reloadDocument>
            Abrir Conta
          </Link>
        </Button>
      </div>
    </section>
  );
}
