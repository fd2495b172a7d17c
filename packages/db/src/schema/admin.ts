/** The back office: its accounts, sessions, login throttle and audit trail. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A back-office account. The password is kept only as an argon2id hash; `username` and `email`
 * are stored lower-cased (login accepts either). A deactivated account cannot log in.
 */
export const adminUsers = pgTable(
  'admin_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    username: text('username').notNull().unique(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<'admin_master' | 'admin_mini'>().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * The authenticator app's TOTP secret, encrypted with a key derived from SECRET
     * (second-factor-secrets.ts); null until a first code confirmed it.
     */
    totpSecret: text('totp_secret'),
    /** A secret shown for enrolment and not confirmed yet (encrypted the same way). */
    totpPendingSecret: text('totp_pending_secret'),
    totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
    /** The last 30-second step whose code was accepted: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  },
  (table) => [
    check('admin_users_role', sql`${table.role} in ('admin_master', 'admin_mini')`),
    check('admin_users_email_lower', sql`${table.email} = lower(${table.email})`),
    check('admin_users_username_lower', sql`${table.username} = lower(${table.username})`),
  ],
);

/** A back-office login: only a SHA-256 of the cookie's token is kept; 4 h from login, absolute. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminUserId: uuid('admin_user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * `complete`: a full session. `second_factor`: the password was right and the code is still
     * to be given; `enrolment`: the password was right and the account must enrol a second
     * factor first (REQUIRE_ADMIN_MFA). Both reach only their own routes and last minutes.
     */
    stage: text('stage')
      .$type<'complete' | 'second_factor' | 'enrolment'>()
      .notNull()
      .default('complete'),
  },
  (table) => [
    check(
      'admin_sessions_stage',
      sql`${table.stage} in ('complete', 'second_factor', 'enrolment')`,
    ),
    index('admin_sessions_user_idx').on(table.adminUserId),
    index('admin_sessions_expires_at_idx').on(table.expiresAt),
  ],
);

/**
 * The login throttle's memory: one row per login attempt that went on to the password check,
 * reserved before the check under a lock on its keys, so that parallel attempts never get past
 * the limit. `account_key` is `user:<id>` for an existing account (its e-mail and username count
 * together) and `credential:<typed, lower-cased>` otherwise. A successful login deletes its row;
 * rows older than the window no longer count.
 */
export const adminLoginAttempts = pgTable(
  'admin_login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountKey: text('account_key').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('admin_login_attempts_account_idx').on(table.accountKey, table.createdAt),
    index('admin_login_attempts_ip_idx').on(table.ip, table.createdAt),
  ],
);

/**
 * The single-use recovery codes of an admin's second factor: ten, shown once at enrolment, kept
 * only as SHA-256 hashes (they are 50 random bits each, so a slow hash adds nothing); a used code
 * keeps its row with `used_at`.
 */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminUserId: uuid('admin_user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('admin_recovery_codes_user_idx').on(table.adminUserId, table.codeHash)],
);

/**
 * The audit trail of the back office (the spec's admin_actions): every login success and
 * failure, every decision on an application, every account change and cleanup. `admin_email`
 * is the server's own record of who acted (for a failed login: the credential tried, lower-cased).
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    onboardingId: uuid('onboarding_id'),
    onboardingType: text('onboarding_type').$type<'PF' | 'PJ'>(),
    adminUserId: uuid('admin_user_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    observacoes: text('observacoes'),
    motivo: text('motivo'),
    /** The reviewer's note for the team; never sent to the applicant (observacoes and motivo are). */
    notaInterna: text('nota_interna'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('admin_actions_onboarding_idx').on(table.onboardingId, table.createdAt),
    index('admin_actions_action_email_idx').on(table.action, table.adminEmail, table.createdAt),
    index('admin_actions_action_ip_idx').on(table.action, table.ip, table.createdAt),
    index('admin_actions_created_at_idx').on(table.createdAt),
  ],
);
