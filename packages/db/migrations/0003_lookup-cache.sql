CREATE TABLE "lookup_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "lookup_cache_expires_at_idx" ON "lookup_cache" USING btree ("expires_at");