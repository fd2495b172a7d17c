/**
 * The back office's wire format: login, the admin session, the dashboard and the management of
 * admin accounts. Routes (all JSON, under /api/admin; every one but login needs the admin
 * session cookie, and the state-changing ones a same-origin `Origin` header):
 *
 *   POST /api/admin/login                      adminLoginRequest -> adminSessionInfo (+ cookie)
 *   POST /api/admin/logout                     -> 204 (session deleted, cookie cleared)
 *   GET  /api/admin/session                    -> adminSessionInfo
 *   GET  /api/admin/dashboard                  -> dashboard
 *   POST /api/admin/abandoned-sessions/purge   -> purgeResult
 *   GET  /api/admin/users                      -> adminUserList            (admin_master)
 *   POST /api/admin/users                      createAdminUser -> adminUser (admin_master)
 *   POST /api/admin/users/:id/deactivate       -> adminUser                (admin_master)
 *   POST /api/admin/users/:id/password         resetAdminPassword -> 204   (admin_master)
 *   POST /api/admin/users/:id/second-factor/reset -> adminUser             (admin_master)
 *
 * The second factor (admin-second-factor routes; a session in the `second_factor` or
 * `enrolment` stage reaches only these, session and logout):
 *   POST /api/admin/second-factor/verify       secondFactorCode -> adminSessionInfo (+ cookie)
 *   POST /api/admin/second-factor/totp/setup   -> totpSetup (a new secret, not yet in use)
 *   POST /api/admin/second-factor/totp/confirm totpConfirm -> recoveryCodes (+ cookie)
 *
 * Errors use the common format of api-error.ts: 401 without a valid session, 403 without the
 * role or from another origin, 429 when logins are throttled.
 */
import { z } from 'zod';
import { emailField, personName } from './fields';
import { screeningListKinds, screeningListSchema } from './screening';

export const adminRoleValues = ['admin_master', 'admin_mini'] as const;
export const adminRoleSchema = z.enum(adminRoleValues);
export type AdminRole = z.infer<typeof adminRoleSchema>;

export const adminRoleLabels: Record<AdminRole, string> = {
  admin_master: 'Administrador master',
  admin_mini: 'Administrador',
};

/** Passwords of admin accounts: long rather than complicated. */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
export const ADMIN_PASSWORD_MAX_LENGTH = 256;

/**
 * Login throttling (decision 009), counted over a 15-minute window. A source (client IP) that
 * failed LOGIN_FAILURES_PER_SOURCE times for one account, or LOGIN_FAILURES_PER_IP times for any
 * accounts, waits for the window. An account with LOGIN_PACING_AFTER_FAILURES failures from
 * anywhere is not locked: its logins are paced to one every LOGIN_PACING_INTERVAL_MS, except from
 * an address it logged in from within LOGIN_KNOWN_SOURCE_MS.
 */
export const LOGIN_THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_FAILURES_PER_SOURCE = 5;
export const LOGIN_FAILURES_PER_IP = 20;
export const LOGIN_PACING_AFTER_FAILURES = 5;
export const LOGIN_PACING_INTERVAL_MS = 10 * 1000;
export const LOGIN_KNOWN_SOURCE_MS = 30 * 24 * 60 * 60 * 1000;

