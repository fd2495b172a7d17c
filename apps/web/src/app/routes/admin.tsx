import { Route, Routes } from 'react-router';
import { paths } from '../../config/paths';
import { AdminAccountPage } from '../../features/admin/components/admin-account-page';
import { AdminDashboardPage } from '../../features/admin/components/admin-dashboard-page';
import { AdminGuard } from '../../features/admin/components/admin-guard';
import { AdminLayout } from '../../features/admin/components/admin-layout';
import { AdminLoginPage } from '../../features/admin/components/admin-login-page';
import { AdminUsersPage } from '../../features/admin/components/admin-users-page';
import { ReviewDetailPage } from '../../features/admin/components/review/detail-page';
import { pfReview } from '../../features/admin/components/review/flows/pf';
import { pjReview } from '../../features/admin/components/review/flows/pj';
import { ReviewListPage } from '../../features/admin/components/review/list-page';
import { adminDetailRoutes } from '../../features/admin/components/review/review-paths';
import { ScreeningListsPage } from '../../features/admin/components/screening-lists-page';
import { WebhooksPage } from '../../features/admin/components/webhooks-page';
import { NotFoundRoute } from './not-found';

/** The area's base, as registered in app-routes.tsx (`/onboarding/admin/*`). */
const adminArea = '/onboarding/admin';

const under = (path: string) => path.slice(adminArea.length + 1);

/**
 * The back office: the login page, and behind the guard (a server-side admin session) the
 * pages inside the admin layout. An unknown path behind the guard is the not-found page,
 * without the layout (it has its own main landmark). The static segments ('dashboard', 'list',
 * 'pj', ...) rank above ':id' in react-router, so an application's page never hides them.
 */
export function AdminRoutes() {
  return (
    <Routes>
      <Route path={under(paths.adminLogin)} element={<AdminLoginPage />} />
      <Route element={<AdminGuard />}>
        <Route element={<AdminLayout />}>
          <Route path={under(paths.adminDashboard)} element={<AdminDashboardPage />} />
          <Route path={under(paths.adminUsers)} element={<AdminUsersPage />} />
          <Route path={under(paths.adminScreening)} element={<ScreeningListsPage />} />
          <Route path={under(paths.adminAccount)} element={<AdminAccountPage />} />
          <Route path={under(paths.adminWebhooks)} element={<WebhooksPage />} />
          <Route path={under(paths.adminPfList)} element={<ReviewListPage flow={pfReview} />} />
          <Route path={under(paths.adminPjList)} element={<ReviewListPage flow={pjReview} />} />
          <Route path={adminDetailRoutes.pj} element={<ReviewDetailPage flow={pjReview} />} />
          <Route path={adminDetailRoutes.pf} element={<ReviewDetailPage flow={pfReview} />} />
        </Route>
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
