CREATE TABLE "delivery_note_lines" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"note_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"order_line_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"order_line_no" integer NOT NULL,
	"plan_line_id" bigint,
	"material_id" bigint,
	"prdt_no" text NOT NULL,
	"prdt_name" text NOT NULL,
	"prdt_spc" text DEFAULT '' NOT NULL,
	"sup_prdt_no" text DEFAULT '' NOT NULL,
	"unit_name" text DEFAULT '' NOT NULL,
	"qty" numeric NOT NULL,
	"batch_no" text DEFAULT '' NOT NULL,
	"is_check" boolean DEFAULT false NOT NULL,
	"due_date" date NOT NULL,
	"warehouse_id" bigint,
	"received_qty" numeric DEFAULT '0' NOT NULL,
	"qualified_qty" numeric DEFAULT '0' NOT NULL,
	"unqualified_qty" numeric DEFAULT '0' NOT NULL,
	"warehoused_qty" numeric DEFAULT '0' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "delivery_note_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "delivery_notes" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"note_no" text NOT NULL,
	"supplier_id" bigint NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"ship_date" date NOT NULL,
	"expected_date" date NOT NULL,
	"carrier" text DEFAULT '' NOT NULL,
	"tracking_no" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"package_count" integer DEFAULT 0 NOT NULL,
	"total_qty" numeric DEFAULT '0' NOT NULL,
	"created_by" bigint,
	"created_by_name" text DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"dept_id" bigint,
	"sent_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"arrived_by" bigint,
	"accepted_at" timestamp with time zone,
	"warehoused_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "delivery_notes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "delivery_packages" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"note_id" bigint NOT NULL,
	"line_id" bigint NOT NULL,
	"package_no" text NOT NULL,
	"kind" integer DEFAULT 1 NOT NULL,
	"parent_id" bigint,
	"seq" integer NOT NULL,
	"qty" numeric NOT NULL,
	"batch_no" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone,
	"received_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_packages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "receipt_inspections" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"note_id" bigint NOT NULL,
	"note_line_id" bigint NOT NULL,
	"order_line_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"inspected_qty" numeric NOT NULL,
	"qualified_qty" numeric NOT NULL,
	"unqualified_qty" numeric NOT NULL,
	"reason_code" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"inspector_id" bigint,
	"inspector_name" text DEFAULT '' NOT NULL,
	"inspected_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_inspections_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "receipt_lines" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"receipt_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"note_id" bigint NOT NULL,
	"note_line_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"order_line_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"supplier_id" bigint NOT NULL,
	"material_id" bigint,
	"prdt_no" text NOT NULL,
	"prdt_name" text NOT NULL,
	"prdt_spc" text DEFAULT '' NOT NULL,
	"unit_name" text DEFAULT '' NOT NULL,
	"qty" numeric NOT NULL,
	"price" numeric DEFAULT '0' NOT NULL,
	"tax_rate" numeric DEFAULT '0' NOT NULL,
	"amount" numeric DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"due_date" date NOT NULL,
	"arrival_date" date NOT NULL,
	"receipt_date" date NOT NULL,
	"reconciliation_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"receipt_no" text NOT NULL,
	"note_id" bigint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"warehouse_id" bigint,
	"receipt_date" date NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"total_qty" numeric DEFAULT '0' NOT NULL,
	"total_amount" numeric DEFAULT '0' NOT NULL,
	"owner_id" bigint,
	"dept_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "receipts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "reconciliation_lines" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"reconciliation_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"receipt_line_id" bigint NOT NULL,
	"receipt_no" text NOT NULL,
	"receipt_date" date NOT NULL,
	"order_no" text NOT NULL,
	"prdt_no" text NOT NULL,
	"prdt_name" text NOT NULL,
	"unit_name" text DEFAULT '' NOT NULL,
	"qty" numeric NOT NULL,
	"price" numeric NOT NULL,
	"tax_rate" numeric DEFAULT '0' NOT NULL,
	"amount" numeric NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"dispute_reason" text DEFAULT '' NOT NULL,
	"dispute_qty" numeric,
	"dispute_price" numeric,
	"difference_amount" numeric DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "reconciliation_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "reconciliations" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"statement_no" text NOT NULL,
	"supplier_id" bigint NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"drafted_by" text NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"total_qty" numeric DEFAULT '0' NOT NULL,
	"total_amount" numeric DEFAULT '0' NOT NULL,
	"difference_amount" numeric DEFAULT '0' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"buyer_confirmed_at" timestamp with time zone,
	"buyer_confirmed_by" text DEFAULT '' NOT NULL,
	"supplier_confirmed_at" timestamp with time zone,
	"supplier_confirmed_by" text DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"dept_id" bigint,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "reconciliations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_note_lines_no_uq" ON "delivery_note_lines" USING btree ("tenant_id","note_id","line_no");--> statement-breakpoint
