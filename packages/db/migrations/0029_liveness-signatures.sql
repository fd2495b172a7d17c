CREATE TABLE "liveness_signatures" (
	"challenge_id" uuid PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"signatures" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "liveness_signatures" ADD CONSTRAINT "liveness_signatures_challenge_id_verification_results_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."verification_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liveness_signatures" ADD CONSTRAINT "liveness_signatures_session_id_applicant_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."applicant_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "liveness_signatures_session_idx" ON "liveness_signatures" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "liveness_signatures_created_idx" ON "liveness_signatures" USING btree ("created_at");