-- Issue 17: what the server writes for people (notifications, log and history entries) is stored as a
-- catalogue key and its parameters and rendered in each reader's language when read. A sentence written
-- before keys existed is kept as it was, under `common.verbatim`, rather than guessed back into a key.
ALTER TABLE "messages" ALTER COLUMN "title" TYPE jsonb USING jsonb_build_object('key', 'common.verbatim', 'params', jsonb_build_object('text', "title"));--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "content" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "content" TYPE jsonb USING CASE WHEN "content" = '' THEN NULL ELSE jsonb_build_object('key', 'common.verbatim', 'params', jsonb_build_object('text', "content")) END;--> statement-breakpoint
ALTER TABLE "operation_logs" ALTER COLUMN "summary" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "operation_logs" ALTER COLUMN "summary" TYPE jsonb USING jsonb_build_object('key', 'common.verbatim', 'params', jsonb_build_object('text', "summary"));
