import { Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import { AppShell } from './app-shell';
import { lazyNamed } from './lazy-named';
import { Page } from './page';
import { RouteFallback } from './route-fallback';

// Each area is a lazy chunk of its own.
const TestSecretsRoute = lazyNamed(() => import('./routes/test-secrets'), 'TestSecretsRoute');
const OnboardingPfRoutes = lazyNamed(() => import('./routes/onboarding-pf'), 'OnboardingPfRoutes');
const OnboardingPjRoutes = lazyNamed(() => import('./routes/onboarding-pj'), 'OnboardingPjRoutes');
const ApplicationStatusRoute = lazyNamed(
  () => import('./routes/application-status'),
  'ApplicationStatusRoute',
);
// The back office (login, guard, layout, pages) is one lazy module.
const AdminRoutes = lazyNamed(() => import('./routes/admin'), 'AdminRoutes');
const HandoffExpiredRoute = lazyNamed(
  () => import('./routes/handoff-expired'),
  'HandoffExpiredRoute',
);
const HandoffPhoneRoute = lazyNamed(() => import('./routes/handoff-phone'), 'HandoffPhoneRoute');
const RectificationRoute = lazyNamed(() => import('./routes/rectification'), 'RectificationRoute');
// The local trial pages (not served in production) share one lazy module.
const DevRoutes = lazyNamed(() => import('./routes/dev'), 'DevRoutes');
const NotFoundRoute = lazyNamed(() => import('./routes/not-found'), 'NotFoundRoute');

/**
 * Every page beyond the landing page and the public texts: the interactive areas, inside the
 * shell that carries the data layer (TanStack Query) and the toasts, and the not-found page.
 * A lazy module, so the landing page carries none of these routes.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route
          path={paths.testSecrets}
          element={
            <Page>
              <TestSecretsRoute />
            </Page>
          }
        />
        <Route
          path={`${paths.onboardingPf}/*`}
          element={
            <Page fallback={<RouteFallback />}>
              <OnboardingPfRoutes />
            </Page>
          }
        />
        {/* More static segments than `/onboarding/*`: react-router ranks it first. */}
        <Route
          path="/onboarding/admin/*"
          element={
            <Page>
              <AdminRoutes />
            </Page>
          }
        />
        <Route
          path={`${paths.onboardingPj}/*`}
          element={
            <Page fallback={<RouteFallback />}>
              <OnboardingPjRoutes />
            </Page>
          }
        />
        {/* `statusPagePath` (application-status.ts), as a literal: importing that module would
            bring zod into this chunk. routes/application-status.test.tsx checks it. */}
        <Route
          path="/acompanhar-status"
          element={
            <Page>
              <ApplicationStatusRoute />
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
        <Route
          path={paths.handoffPhone}
          element={
            <Page>
              <HandoffPhoneRoute />
            </Page>
          }
        />
        <Route
          path={paths.rectification}
          element={
            <Page>
              <RectificationRoute />
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
  );
}
