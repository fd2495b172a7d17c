CREATE TABLE "admin_login_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_key" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_login_attempts_account_idx" ON "admin_login_attempts" USING btree ("account_key","created_at");--> statement-breakpoint
CREATE INDEX "admin_login_attempts_ip_idx" ON "admin_login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
-- The failures of the current window, until now counted from the audit trail, keep counting.
INSERT INTO "admin_login_attempts" ("account_key", "ip", "created_at")
SELECT CASE WHEN "admin_user_id" IS NULL THEN 'credential:' || "admin_email" ELSE 'user:' || "admin_user_id" END,
	coalesce("ip", ''), "created_at"
FROM "admin_actions"
WHERE "action" = 'LOGIN_FALHA' AND "created_at" > now() - interval '15 minutes';
