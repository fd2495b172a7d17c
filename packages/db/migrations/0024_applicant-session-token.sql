ALTER TABLE "applicant_sessions" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "applicant_sessions" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applicant_sessions" ADD CONSTRAINT "applicant_sessions_token_hash_unique" UNIQUE("token_hash");--> statement-breakpoint
-- The cookies already out hold the session's id: each session's first token is its id, so they
-- keep working until their next rotation (issue 23, item 7).
UPDATE "applicant_sessions" SET "token_hash" = encode(sha256(convert_to("id", 'UTF8')), 'hex');--> statement-breakpoint
-- Sessions whose application was already submitted open the status page only.
UPDATE "applicant_sessions" AS s SET "submitted_at" = coalesce(a."submitted_at", a."updated_at")
  FROM "onboarding_pf" AS a WHERE a."session_id" = s."id" AND a."protocolo" IS NOT NULL;--> statement-breakpoint
UPDATE "applicant_sessions" AS s SET "submitted_at" = coalesce(a."submitted_at", a."updated_at")
  FROM "onboarding_pj" AS a WHERE a."session_id" = s."id" AND a."protocolo" IS NOT NULL;
