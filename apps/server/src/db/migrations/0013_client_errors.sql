CREATE TABLE "client_errors" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"message" text NOT NULL,
	"stack" text DEFAULT '' NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "client_errors_time_idx" ON "client_errors" USING btree ("created_at");
