import { useEffect } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { lazyNamed } from './lazy-named';
import { Page } from './page';
import { LandingRoute } from './routes/landing';
import { RouteFallback } from './route-fallback';

// The landing page is the only eager page. The public texts are lazy chunks; every other page
// sits behind one lazy module (app-routes.tsx), so new areas do not weigh on the landing page.
const PrivacyPolicyRoute = lazyNamed(() => import('./routes/privacy-policy'), 'PrivacyPolicyRoute');
const SecurityRoute = lazyNamed(() => import('./routes/security'), 'SecurityRoute');
const AppRoutes = lazyNamed(() => import('./app-routes'), 'AppRoutes');

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
          path="*"
          element={
            <Page fallback={<RouteFallback />}>
              <AppRoutes />
            </Page>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
