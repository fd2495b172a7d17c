import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { Spinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { LandingRoute } from './routes/landing';

/** A lazily loaded component: its module is fetched the first time it renders. */
function lazyNamed<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
}

// Every page but the landing page is a lazy chunk, and so is the shell that carries the
// data layer (TanStack Query) and the toast outlet: the landing page needs neither.
const AppShell = lazyNamed(() => import('./app-shell'), 'AppShell');
const PrivacyPolicyRoute = lazyNamed(() => import('./routes/privacy-policy'), 'PrivacyPolicyRoute');
const SecurityRoute = lazyNamed(() => import('./routes/security'), 'SecurityRoute');
const TestSecretsRoute = lazyNamed(() => import('./routes/test-secrets'), 'TestSecretsRoute');
// The local trial pages (not served in production) share one lazy module.
const DevRoutes = lazyNamed(() => import('./routes/dev'), 'DevRoutes');
const HandoffExpiredRoute = lazyNamed(
  () => import('./routes/handoff-expired'),
  'HandoffExpiredRoute',
);
const NotFoundRoute = lazyNamed(() => import('./routes/not-found'), 'NotFoundRoute');

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
        <Route
          index
          element={
            <Page>
              <LandingRoute />
            </Page>
          }
        />
        <Route
          path={paths.privacyPolicy}
          element={
            <Page>
              <PrivacyPolicyRoute />
            </Page>
          }
        />
        <Route
          path={paths.security}
          element={
            <Page>
              <SecurityRoute />
            </Page>
          }
        />
        <Route
          element={
            <Page>
              <AppShell />
            </Page>
          }
        >
          <Route
            path={paths.testSecrets}
            element={
              <Page>
                <TestSecretsRoute />
              </Page>
            }
          />
          <Route
            path="/dev/*"
            element={
              <Page>
                <DevRoutes />
              </Page>
            }
          />
          <Route
            path={paths.handoffExpired}
            element={
              <Page>
                <HandoffExpiredRoute />
              </Page>
            }
          />
        </Route>
        <Route
          path="*"
          element={
            <Page>
              <NotFoundRoute />
            </Page>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
