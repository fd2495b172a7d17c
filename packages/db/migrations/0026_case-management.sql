CREATE TABLE "document_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow" text NOT NULL,
	"record_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"field" text NOT NULL,
	"decision" text NOT NULL,
	"motivo" text,
	"motivo_texto" text,
	"admin_user_id" uuid,
	"admin_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_reviews_decision" CHECK ("document_reviews"."decision" in ('aceito', 'recusado'))
);
--> statement-breakpoint
ALTER TABLE "onboarding_pf" ADD COLUMN "prazo_analise" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "onboarding_pf" ADD COLUMN "analista_id" uuid;--> statement-breakpoint
ALTER TABLE "onboarding_pf" ADD COLUMN "analista_email" text;--> statement-breakpoint
ALTER TABLE "onboarding_pf" ADD COLUMN "analista_desde" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "onboarding_pf" ADD COLUMN "primeira_aprovacao_por_id" uuid;--> statement-breakpoint
ALTER TABLE "onboarding_pf" ADD COLUMN "primeira_aprovacao_por" text;--> statement-breakpoint
ALTER TABLE "onboarding_pf" ADD COLUMN "primeira_aprovacao_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "onboarding_pf" ADD COLUMN "primeira_aprovacao_nota" text;--> statement-breakpoint
ALTER TABLE "onboarding_pf" ADD COLUMN "dispositivo_id" text;--> statement-breakpoint
ALTER TABLE "onboarding_pj" ADD COLUMN "prazo_analise" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "onboarding_pj" ADD COLUMN "analista_id" uuid;--> statement-breakpoint
ALTER TABLE "onboarding_pj" ADD COLUMN "analista_email" text;--> statement-breakpoint
ALTER TABLE "onboarding_pj" ADD COLUMN "analista_desde" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "onboarding_pj" ADD COLUMN "primeira_aprovacao_por_id" uuid;--> statement-breakpoint
ALTER TABLE "onboarding_pj" ADD COLUMN "primeira_aprovacao_por" text;--> statement-breakpoint
ALTER TABLE "onboarding_pj" ADD COLUMN "primeira_aprovacao_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "onboarding_pj" ADD COLUMN "primeira_aprovacao_nota" text;--> statement-breakpoint
ALTER TABLE "onboarding_pj" ADD COLUMN "dispositivo_id" text;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD COLUMN "nota_interna" text;--> statement-breakpoint
ALTER TABLE "rectification_links" ADD COLUMN "documentos" jsonb;--> statement-breakpoint
ALTER TABLE "document_reviews" ADD CONSTRAINT "document_reviews_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_reviews_record_idx" ON "document_reviews" USING btree ("flow","record_id","created_at");--> statement-breakpoint
CREATE INDEX "onboarding_pf_prazo_idx" ON "onboarding_pf" USING btree ("prazo_analise","id") WHERE "onboarding_pf"."status" in ('EM_ANALISE');--> statement-breakpoint
CREATE INDEX "onboarding_pf_analista_idx" ON "onboarding_pf" USING btree ("analista_id") WHERE "onboarding_pf"."analista_id" is not null;--> statement-breakpoint
CREATE INDEX "onboarding_pf_dispositivo_idx" ON "onboarding_pf" USING btree ("dispositivo_id") WHERE "onboarding_pf"."dispositivo_id" is not null;--> statement-breakpoint
CREATE INDEX "onboarding_pf_telefone_idx" ON "onboarding_pf" USING btree ("telefone") WHERE "onboarding_pf"."telefone" is not null;--> statement-breakpoint
CREATE INDEX "onboarding_pj_prazo_idx" ON "onboarding_pj" USING btree ("prazo_analise","id") WHERE "onboarding_pj"."status" in ('ENVIADO_PARA_ANALISE', 'EM_ANALISE');--> statement-breakpoint
CREATE INDEX "onboarding_pj_analista_idx" ON "onboarding_pj" USING btree ("analista_id") WHERE "onboarding_pj"."analista_id" is not null;--> statement-breakpoint
CREATE INDEX "onboarding_pj_dispositivo_idx" ON "onboarding_pj" USING btree ("dispositivo_id") WHERE "onboarding_pj"."dispositivo_id" is not null;--> statement-breakpoint
CREATE INDEX "onboarding_pj_telefone_idx" ON "onboarding_pj" USING btree ("telefone") WHERE "onboarding_pj"."telefone" is not null;--> statement-breakpoint
CREATE INDEX "onboarding_pj_responsavel_cpf_idx" ON "onboarding_pj" USING btree ("responsavel_cpf") WHERE "onboarding_pj"."responsavel_cpf" is not null;
--> statement-breakpoint
-- The due time of the applications already awaiting analysis: the end (São Paulo, UTC-3 since
-- 2019) of the second weekday after the day the submission counts as received. Holidays are not
-- known here; applications submitted from now on get the exact time (business-days.ts).
UPDATE "onboarding_pf" SET "prazo_analise" = (
  SELECT ((d.day + 1)::timestamp + interval '3 hours' - interval '1 millisecond') AT TIME ZONE 'UTC'
  FROM (SELECT day::date FROM generate_series(
    ((coalesce("onboarding_pf"."submitted_at", "onboarding_pf"."created_at") AT TIME ZONE 'UTC') - interval '3 hours')::date + 1,
    ((coalesce("onboarding_pf"."submitted_at", "onboarding_pf"."created_at") AT TIME ZONE 'UTC') - interval '3 hours')::date + 6,
    interval '1 day') AS day WHERE extract(isodow FROM day) < 6) AS d
  ORDER BY d.day OFFSET CASE WHEN extract(isodow FROM (coalesce("onboarding_pf"."submitted_at", "onboarding_pf"."created_at") AT TIME ZONE 'UTC') - interval '3 hours') < 6 THEN 1 ELSE 2 END LIMIT 1
) WHERE "status" = 'EM_ANALISE';--> statement-breakpoint
UPDATE "onboarding_pj" SET "prazo_analise" = (
  SELECT ((d.day + 1)::timestamp + interval '3 hours' - interval '1 millisecond') AT TIME ZONE 'UTC'
  FROM (SELECT day::date FROM generate_series(
    ((coalesce("onboarding_pj"."submitted_at", "onboarding_pj"."created_at") AT TIME ZONE 'UTC') - interval '3 hours')::date + 1,
    ((coalesce("onboarding_pj"."submitted_at", "onboarding_pj"."created_at") AT TIME ZONE 'UTC') - interval '3 hours')::date + 6,
    interval '1 day') AS day WHERE extract(isodow FROM day) < 6) AS d
  ORDER BY d.day OFFSET CASE WHEN extract(isodow FROM (coalesce("onboarding_pj"."submitted_at", "onboarding_pj"."created_at") AT TIME ZONE 'UTC') - interval '3 hours') < 6 THEN 1 ELSE 2 END LIMIT 1
) WHERE "status" in ('ENVIADO_PARA_ANALISE', 'EM_ANALISE');
