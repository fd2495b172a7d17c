ALTER TABLE "onboarding_pf" ADD COLUMN "biometria_decisao" text;--> statement-breakpoint
CREATE INDEX "onboarding_pf_biometria_revisao_idx" ON "onboarding_pf" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "onboarding_pf"."biometria_decisao" = 'em_revisao';--> statement-breakpoint
ALTER TABLE "onboarding_pf" ADD CONSTRAINT "onboarding_pf_biometria_decisao" CHECK ("onboarding_pf"."biometria_decisao" in ('aprovado', 'em_revisao', 'reprovado'));--> statement-breakpoint
-- Before the three outcomes, a saved step 4 meant a passed check: aprovado.
UPDATE "onboarding_pf" SET "biometria_decisao" = 'aprovado' WHERE "liveness_passed";
