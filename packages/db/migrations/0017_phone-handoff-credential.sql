ALTER TABLE "session_handoffs" ADD COLUMN "credential_hash" text;--> statement-breakpoint
ALTER TABLE "session_handoffs" ADD COLUMN "credential_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session_handoffs" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session_handoffs" ADD CONSTRAINT "session_handoffs_credential_hash_unique" UNIQUE("credential_hash");