/** A session that never saved step 1 and was not seen for this long is abandoned. */
export const ABANDONED_SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
/** The daily job purges abandoned sessions idle for longer than this. */
export const ABANDONED_SESSION_PURGE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/** The sidebar's open or collapsed state is kept in this cookie for 7 days. */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export const adminMessages = {
  credentialRequired: 'Informe o usuário ou e-mail',
  passwordRequired: 'Informe a senha',
  invalidCredentials: 'Credenciais inválidas',
  accessDenied: 'Acesso negado. Apenas administradores autorizados.',
  loginFailed: 'Erro ao fazer login. Tente novamente.',
  /** The server refused the login without saying why (an answer with no message). */
  loginRefused: 'Erro ao fazer login',
  loginSucceeded: 'Login realizado com sucesso',
  loggedOutTitle: 'Logout realizado',
  loggedOut: 'Você foi desconectado com sucesso',
  sessionRequired: 'Sua sessão expirou ou não existe. Entre novamente.',
  originRefused: 'Requisição recusada: origem não permitida.',
  masterOnly: 'Apenas administradores master podem gerenciar contas de administradores.',
  loadFailedTitle: 'Erro',
  loadFailed: 'Não foi possível carregar os dados',
  cleanupDone: 'Limpeza concluída',
  cleanupDoneDescription: (removed: number) =>
    removed === 1
      ? '1 sessão abandonada foi removida.'
      : `${removed} sessões abandonadas foram removidas.`,
  cleanupFailedTitle: 'Erro na limpeza',
  cleanupFailed: 'Não foi possível limpar as sessões abandonadas',
  nameRequired: 'Nome deve ter pelo menos 3 caracteres',
  usernameFormat:
    'Usuário deve ter de 3 a 40 caracteres: letras minúsculas, números, ponto, hífen ou sublinhado',
  passwordLength: `A senha deve ter pelo menos ${ADMIN_PASSWORD_MIN_LENGTH} caracteres`,
  roleRequired: 'Selecione o perfil',
  duplicateAccount: 'Já existe um administrador com este e-mail ou usuário.',
  cannotDeactivateSelf: 'Você não pode desativar a sua própria conta.',
  lastMaster: 'A instalação precisa de pelo menos um administrador master ativo.',
  accountNotFound: 'Administrador não encontrado.',
  accountCreated: 'Administrador criado',
  accountDeactivated: 'Administrador desativado',
  passwordReset: 'Senha redefinida',
  secondFactorTitle: 'Verificação em duas etapas',
  secondFactorPrompt: 'Digite o código de 6 dígitos do seu aplicativo autenticador.',
  codeLabel: 'Código de verificação',
  codeFormat: 'Informe os 6 dígitos do código',
  invalidCode: 'Código inválido ou já usado. Confira o aplicativo autenticador e tente novamente.',
  recoveryCodeLabel: 'Código de recuperação',
  recoveryCodeFormat: 'Informe um código de recuperação no formato XXXXX-XXXXX',
  invalidRecoveryCode: 'Código de recuperação inválido ou já usado.',
  useRecoveryCode: 'Usar um código de recuperação',
  useAuthenticatorCode: 'Usar o código do aplicativo',
  secondFactorRequired: 'Conclua a verificação em duas etapas para continuar.',
  enrolmentTitle: 'Ative a verificação em duas etapas',
  enrolmentRequired:
    'Para acessar o painel, cadastre um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 1Password ou outro).',
  enrolmentScan:
    'Leia o código QR com o aplicativo autenticador ou digite a chave abaixo. Depois, informe o primeiro código que ele mostrar.',
  enrolmentKeyLabel: 'Chave para digitar no aplicativo',
  noPendingEnrolment: 'Gere um novo código QR para cadastrar o aplicativo.',
  alreadyEnrolled:
    'Esta conta já tem um aplicativo autenticador. Um administrador master pode redefini-lo.',
  secondFactorEnrolled: 'Verificação em duas etapas ativada',
  recoveryCodesTitle: 'Guarde os seus códigos de recuperação',
  recoveryCodesHint:
    'Cada código entra uma única vez, se você perder o aplicativo. Eles não serão mostrados de novo.',
  secondFactorReset: 'Verificação em duas etapas redefinida',
  secondFactorResetConfirm: (name: string) =>
    `Redefinir a verificação em duas etapas de ${name}? No próximo login, o administrador precisará cadastrar o aplicativo de novo.`,
} as const;

export const adminLoginRequestSchema = z.object({
  /** The e-mail or the username. */
  credential: z
    .string({ error: adminMessages.credentialRequired })
    .trim()
    .min(1, adminMessages.credentialRequired)
    .max(254, adminMessages.invalidCredentials),
  password: z
    .string({ error: adminMessages.passwordRequired })
    .min(1, adminMessages.passwordRequired)
    .max(ADMIN_PASSWORD_MAX_LENGTH, adminMessages.invalidCredentials),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  name: z.string(),
  role: adminRoleSchema,
  active: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** Whether an authenticator app is enrolled (a master can reset it). */
  secondFactor: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * Where a session stands: `complete` reaches the whole back office; after a right password,
 * `second_factor` still needs the authenticator's code and `enrolment` must enrol one first
 * (REQUIRE_ADMIN_MFA).
 */
export const adminSessionStageValues = ['complete', 'second_factor', 'enrolment'] as const;
export type AdminSessionStage = (typeof adminSessionStageValues)[number];

/** Minutes a session in the `second_factor` or `enrolment` stage lasts. */
export const ADMIN_PENDING_SESSION_TTL_MS = 10 * 60 * 1000;
/** Recovery codes given at enrolment. */
export const ADMIN_RECOVERY_CODE_COUNT = 10;

export const totpCodeSchema = z
  .string({ error: adminMessages.codeFormat })
  .trim()
  .regex(/^\d{6}$/, adminMessages.codeFormat);

/** Ten letters and digits in two groups (XXXXX-XXXXX); typed in any case, with or without the dash. */
export const recoveryCodeSchema = z
  .string({ error: adminMessages.recoveryCodeFormat })
  .trim()
  .transform((value) => value.toUpperCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[0-9A-Z]{10}$/, adminMessages.recoveryCodeFormat));

/** Either the authenticator's code or one recovery code. */
export const secondFactorCodeSchema = z.union([
  z.object({ code: totpCodeSchema }).strict(),
  z.object({ recoveryCode: recoveryCodeSchema }).strict(),
]);
export type SecondFactorCode = z.input<typeof secondFactorCodeSchema>;

/** A secret to enrol: as an otpauth:// URI, its QR code (SVG) and the base32 key to type. */
export const totpSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrSvg: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const totpConfirmSchema = z.object({ code: totpCodeSchema });

/** Shown once, at enrolment. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/**
 * Who is logged in, and until when (ISO 8601); `medipaySandbox` is true while the built-in
 * MediPay sandbox stands in for the payment platform (the header shows a 'Sandbox' badge).
 */
export const adminSessionInfoSchema = z.object({
  user: adminUserSchema,
  expiresAt: z.string(),
  medipaySandbox: z.boolean(),
  stage: z.enum(adminSessionStageValues),
});
export type AdminSessionInfo = z.infer<typeof adminSessionInfoSchema>;

export const adminUserListSchema = z.object({ users: z.array(adminUserSchema) });

const passwordField = z
  .string({ error: adminMessages.passwordLength })
  .min(ADMIN_PASSWORD_MIN_LENGTH, adminMessages.passwordLength)
  .max(ADMIN_PASSWORD_MAX_LENGTH, adminMessages.passwordLength);

export const createAdminUserSchema = z.object({
  name: personName(3, adminMessages.nameRequired),
  email: emailField,
  username: z
    .string({ error: adminMessages.usernameFormat })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9._-]{3,40}$/, adminMessages.usernameFormat),
  role: z.enum(adminRoleValues, { error: adminMessages.roleRequired }),
  password: passwordField,
});
export type CreateAdminUser = z.infer<typeof createAdminUserSchema>;

