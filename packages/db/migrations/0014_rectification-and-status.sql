CREATE TABLE "client_interactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"onboarding_type" text NOT NULL,
	"onboarding_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"action_type" text NOT NULL,
	"description" text NOT NULL,
	"document_type" text,
	"old_document_url" text,
	"new_document_url" text,
	"justification" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_access_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"onboarding_type" text NOT NULL,
	"onboarding_id" uuid NOT NULL,
	"destination" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_reason" text
);
--> statement-breakpoint
CREATE INDEX "client_interactions_onboarding_idx" ON "client_interactions" USING btree ("onboarding_type","onboarding_id","created_at");--> statement-breakpoint
CREATE INDEX "status_access_codes_onboarding_idx" ON "status_access_codes" USING btree ("onboarding_type","onboarding_id","created_at");