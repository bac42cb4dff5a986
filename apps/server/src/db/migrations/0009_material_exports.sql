CREATE TABLE "material_exports" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"target" text NOT NULL,
	"filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"file_key" text,
	"file_name" text,
	"error_code" text,
	"error_params" jsonb,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "material_exports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "material_exports_created_idx" ON "material_exports" USING btree ("tenant_id","created_at");