CREATE TABLE "rectification_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow" text NOT NULL,
	"record_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "rectification_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "onboarding_pf" ADD COLUMN "analisado_por" text;--> statement-breakpoint
ALTER TABLE "onboarding_pf" ADD COLUMN "analisado_por_id" uuid;--> statement-breakpoint
ALTER TABLE "onboarding_pf" ADD COLUMN "analisado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "onboarding_pf" ADD COLUMN "exigencias" text;--> statement-breakpoint
ALTER TABLE "onboarding_pf" ADD COLUMN "motivo_negacao" text;--> statement-breakpoint
ALTER TABLE "onboarding_pj" ADD COLUMN "analisado_por" text;--> statement-breakpoint
ALTER TABLE "onboarding_pj" ADD COLUMN "analisado_por_id" uuid;--> statement-breakpoint
ALTER TABLE "onboarding_pj" ADD COLUMN "analisado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "onboarding_pj" ADD COLUMN "exigencias" text;--> statement-breakpoint
ALTER TABLE "onboarding_pj" ADD COLUMN "motivo_negacao" text;--> statement-breakpoint
CREATE INDEX "rectification_links_record_idx" ON "rectification_links" USING btree ("flow","record_id");