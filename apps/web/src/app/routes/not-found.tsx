import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { PublicLayout } from '../../components/layouts/public-layout';
import { paths } from '../../config/paths';
import { textLinkClass } from '../../components/ui/text-link';

/**
 * The page for any path outside the route table (the server also answers it with HTTP 404): the
 * spec's text, a line in Portuguese, and the site's header and footer to find the way on.
 */
export function NotFoundRoute() {
  const location = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  useEffect(() => {
    document.title = 'Página não encontrada | MediPay';
  }, []);

  return (
    <PublicLayout>
      <div className="flex min-h-[60vh] items-center justify-center bg-muted px-4 py-16 text-center">
        <div>
          <h1 className="mb-4 text-4xl font-bold">404</h1>
          <p lang="en" className="mb-2 text-xl text-slate-700">
            Oops! Page not found
          </p>
          <p className="mb-4 text-slate-700">
            A página que você procura não existe ou mudou de endereço.
          </p>
          <Link to={paths.home} className={textLinkClass}>
            Voltar para a página inicial
          </Link>
        </div>
      </div>
    </PublicLayout>
  );
}