export const resetAdminPasswordSchema = z.object({ password: passwordField });

/** One flow's counters on the dashboard. */
export const applicationCountersSchema = z.object({
  total: z.number().int(),
  /** PF: INICIADO + EM_ANALISE; PJ: INICIADO + ENVIADO_PARA_ANALISE + EM_ANALISE. */
  pending: z.number().int(),
  inRequirement: z.number().int(),
  approved: z.number().int(),
  /** NEGADO + REJEITADO. */
  denied: z.number().int(),
  /** Created since midnight in America/Sao_Paulo. */
  createdToday: z.number().int(),
  /** Approved over total, as a whole percent (back-office.md section 9); 0 with no requests. */
  approvalRate: z.number().int(),
  /** Approved over decided (approved + denied), in percent with one decimal; null before any decision. */
  decidedApprovalRate: z.number().nullable(),
});
export type ApplicationCounters = z.infer<typeof applicationCountersSchema>;

/** How many of the latest hits on approved customers the dashboard lists. */
export const DASHBOARD_SCREENING_LATEST = 5;

/**
 * The dashboard's screening alerts (issue 24): hits no reviewer decided yet on customers already
 * approved (a list imported after the approval named them), and the lists out of date.
 */
export const dashboardScreeningSchema = z.object({
  /** Undecided hits on applications of either flow, whatever their status. */
  openHits: z.number().int(),
  /** Undecided hits on approved applications. */
  openHitsOnApproved: z.number().int(),
  /** The latest of those (DASHBOARD_SCREENING_LATEST at most), newest first. */
  latestOnApproved: z.array(
    z.object({
      hitId: z.string(),
      flow: z.enum(['PF', 'PJ']),
      /** The application, for the link to its page. */
      recordId: z.string(),
      /** PF: the full name; PJ: the trade name, or the legal name without one. */
      name: z.string().nullable(),
      list: z.enum(screeningListKinds),
      entryName: z.string(),
      score: z.number(),
      foundAt: z.string(),
    }),
  ),
  /** The lists never imported or older than their publishing rhythm. */
  staleLists: z.array(screeningListSchema),
});
export type DashboardScreening = z.infer<typeof dashboardScreeningSchema>;

export const dashboardSchema = z.object({
  pf: applicationCountersSchema,
  pj: applicationCountersSchema,
  /** Applicant sessions that never saved step 1, idle for ABANDONED_SESSION_IDLE_MS. */
  abandonedSessions: z.number().int(),
  screening: dashboardScreeningSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const purgeResultSchema = z.object({ removed: z.number().int() });
export type PurgeResult = z.infer<typeof purgeResultSchema>;

/** Names of the audit actions (admin_actions.action) of the back office's access. */
export const adminAuditActions = {
  loginSucceeded: 'LOGIN_SUCESSO',
  loginFailed: 'LOGIN_FALHA',
  loginThrottled: 'LOGIN_BLOQUEADO',
  logout: 'LOGOUT',
  abandonedPurged: 'LIMPEZA_SESSOES_ABANDONADAS',
  accountCreated: 'ADMIN_CRIADO',
  accountDeactivated: 'ADMIN_DESATIVADO',
  passwordReset: 'ADMIN_SENHA_REDEFINIDA',
  secondFactorEnrolled: 'SEGUNDO_FATOR_CADASTRADO',
  secondFactorReset: 'SEGUNDO_FATOR_REDEFINIDO',
  recoveryCodeUsed: 'CODIGO_RECUPERACAO_USADO',
} as const;
