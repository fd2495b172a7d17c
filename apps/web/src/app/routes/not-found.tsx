import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';

/** The page for any path outside the route table (the server also answers it with HTTP 404). */
export function NotFoundRoute() {
  const location = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  useEffect(() => {
    document.title = 'Página não encontrada | MediPay';
  }, []);

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4">
      <div className="text-center">
        <h1 className="mb-4 text-4xl font-bold">404</h1>
        <p lang="en" className="mb-4 text-xl text-slate-700">
          Oops! Page not found
        </p>
        <Link
          to={paths.home}
          className="rounded-sm text-teal-800 underline underline-offset-4 hover:text-teal-950 focus-ring"
        >
          Voltar para a página inicial
        </Link>
      </div>
    </main>
  );
}
