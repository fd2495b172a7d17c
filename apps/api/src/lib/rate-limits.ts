/**
 * The per-IP request limits of the public routes (@fastify/rate-limit, `config.rateLimit`), sized
 * for shared addresses: a hospital's staff behind one NAT address, or phones behind a mobile
 * carrier's CGNAT (in Brazil, thousands of subscribers share one public IPv4 address). The
 * design load of one address is about 100 applicants starting within 10 minutes; each limit
 * below is that load times what one applicant ordinarily does, rounded up with room to spare.
 *
 * These limits only slow a single address down. What protects each resource is elsewhere and
 * stays tight: one-time codes per session and per destination (60 s cooldown, 5 an hour) and per
 * code (5 tries), status codes per application (1 a minute, 5 an hour), wizard writes per session,
 * CNPJ lookups per session, admin logins per account and source. The address counted is the
 * client's as TRUST_PROXY allows (config/env.ts): with TRUST_PROXY unset, a forged X-Forwarded-For
 * changes nothing. See docs/decisions/014-proxies-and-shared-addresses.md.
 *
 * Every limit is held in the database, so the processes behind a load balancer count together:
 * these and the other `config.rateLimit` limits, and the CNPJ lookups per session, as fixed-window
 * counters (lib/shared-counter.ts, lib/rate-limit-store.ts); the others in their own tables. When
 * the counters cannot be read, these limits let the request through with a warning in the log.
 * See docs/decisions/017-shared-limits.md.
 */
const tenMinutes = '10 minutes';

export const perIpLimits = {
  /** New applicant sessions: 1 to 3 per applicant (PF and PJ, another browser, cleared cookies). */
  sessionCreations: { max: 600, timeWindow: tenMinutes },
  /** One-time code sends: about 3 per applicant (e-mail, phone, a resend). */
  codeSends: { max: 300, timeWindow: tenMinutes },
  /** CEP lookups: up to 4 per applicant (PF address, PJ address, a corrected CEP); cached. */
  cepLookups: { max: 600, timeWindow: tenMinutes },
  /** CNPJ lookups (per session as well: 20): up to 3 per company applicant. */
  cnpjLookups: { max: 300, timeWindow: tenMinutes },
  /** Selfie step: a challenge and its frames per attempt, up to 3 attempts; CPU-heavy checks. */
  biometrics: { max: 300, timeWindow: tenMinutes },
  /** Status page reads: a few per visit. */
  statusReads: { max: 600, timeWindow: tenMinutes },
  /** Status codes e-mailed to an application's own address: 1 or 2 per visit. */
  statusCodeSends: { max: 100, timeWindow: tenMinutes },
  /** Status code checks: 1 to 3 per visit (each code has its own tries). */
  statusCodeChecks: { max: 300, timeWindow: tenMinutes },
  /** Rectification links asked from the status page: one per applicant in requirements. */
  statusRectificationLinks: { max: 100, timeWindow: tenMinutes },
} as const;
