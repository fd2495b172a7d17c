CREATE TABLE "screening_entries" (
	"version_id" uuid NOT NULL,
	"entry_id" text NOT NULL,
	"content_hash" text NOT NULL,
	"name" text NOT NULL,
	"entry" jsonb NOT NULL,
	CONSTRAINT "screening_entries_version_id_entry_id_pk" PRIMARY KEY("version_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "screening_hits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow" text NOT NULL,
	"record_id" uuid NOT NULL,
	"list" text NOT NULL,
	"entry_id" text NOT NULL,
	"content_hash" text NOT NULL,
	"version_id" uuid NOT NULL,
	"subject_role" text NOT NULL,
	"subject_name" text NOT NULL,
	"entry_name" text NOT NULL,
	"entry_summary" jsonb NOT NULL,
	"score" double precision NOT NULL,
	"reasons" jsonb NOT NULL,
	"status" text DEFAULT 'aberto' NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_by_email" text,
	"decision_reason" text,
	CONSTRAINT "screening_hits_status" CHECK ("screening_hits"."status" in ('aberto', 'confirmado', 'descartado', 'retirado'))
);
--> statement-breakpoint
CREATE TABLE "screening_list_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list" text NOT NULL,
	"version" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"row_count" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_by" text NOT NULL,
	"in_force" boolean DEFAULT false NOT NULL,
	"rescreened_at" timestamp with time zone,
	"rescreen_stats" jsonb,
	CONSTRAINT "screening_list_versions_list" CHECK ("screening_list_versions"."list" in ('pep', 'ceis', 'cnep', 'unsc'))
);
--> statement-breakpoint
CREATE TABLE "screening_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow" text NOT NULL,
	"record_id" uuid NOT NULL,
	"list" text NOT NULL,
	"version_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"subjects" integer NOT NULL,
	"hits" integer NOT NULL,
	"screened_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "screening_entries" ADD CONSTRAINT "screening_entries_version_id_screening_list_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."screening_list_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "screening_hits_entry_idx" ON "screening_hits" USING btree ("flow","record_id","list","entry_id","content_hash");--> statement-breakpoint
CREATE INDEX "screening_hits_open_idx" ON "screening_hits" USING btree ("flow","record_id") WHERE "screening_hits"."status" = 'aberto';--> statement-breakpoint
CREATE UNIQUE INDEX "screening_list_versions_list_version_idx" ON "screening_list_versions" USING btree ("list","version");--> statement-breakpoint
CREATE UNIQUE INDEX "screening_list_versions_in_force_idx" ON "screening_list_versions" USING btree ("list") WHERE "screening_list_versions"."in_force";--> statement-breakpoint
CREATE INDEX "screening_runs_record_idx" ON "screening_runs" USING btree ("flow","record_id","screened_at");--> statement-breakpoint
CREATE INDEX "screening_runs_version_idx" ON "screening_runs" USING btree ("version_id");