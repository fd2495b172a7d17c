CREATE TABLE "medipay_sandbox_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"document" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"documents_received" integer DEFAULT 0 NOT NULL,
	"onboarding_url" text,
	"verification_email" text,
	"verification_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "medipay_sandbox_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "medipay_sandbox_accounts_document_idx" ON "medipay_sandbox_accounts" USING btree ("document");--> statement-breakpoint
CREATE UNIQUE INDEX "medipay_sandbox_requests_key_idx" ON "medipay_sandbox_requests" USING btree ("idempotency_key","method","path");