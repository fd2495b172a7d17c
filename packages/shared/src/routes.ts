/**
 * The one route table of the portal, shared by the SPA (links, router) and the API
 * (which answers 404 for any page path that is not listed here).
 */
export const paths = {
  home: '/',
  onboardingPf: '/onboarding',
  onboardingPfSuccess: '/onboarding/success',
  onboardingPj: '/onboarding-pj',
  onboardingPjSuccess: '/onboarding-pj/success',
  rectification: '/retificar-documentos',
  privacyPolicy: '/politica-privacidade',
  security: '/seguranca',
  adminLogin: '/onboarding/admin/login',
  adminDashboard: '/onboarding/admin/dashboard',
  adminPfList: '/onboarding/admin/list',
  adminPjList: '/onboarding/admin/pj',
  /** Admin accounts (admin_master only). */
  adminUsers: '/onboarding/admin/administradores',
  /** The PEP and sanctions lists in force (screening). */
  adminScreening: '/onboarding/admin/triagem',
  /** The signed webhooks' endpoints (admin_master only). */
  adminWebhooks: '/onboarding/admin/webhooks',
  /** The logged admin's own account: the second factor's enrolment. */
  adminAccount: '/onboarding/admin/conta',
  testSecrets: '/test-secrets',
  /** A spent or expired link to continue an application on another device. */
  handoffExpired: '/continuar/expirado',
  /** The phone's page of 'Continuar no celular': the selfie step, and nothing else. */
  handoffPhone: '/continuar-no-celular',
  devOutbox: '/dev/outbox',
  devLookups: '/dev/consultas',
  devDocuments: '/dev/documentos',
  devBiometrics: '/dev/biometria',
} as const;

export type PagePath = (typeof paths)[keyof typeof paths];

/** Landing page anchors, in page order. */
export const landingSections = {
  comoFunciona: 'como-funciona',
  beneficios: 'beneficios',
  gestores: 'gestores',
  depoimentos: 'depoimentos',
  faq: 'faq',
  termos: 'termos',
} as const;

export type LandingSection = (typeof landingSections)[keyof typeof landingSections];

/**
 * The back office's application pages. Apart from `paths` (the SPA's links build them from the
 * lists' paths) so that the landing page's bundle, which carries `paths`, does not grow. The
 * static segments ('list', 'pj', 'dashboard', ...) rank above ':id' in both routers.
 */
export const adminDetailRoutePatterns = {
  pf: '/onboarding/admin/:id',
  pj: '/onboarding/admin/pj/:id',
} as const;

/**
 * Page routes the SPA renders. A pattern segment starting with ':' matches one path segment.
 * A path that matches none of these is answered with HTTP 404 and the not-found page.
 * Routes join this list when their screens exist.
 */
export const pageRoutePatterns: readonly string[] = [
  paths.home,
  paths.privacyPolicy,
  paths.security,
  paths.testSecrets,
  paths.handoffExpired,
  paths.handoffPhone,
  paths.onboardingPf,
  paths.onboardingPfSuccess,
  paths.onboardingPj,
  paths.onboardingPjSuccess,
  paths.adminLogin,
  paths.adminDashboard,
  paths.adminUsers,
  paths.adminScreening,
  paths.adminAccount,
  paths.adminWebhooks,
  // Literals, not `paths.x`: the landing page's bundle carries this module, and the bundler
  // keeps property reads of an unused array, so these would weigh on it. routes.test.ts
  // checks them against `paths` and `adminDetailRoutePatterns`.
  '/retificar-documentos',
  // The status page (application-status.ts `statusPagePath`).
  '/acompanhar-status',
  '/onboarding/admin/list',
  '/onboarding/admin/pj',
  '/onboarding/admin/:id',
  '/onboarding/admin/pj/:id',
];

/**
 * The single-use link that lets a phone take the selfie step of an application (served by the
 * API, which redirects to `paths.handoffPhone`).
 */
export const handoffRoutePattern = '/continuar/:token';
export const handoffPath = (token: string) => `/continuar/${token}`;

/** Pages for local trials only; the server does not serve them when NODE_ENV=production. */
export const devPageRoutePatterns: readonly string[] = [
  paths.devOutbox,
  paths.devLookups,
  paths.devDocuments,
  paths.devBiometrics,
];

/**
 * The pages whose document may use the camera (the server's Permissions-Policy says
 * `camera=(self)` for them and `camera=()` for every other response): the two wizards, where
 * documents are photographed and the PF applicant takes the selfie and liveness step, with their
 * success pages (which send a visitor without a fresh submission back to the wizard inside the
 * same document), and the phone's page of 'Continuar no celular'.
 *
 * A document keeps the policy it was loaded with while the SPA moves between its pages (history
 * navigation loads no document, so no new header applies): the policy of the first page loaded
 * rules every page reached from it in the SPA. A link from another page to these is therefore a
 * full load (`reloadDocument`), or the wizard would open without a camera.
 *
 * Literals, not `paths.x`, for the landing page's bundle (see pageRoutePatterns); routes.test.ts
 * checks them.
 */
export const cameraPagePaths: readonly string[] = [
  '/onboarding',
  '/onboarding/success',
  '/onboarding-pj',
  '/onboarding-pj/success',
  '/continuar-no-celular',
];

/** The local trial pages that use the camera (documents and biometrics); never in production. */
export const devCameraPagePaths: readonly string[] = ['/dev/documentos', '/dev/biometria'];

function normalise(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.replace(/\/+$/, '') || '/';
  return pathname;
}

export function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = normalise(pathname).split('/');
  if (want.length !== got.length) return false;
  return want.every((segment, i) => {
    const actual = got[i] ?? '';
    return segment.startsWith(':') ? actual.length > 0 : segment === actual;
  });
}

export function isKnownPagePath(pathname: string): boolean {
  return pageRoutePatterns.some((pattern) => matchesPattern(pattern, pathname));
}
