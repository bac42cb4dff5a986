-- Inquiries and their quotations (issue 21). quotation_bids has no supplier_tenant_id on purpose: row-level
-- security (derived at start-up, db/rls.ts) keeps it the supplier's alone, so bids stay sealed from the buyer.
CREATE TABLE "inquiries" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"inquiry_no" text NOT NULL,
	"title" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"quote_deadline" timestamp with time zone,
	"sealed" boolean DEFAULT true NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"tax_included" boolean DEFAULT true NOT NULL,
	"payment_terms" text DEFAULT '' NOT NULL,
	"delivery_address" text DEFAULT '' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"supplier_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decimal_places" jsonb DEFAULT '{"quantity":2,"price":4,"amount":2}'::jsonb NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"dept_id" bigint,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"opened_by" bigint,
	"awarded_at" timestamp with time zone,
	"awarded_by" bigint,
	"orders_made_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "inquiries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "inquiry_lines" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"inquiry_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"material_id" bigint NOT NULL,
	"prdt_no" text NOT NULL,
	"prdt_name" text NOT NULL,
	"prdt_spc" text DEFAULT '' NOT NULL,
	"unit_no" text DEFAULT '' NOT NULL,
	"unit_name" text DEFAULT '' NOT NULL,
	"drawing_no" text DEFAULT '' NOT NULL,
	"drawing_version" integer,
	"qty" numeric NOT NULL,
	"required_date" date NOT NULL,
	"target_price" numeric,
	"remark" text DEFAULT '' NOT NULL,
	"awarded_qty" numeric DEFAULT '0' NOT NULL,
	"award_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiry_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "quotation_bids" (
	"tenant_id" bigint NOT NULL,
	"buyer_tenant_id" bigint NOT NULL,
	"line_id" bigint NOT NULL,
	"quotation_id" bigint NOT NULL,
	"submitted" boolean NOT NULL,
	"no_bid" boolean DEFAULT false NOT NULL,
	"no_bid_reason" text DEFAULT '' NOT NULL,
	"unit_price" numeric,
	"tax_rate" numeric DEFAULT '0' NOT NULL,
	"lead_days" integer,
	"moq" numeric,
	"valid_until" date,
	"price_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotation_bids_tenant_id_line_id_submitted_pk" PRIMARY KEY("tenant_id","line_id","submitted")
);
--> statement-breakpoint
CREATE TABLE "quotation_lines" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint,
	"id" bigint NOT NULL,
	"quotation_id" bigint NOT NULL,
	"inquiry_line_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"prdt_no" text NOT NULL,
	"prdt_name" text NOT NULL,
	"prdt_spc" text DEFAULT '' NOT NULL,
	"unit_name" text DEFAULT '' NOT NULL,
	"drawing_no" text DEFAULT '' NOT NULL,
	"drawing_version" integer,
	"qty" numeric NOT NULL,
	"required_date" date NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"no_bid" boolean,
	"no_bid_reason" text DEFAULT '' NOT NULL,
	"unit_price" numeric,
	"tax_rate" numeric,
	"lead_days" integer,
	"moq" numeric,
	"valid_until" date,
	"price_breaks" jsonb,
	"bid_remark" text DEFAULT '' NOT NULL,
	"award_qty" numeric,
	"award_price" numeric,
	"order_line_no" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotation_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint,
	"id" bigint NOT NULL,
	"inquiry_id" bigint NOT NULL,
	"round" integer NOT NULL,
	"supplier_id" bigint NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"inquiry_no" text NOT NULL,
	"title" text NOT NULL,
	"quote_deadline" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"sealed" boolean DEFAULT true NOT NULL,
	"currency" text NOT NULL,
	"tax_included" boolean NOT NULL,
	"payment_terms" text DEFAULT '' NOT NULL,
	"delivery_address" text DEFAULT '' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decimal_places" jsonb NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"decline_reason" text DEFAULT '' NOT NULL,
	"revision_discarded" boolean DEFAULT false NOT NULL,
	"viewed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"revealed_at" timestamp with time zone,
	"order_id" bigint,
	"order_no" text DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"dept_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "quotations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "inquiries_no_uq" ON "inquiries" USING btree ("tenant_id","inquiry_no");
--> statement-breakpoint
CREATE INDEX "inquiries_created_idx" ON "inquiries" USING btree ("tenant_id","created_at","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "inquiry_lines_no_uq" ON "inquiry_lines" USING btree ("tenant_id","inquiry_id","line_no");
--> statement-breakpoint
CREATE INDEX "quotation_bids_quotation_idx" ON "quotation_bids" USING btree ("tenant_id","quotation_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_lines_no_uq" ON "quotation_lines" USING btree ("tenant_id","quotation_id","line_no");
--> statement-breakpoint
CREATE INDEX "quotation_lines_supplier_tenant_idx" ON "quotation_lines" USING btree ("supplier_tenant_id");
--> statement-breakpoint
CREATE INDEX "quotations_inquiry_idx" ON "quotations" USING btree ("tenant_id","inquiry_id","round");
--> statement-breakpoint
CREATE INDEX "quotations_created_idx" ON "quotations" USING btree ("tenant_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "quotations_supplier_tenant_idx" ON "quotations" USING btree ("supplier_tenant_id","created_at","id");
