CREATE TABLE "medipay_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow" text NOT NULL,
	"record_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"user_id" text,
	"existing_account" boolean,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_message" text,
	"error_detail" text,
	"requested_by_id" uuid,
	"requested_by_email" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"onboarding_url" text,
	"documents_sent_at" timestamp with time zone,
	"documents_sent" integer,
	"onboarding_sent_at" timestamp with time zone,
	"email_verification_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "onboarding_pf" ADD COLUMN "medipay_user_id" text;--> statement-breakpoint
ALTER TABLE "onboarding_pj" ADD COLUMN "medipay_user_id" text;--> statement-breakpoint
ALTER TABLE "medipay_accounts" ADD CONSTRAINT "medipay_accounts_requested_by_id_admin_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "medipay_accounts_record_idx" ON "medipay_accounts" USING btree ("flow","record_id");--> statement-breakpoint
CREATE INDEX "medipay_accounts_pending_idx" ON "medipay_accounts" USING btree ("updated_at") WHERE "medipay_accounts"."state" = 'pending';