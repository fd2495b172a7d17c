ALTER TABLE "onboarding_pf" ADD COLUMN "doc_identidade_divergencia_confirmada" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "onboarding_pf" ADD COLUMN "identidade_divergencias" jsonb;--> statement-breakpoint
ALTER TABLE "onboarding_pj" ADD COLUMN "identidade_divergencias" jsonb;