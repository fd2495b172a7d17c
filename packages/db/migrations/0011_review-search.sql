-- Search and sort indexes of the back-office lists (apps/api/src/modules/admin-review/review-list.*).
-- A custom migration: drizzle-kit cannot express expression and operator-class indexes, so these
-- indexes are not declared in schema.ts and drizzle-kit never generates them again.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).
--
-- medipay_search_text(x): lower(unaccent(x)), empty for null. unaccent() is only STABLE (it reads
-- its dictionary through search_path), so it cannot appear in an index; this wrapper names the
-- dictionary explicitly, schema-qualified, and is declared IMMUTABLE, the usual way to index
-- accent-insensitive text. The schema of the unaccent extension is looked up here and written
-- into the body, so the function works under any search_path. PL/pgSQL rather than SQL: a SQL
-- function that calls a STABLE function is never inlined, and a non-inlined SQL function costs
-- about twice as much per call as this PL/pgSQL one (the cost counts in the recheck of every row
-- a trigram search reads).
DO $migration$
DECLARE
  unaccent_schema text;
BEGIN
  SELECT n.nspname INTO STRICT unaccent_schema
  FROM pg_catalog.pg_extension e
  JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace
  WHERE e.extname = 'unaccent';
  EXECUTE format(
    $function$
    CREATE OR REPLACE FUNCTION medipay_search_text(value text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    AS $body$
    BEGIN
      RETURN pg_catalog.lower(%1$I.unaccent(%2$L::pg_catalog.regdictionary, coalesce(value, '')));
    END
    $body$
    $function$,
    unaccent_schema,
    unaccent_schema || '.unaccent'
  );
END
$migration$;
--> statement-breakpoint
-- PF: substring search (trigrams) on the name, e-mail, CPF and protocolo.
CREATE INDEX "onboarding_pf_nome_trgm_idx" ON "onboarding_pf" USING gin (medipay_search_text("nome_completo") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "onboarding_pf_email_trgm_idx" ON "onboarding_pf" USING gin (medipay_search_text("email") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "onboarding_pf_cpf_trgm_idx" ON "onboarding_pf" USING gin ("cpf" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "onboarding_pf_protocolo_trgm_idx" ON "onboarding_pf" USING gin ("protocolo" gin_trgm_ops);
--> statement-breakpoint
-- PF: prefix search (terms of 1-2 characters) on the exact fields.
CREATE INDEX "onboarding_pf_cpf_prefix_idx" ON "onboarding_pf" USING btree ("cpf" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "onboarding_pf_protocolo_prefix_idx" ON "onboarding_pf" USING btree ("protocolo" text_pattern_ops);
--> statement-breakpoint
-- PF: sort and status filter. The list shows every record but an abandoned session
-- (isVisibleInPfList in packages/shared/src/status.ts), so its sort and status indexes are
-- partial, on the rows it shows; their predicate is written exactly as the list's query writes
-- it, so that the planner proves it, and the counts are index-only scans.
CREATE INDEX "onboarding_pf_created_idx" ON "onboarding_pf" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "onboarding_pf_visible_created_idx" ON "onboarding_pf" USING btree ("created_at" DESC, "id" DESC) WHERE ("status" <> 'INICIADO' OR "current_step" > 1 OR btrim(coalesce("nome_completo", '')) <> '');
--> statement-breakpoint
CREATE INDEX "onboarding_pf_visible_status_created_idx" ON "onboarding_pf" USING btree ("status", "created_at" DESC, "id" DESC) WHERE ("status" <> 'INICIADO' OR "current_step" > 1 OR btrim(coalesce("nome_completo", '')) <> '');
--> statement-breakpoint
-- PJ: substring search (trigrams) on the legal and trade names, e-mail, CNPJ and protocolo.
CREATE INDEX "onboarding_pj_razao_social_trgm_idx" ON "onboarding_pj" USING gin (medipay_search_text("razao_social") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "onboarding_pj_nome_fantasia_trgm_idx" ON "onboarding_pj" USING gin (medipay_search_text("nome_fantasia") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "onboarding_pj_email_trgm_idx" ON "onboarding_pj" USING gin (medipay_search_text("email") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "onboarding_pj_cnpj_trgm_idx" ON "onboarding_pj" USING gin ("cnpj" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "onboarding_pj_protocolo_trgm_idx" ON "onboarding_pj" USING gin ("protocolo" gin_trgm_ops);
--> statement-breakpoint
-- PJ: prefix search on the exact fields.
CREATE INDEX "onboarding_pj_cnpj_prefix_idx" ON "onboarding_pj" USING btree ("cnpj" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "onboarding_pj_protocolo_prefix_idx" ON "onboarding_pj" USING btree ("protocolo" text_pattern_ops);
--> statement-breakpoint
-- PJ: sort, status and type filters (the PJ list shows every record).
CREATE INDEX "onboarding_pj_created_idx" ON "onboarding_pj" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "onboarding_pj_status_created_idx" ON "onboarding_pj" USING btree ("status", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "onboarding_pj_tipo_created_idx" ON "onboarding_pj" USING btree ("tipo_empresa", "created_at" DESC, "id" DESC);
