CREATE TABLE "decimal_places" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"quantity_places" integer DEFAULT 2 NOT NULL,
	"price_places" integer DEFAULT 4 NOT NULL,
	"amount_places" integer DEFAULT 2 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictionary_items" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"dict_type" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"value" numeric(12, 4),
	"sort_order" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "dictionary_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "evaluation_items" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"review_criteria" text DEFAULT '' NOT NULL,
	"max_score" numeric(8, 2) NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "evaluation_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"currency_name" text NOT NULL,
	"base_currency" text NOT NULL,
	"rate" numeric(18, 8) NOT NULL,
	"decimal_places" integer DEFAULT 4 NOT NULL,
	"updater_id" bigint,
	"updater_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "exchange_rates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "interest_rates" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"monthly_rate" numeric(12, 6) NOT NULL,
	"registrant_id" bigint,
	"registrant_name" text DEFAULT '' NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"valid" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "interest_rates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "material_attributes" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"value_type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "material_attributes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "material_classes" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"parent_id" bigint,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"erp_class_code" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "material_classes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "material_features" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"name" text NOT NULL,
	"feature_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "material_features_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"segment_code" text NOT NULL,
	"segment_name" text NOT NULL,
	"feature_name" text NOT NULL,
	"feature_value" text NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "warehouses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "material_customers" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"cust_prdt_code" text NOT NULL,
	"cust_prdt_name" text NOT NULL,
	"cust_prdt_spc" text DEFAULT '' NOT NULL,
	"prdt_no" text DEFAULT '' NOT NULL,
	"prdt_name" text DEFAULT '' NOT NULL,
	"length_cm" numeric(10, 2),
	"width_cm" numeric(10, 2),
	"height_cm" numeric(10, 2),
	"tax_code" text DEFAULT '' NOT NULL,
	"tax_name" text DEFAULT '' NOT NULL,
	"material_qty" numeric(18, 4),
	"small_qty" numeric(18, 4),
	"outer_qty" numeric(18, 4),
	"min_qty" numeric(18, 4),
	"overdelivery_rate" numeric(7, 2) DEFAULT 0 NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "material_customers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "material_drawings" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"material_id" bigint NOT NULL,
	"drawing_no" text NOT NULL,
	"drawing_name" text NOT NULL,
	"drawing_version" integer NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"is_it_valid" boolean DEFAULT true NOT NULL,
	"publish_time" timestamp with time zone DEFAULT now() NOT NULL,
	"publish_user_id" bigint,
	"publish_user" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "material_drawings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "material_imports" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"target" text NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"imported_rows" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure_code" text,
	"failure_params" jsonb,
	"created_by" bigint,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "material_imports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "material_search_terms" (
	"tenant_id" bigint NOT NULL,
	"material_id" bigint NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "material_search_terms_tenant_id_material_id_term_pk" PRIMARY KEY("tenant_id","material_id","term")
);
--> statement-breakpoint
CREATE TABLE "material_suppliers" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"material_id" bigint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"sup_prdt_no" text DEFAULT '' NOT NULL,
	"sup_prdt_name" text DEFAULT '' NOT NULL,
	"sup_prdt_spc" text DEFAULT '' NOT NULL,
	"po_lead_date_num" integer DEFAULT 0 NOT NULL,
	"po_quota_rate" numeric(7, 2) DEFAULT 0 NOT NULL,
	"ass_wh" bigint,
	"safe_store_qty" numeric(18, 4) DEFAULT 0 NOT NULL,
	"top_store_qty" numeric(18, 4) DEFAULT 0 NOT NULL,
	"delivery_type" text DEFAULT '' NOT NULL,
	"schedule_over_rate" numeric(7, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "material_suppliers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"prdt_no" text NOT NULL,
	"prdt_name" text NOT NULL,
	"prdt_spc" text DEFAULT '' NOT NULL,
	"english_name" text DEFAULT '' NOT NULL,
	"class_id" bigint,
	"erp_class_code" text DEFAULT '' NOT NULL,
	"po_unit_no" text NOT NULL,
	"po_unit_name" text NOT NULL,
	"valuation_unit_no" text NOT NULL,
	"valuation_unit_name" text NOT NULL,
	"po_lead_date_num" integer DEFAULT 0 NOT NULL,
	"is_check" boolean DEFAULT false NOT NULL,
	"warehouse_id" bigint,
	"tax_rate_code" text DEFAULT '' NOT NULL,
	"tax_rate" numeric(7, 2),
	"min_order_qty" numeric(18, 4) DEFAULT 0 NOT NULL,
	"min_pack_qty" numeric(18, 4) DEFAULT 0 NOT NULL,
	"order_over_rate" numeric(7, 2) DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "materials_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "purchase_order_changes" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint,
	"id" bigint NOT NULL,
	"change_no" text NOT NULL,
	"order_id" bigint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"revision" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"diff" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"owner_id" bigint,
	"dept_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "purchase_order_changes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint,
	"id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"material_id" bigint,
	"prdt_no" text NOT NULL,
	"prdt_name" text NOT NULL,
	"prdt_spc" text DEFAULT '' NOT NULL,
	"sup_prdt_no" text DEFAULT '' NOT NULL,
	"unit_no" text DEFAULT '' NOT NULL,
	"unit_name" text DEFAULT '' NOT NULL,
	"qty" numeric NOT NULL,
	"price" numeric DEFAULT '0' NOT NULL,
	"tax_rate" numeric DEFAULT '0' NOT NULL,
	"amount" numeric DEFAULT '0' NOT NULL,
	"requested_date" date NOT NULL,
	"warehouse_id" bigint,
	"remark" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"confirmed_qty" numeric,
	"confirmed_date" date,
	"proposed_qty" numeric,
	"proposed_date" date,
	"supplier_remark" text DEFAULT '' NOT NULL,
	"delivered_qty" numeric DEFAULT '0' NOT NULL,
	"received_qty" numeric DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "purchase_order_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint,
	"id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"supplier_id" bigint NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"tax_included" boolean DEFAULT true NOT NULL,
	"payment_terms" text DEFAULT '' NOT NULL,
	"order_date" date NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_amount" numeric DEFAULT '0' NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"decimal_places" jsonb DEFAULT '{"quantity":2,"price":4,"amount":2}'::jsonb NOT NULL,
	"owner_id" bigint,
	"dept_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "purchase_orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "inventory_reports" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"supplier_id" bigint,
	"material_id" bigint NOT NULL,
	"prdt_no" text NOT NULL,
	"prdt_name" text NOT NULL,
	"prdt_spc" text DEFAULT '' NOT NULL,
	"unit_name" text DEFAULT '' NOT NULL,
	"qty" numeric NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"reported_by" bigint,
	"reported_by_name" text DEFAULT '' NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_reports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "receiving_plan_lines" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint,
	"id" bigint NOT NULL,
	"plan_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"order_line_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"planned_qty" numeric NOT NULL,
	"planned_date" date NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"proposed_date" date,
	"supplier_remark" text DEFAULT '' NOT NULL,
	"delivered_qty" numeric DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "receiving_plan_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "receiving_plans" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint,
	"id" bigint NOT NULL,
	"plan_no" text NOT NULL,
	"order_id" bigint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"total_qty" numeric DEFAULT '0' NOT NULL,
	"first_date" date,
	"last_date" date,
	"owner_id" bigint,
	"dept_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "receiving_plans_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "urgent_deliveries" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint,
	"id" bigint NOT NULL,
	"notice_no" text NOT NULL,
	"supplier_id" bigint NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"required_date" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"supplier_remark" text DEFAULT '' NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"owner_id" bigint,
	"dept_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "urgent_deliveries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "urgent_delivery_lines" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint,
	"id" bigint NOT NULL,
	"notice_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"order_line_id" bigint NOT NULL,
	"qty" numeric NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"available_qty" numeric,
	"available_date" date,
	"supplier_remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "urgent_delivery_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dictionary_items_code_uq" ON "dictionary_items" USING btree ("tenant_id","dict_type","code");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_items_code_uq" ON "evaluation_items" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_pair_uq" ON "exchange_rates" USING btree ("tenant_id","currency_code","base_currency");--> statement-breakpoint
CREATE INDEX "interest_rates_period_idx" ON "interest_rates" USING btree ("tenant_id","start_date","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "material_attributes_code_uq" ON "material_attributes" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "material_classes_code_uq" ON "material_classes" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "material_classes_parent_idx" ON "material_classes" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "material_features_name_uq" ON "material_features" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_code_uq" ON "warehouses" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "material_customers_code_uq" ON "material_customers" USING btree ("tenant_id","customer_id","cust_prdt_code");--> statement-breakpoint
CREATE UNIQUE INDEX "material_drawings_version_uq" ON "material_drawings" USING btree ("tenant_id","material_id","drawing_no","drawing_version");--> statement-breakpoint
CREATE UNIQUE INDEX "material_drawings_valid_uq" ON "material_drawings" USING btree ("tenant_id","material_id","drawing_no") WHERE is_it_valid;--> statement-breakpoint
CREATE INDEX "material_imports_created_idx" ON "material_imports" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "material_search_terms_term_idx" ON "material_search_terms" USING btree ("tenant_id","term" text_pattern_ops,"material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "material_suppliers_pair_uq" ON "material_suppliers" USING btree ("tenant_id","material_id","supplier_id");--> statement-breakpoint
CREATE INDEX "material_suppliers_supplier_idx" ON "material_suppliers" USING btree ("tenant_id","supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "materials_code_uq" ON "materials" USING btree ("tenant_id","prdt_no");--> statement-breakpoint
CREATE INDEX "materials_class_idx" ON "materials" USING btree ("tenant_id","class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_changes_no_uq" ON "purchase_order_changes" USING btree ("tenant_id","change_no");--> statement-breakpoint
CREATE INDEX "purchase_order_changes_order_idx" ON "purchase_order_changes" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "purchase_order_changes_supplier_tenant_idx" ON "purchase_order_changes" USING btree ("supplier_tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_lines_no_uq" ON "purchase_order_lines" USING btree ("tenant_id","order_id","line_no");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_order_idx" ON "purchase_order_lines" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_supplier_tenant_idx" ON "purchase_order_lines" USING btree ("supplier_tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_no_uq" ON "purchase_orders" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("tenant_id","supplier_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_tenant_idx" ON "purchase_orders" USING btree ("supplier_tenant_id");--> statement-breakpoint
CREATE INDEX "inventory_reports_latest_idx" ON "inventory_reports" USING btree ("tenant_id","supplier_tenant_id","material_id","reported_at");--> statement-breakpoint
CREATE INDEX "inventory_reports_supplier_tenant_idx" ON "inventory_reports" USING btree ("supplier_tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receiving_plan_lines_no_uq" ON "receiving_plan_lines" USING btree ("tenant_id","plan_id","line_no");--> statement-breakpoint
CREATE INDEX "receiving_plan_lines_plan_idx" ON "receiving_plan_lines" USING btree ("tenant_id","plan_id");--> statement-breakpoint
CREATE INDEX "receiving_plan_lines_order_line_idx" ON "receiving_plan_lines" USING btree ("tenant_id","order_line_id");--> statement-breakpoint
CREATE INDEX "receiving_plan_lines_supplier_tenant_idx" ON "receiving_plan_lines" USING btree ("supplier_tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receiving_plans_no_uq" ON "receiving_plans" USING btree ("tenant_id","plan_no");--> statement-breakpoint
CREATE INDEX "receiving_plans_order_idx" ON "receiving_plans" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "receiving_plans_supplier_tenant_idx" ON "receiving_plans" USING btree ("supplier_tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "urgent_deliveries_no_uq" ON "urgent_deliveries" USING btree ("tenant_id","notice_no");--> statement-breakpoint
CREATE INDEX "urgent_deliveries_supplier_idx" ON "urgent_deliveries" USING btree ("tenant_id","supplier_id");--> statement-breakpoint
CREATE INDEX "urgent_deliveries_supplier_tenant_idx" ON "urgent_deliveries" USING btree ("supplier_tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "urgent_delivery_lines_no_uq" ON "urgent_delivery_lines" USING btree ("tenant_id","notice_id","line_no");--> statement-breakpoint
CREATE INDEX "urgent_delivery_lines_supplier_tenant_idx" ON "urgent_delivery_lines" USING btree ("supplier_tenant_id");