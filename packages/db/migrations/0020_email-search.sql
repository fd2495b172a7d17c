-- E-mail search of the back-office lists on lower(email) (apps/api/src/modules/admin-review/review-list.repository.ts).
-- A custom migration, like 0011_review-search and 0019_search-at-scale: drizzle-kit cannot express an expression index.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).
--
-- E-mails are stored trimmed and lower-cased, and the shared schema accepts ASCII addresses only,
-- so medipay_search_text(email) (lower(unaccent(email)), 0011) is lower(email) with an unaccent
-- call per row. A trigram LIKE always rechecks its candidates on the table: for a common word
-- ('souza', in 19,000 of a million e-mails) that recheck ran unaccent() tens of thousands of
-- times per count. lower() costs a fraction of it; the term is still lowered and unaccented,
-- once, in the query.
CREATE INDEX "onboarding_pf_email_lower_trgm_idx" ON "onboarding_pf" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "onboarding_pf_email_trgm_idx";--> statement-breakpoint
CREATE INDEX "onboarding_pj_email_lower_trgm_idx" ON "onboarding_pj" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "onboarding_pj_email_trgm_idx";