CREATE INDEX "delivery_note_lines_order_line_idx" ON "delivery_note_lines" USING btree ("tenant_id","order_line_id");--> statement-breakpoint
CREATE INDEX "delivery_note_lines_supplier_tenant_idx" ON "delivery_note_lines" USING btree ("supplier_tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_notes_no_uq" ON "delivery_notes" USING btree ("tenant_id","note_no");--> statement-breakpoint
CREATE INDEX "delivery_notes_status_idx" ON "delivery_notes" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "delivery_notes_supplier_idx" ON "delivery_notes" USING btree ("tenant_id","supplier_id");--> statement-breakpoint
CREATE INDEX "delivery_notes_supplier_tenant_idx" ON "delivery_notes" USING btree ("supplier_tenant_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_packages_no_uq" ON "delivery_packages" USING btree ("tenant_id","package_no");--> statement-breakpoint
CREATE INDEX "delivery_packages_note_idx" ON "delivery_packages" USING btree ("tenant_id","note_id","line_id");--> statement-breakpoint
CREATE INDEX "delivery_packages_supplier_tenant_idx" ON "delivery_packages" USING btree ("supplier_tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_inspections_seq_uq" ON "receipt_inspections" USING btree ("tenant_id","note_line_id","seq");--> statement-breakpoint
CREATE INDEX "receipt_inspections_note_idx" ON "receipt_inspections" USING btree ("tenant_id","note_id");--> statement-breakpoint
CREATE INDEX "receipt_inspections_date_idx" ON "receipt_inspections" USING btree ("tenant_id","inspected_at");--> statement-breakpoint
CREATE INDEX "receipt_inspections_supplier_tenant_idx" ON "receipt_inspections" USING btree ("supplier_tenant_id","inspected_at");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_lines_no_uq" ON "receipt_lines" USING btree ("tenant_id","receipt_id","line_no");--> statement-breakpoint
CREATE INDEX "receipt_lines_supplier_date_idx" ON "receipt_lines" USING btree ("tenant_id","supplier_id","receipt_date");--> statement-breakpoint
CREATE INDEX "receipt_lines_due_idx" ON "receipt_lines" USING btree ("tenant_id","due_date");--> statement-breakpoint
CREATE INDEX "receipt_lines_order_line_idx" ON "receipt_lines" USING btree ("tenant_id","order_line_id");--> statement-breakpoint
CREATE INDEX "receipt_lines_reconciliation_idx" ON "receipt_lines" USING btree ("tenant_id","reconciliation_id");--> statement-breakpoint
CREATE INDEX "receipt_lines_supplier_tenant_idx" ON "receipt_lines" USING btree ("supplier_tenant_id","receipt_date");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_no_uq" ON "receipts" USING btree ("tenant_id","receipt_no");--> statement-breakpoint
CREATE INDEX "receipts_note_idx" ON "receipts" USING btree ("tenant_id","note_id");--> statement-breakpoint
CREATE INDEX "receipts_supplier_date_idx" ON "receipts" USING btree ("tenant_id","supplier_id","receipt_date");--> statement-breakpoint
CREATE INDEX "receipts_supplier_tenant_idx" ON "receipts" USING btree ("supplier_tenant_id","receipt_date");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_lines_no_uq" ON "reconciliation_lines" USING btree ("tenant_id","reconciliation_id","line_no");--> statement-breakpoint
CREATE INDEX "reconciliation_lines_receipt_line_idx" ON "reconciliation_lines" USING btree ("tenant_id","receipt_line_id");--> statement-breakpoint
CREATE INDEX "reconciliation_lines_supplier_tenant_idx" ON "reconciliation_lines" USING btree ("supplier_tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliations_no_uq" ON "reconciliations" USING btree ("tenant_id","statement_no");--> statement-breakpoint
CREATE INDEX "reconciliations_supplier_idx" ON "reconciliations" USING btree ("tenant_id","supplier_id","period_from");--> statement-breakpoint
CREATE INDEX "reconciliations_supplier_tenant_idx" ON "reconciliations" USING btree ("supplier_tenant_id","status");