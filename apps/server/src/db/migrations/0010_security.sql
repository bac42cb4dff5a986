CREATE TABLE "auth_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delayed_until" timestamp with time zone,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "files" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"owner_tenant_id" bigint,
	"partner_tenant_id" bigint,
	"uploader_id" bigint,
	"document_type" text,
	"document_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "idempotency_keys_uq";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "scope_tenant_id" bigint DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_logins" ADD COLUMN "requester_ip" text;--> statement-breakpoint
ALTER TABLE "qr_logins" ADD COLUMN "requester_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "family_id" bigint;--> statement-breakpoint
UPDATE "sessions" SET "family_id" = "id";--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "family_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "parent_id" bigint;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "first_used_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "auth_throttles_last_idx" ON "auth_throttles" USING btree ("last_failure_at");--> statement-breakpoint
CREATE INDEX "files_document_idx" ON "files" USING btree ("document_type","document_id");--> statement-breakpoint
CREATE INDEX "files_uploader_idx" ON "files" USING btree ("uploader_id","created_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_family_idx" ON "sessions" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_uq" ON "idempotency_keys" USING btree ("scope_tenant_id","user_id","key","route");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";