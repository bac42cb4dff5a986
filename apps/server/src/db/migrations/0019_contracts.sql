-- Contracts and the price library (issue 22). Row-level security is derived at start-up (db/rls.ts):
-- contracts and contract_lines are two-party (supplier_tenant_id), material_prices is the buyer's alone.
CREATE TABLE "contract_lines" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint,
	"id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"material_id" bigint NOT NULL,
	"prdt_no" text NOT NULL,
	"prdt_name" text NOT NULL,
	"prdt_spc" text DEFAULT '' NOT NULL,
	"unit_no" text DEFAULT '' NOT NULL,
	"unit_name" text DEFAULT '' NOT NULL,
	"price" numeric,
	"tax_rate" numeric DEFAULT '0' NOT NULL,
	"price_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"qty_cap" numeric,
	"ordered_qty" numeric DEFAULT '0' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);--> statement-breakpoint
CREATE TABLE "contracts" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint,
	"id" bigint NOT NULL,
	"contract_no" text NOT NULL,
	"kind" text DEFAULT 'framework' NOT NULL,
	"supplier_id" bigint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"tax_included" boolean DEFAULT true NOT NULL,
	"payment_terms" text DEFAULT '' NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"amount_cap" numeric,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"return_reason" text DEFAULT '' NOT NULL,
	"terminate_reason" text DEFAULT '' NOT NULL,
	"decimal_places" jsonb DEFAULT '{"quantity":2,"price":4,"amount":2}'::jsonb NOT NULL,
	"owner_id" bigint,
	"dept_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"countersigned_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "contracts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);--> statement-breakpoint
CREATE TABLE "material_prices" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"material_id" bigint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"price" numeric NOT NULL,
	"currency" text NOT NULL,
	"tax_rate" numeric DEFAULT '0' NOT NULL,
	"tax_included" boolean DEFAULT true NOT NULL,
	"price_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"source" text NOT NULL,
	"source_id" bigint NOT NULL,
	"source_no" text NOT NULL,
	"source_line_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "material_prices_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD COLUMN "contract_line_id" bigint;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD COLUMN "contract_qty" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_lines_no_uq" ON "contract_lines" USING btree ("tenant_id","contract_id","line_no");--> statement-breakpoint
CREATE INDEX "contract_lines_material_idx" ON "contract_lines" USING btree ("tenant_id","material_id");--> statement-breakpoint
CREATE INDEX "contract_lines_supplier_tenant_idx" ON "contract_lines" USING btree ("supplier_tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_no_uq" ON "contracts" USING btree ("tenant_id","contract_no");--> statement-breakpoint
CREATE INDEX "contracts_created_idx" ON "contracts" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_supplier_tenant_idx" ON "contracts" USING btree ("supplier_tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_status_valid_to_idx" ON "contracts" USING btree ("tenant_id","status","valid_to");--> statement-breakpoint
CREATE UNIQUE INDEX "material_prices_source_uq" ON "material_prices" USING btree ("tenant_id","source","source_line_id");--> statement-breakpoint
CREATE INDEX "material_prices_lookup_idx" ON "material_prices" USING btree ("tenant_id","material_id","supplier_id","valid_from");
