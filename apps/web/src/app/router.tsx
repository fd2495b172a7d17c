import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { Spinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';

// Every page but the landing page is a lazy chunk, and so is the shell that carries the
// data layer (TanStack Query) and the toast outlet: the landing page needs neither.
const AppShell = lazy(() => import('./app-shell').then((m) => ({ default: m.AppShell })));
const PrivacyPolicyRoute = lazy(() =>
  import('./routes/privacy-policy').then((m) => ({ default: m.PrivacyPolicyRoute })),
);
const SecurityRoute = lazy(() =>
  import('./routes/security').then((m) => ({ default: m.SecurityRoute })),
);
const TestSecretsRoute = lazy(() =>
  import('./routes/test-secrets').then((m) => ({ default: m.TestSecretsRoute })),
);

function PageFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner className="text-primary" />
    </div>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageFallback />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** New pages start at the top, unless the URL names an anchor. */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

/**
 * Every page of the SPA. Paths come from the shared route table, which the server also uses
 * to answer HTTP 404 for unknown paths.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <ScrollToTop />
      <Routes>
        <Route index element={<Page><LandingRoute /></Page>} />
        <Route path={paths.privacyPolicy} element={<Page><PrivacyPolicyRoute /></Page>} />
        <Route path={paths.security} element={<Page><SecurityRoute /></Page>} />
        <Route element={<Page><AppShell /></Page>}>
          <Route path={paths.testSecrets} element={<Page><TestSecretsRoute /></Page>} />
        </Route>
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    </BrowserRouter>
  );
}
