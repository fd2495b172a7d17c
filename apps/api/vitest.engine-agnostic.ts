/**
 * Test files whose subject does not depend on the database engine: parsing, image and OCR work,
 * configuration, HTTP framing. The database suite (`npm run test:db`, vitest.db.config.ts) runs
 * every other file, so a new test runs on both PGlite and PostgreSQL unless it is listed here.
 * Every repository stays covered on both engines.
 */
export const engineAgnosticTests = [
  // No database at all.
  'src/adapters/storage/storage.test.ts',
  'src/cli/kyc.test.ts',
  'src/config/env.test.ts',
  'src/jobs/abandoned-sessions.job.test.ts',
  'src/lib/public-url.test.ts',
  'src/lib/redact.test.ts',
  'src/lib/semaphore.test.ts',
  'src/modules/admin-auth/password-strength.test.ts',
  'src/modules/documents/pdf-active-content.test.ts',
  'src/modules/face-search/face-code.test.ts',
  'src/modules/kyc/**',
  'src/modules/messaging/templates.test.ts',
  'src/modules/screening/list-files.test.ts',
  'src/modules/screening/matcher.test.ts',
  // A database only to build the app: headers, routing, framing, file checks, face checks.
  'src/app.test.ts',
  'src/modules/admin-auth/admin-route-table.test.ts',
  'src/modules/biometrics/biometrics.test.ts',
  'src/modules/documents/pdf-upload-active.test.ts',
  'src/modules/health/hand-over.test.ts',
  'src/plugins/bad-input.test.ts',
  'src/plugins/security-headers.test.ts',
  'src/plugins/trust-proxy.test.ts',
  // The CLI's parsing and printing; the service's SQL runs in screening.service.test.ts.
  'src/modules/screening/screening-cli.test.ts',
];
