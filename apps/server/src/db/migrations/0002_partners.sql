CREATE TABLE "notice_recipients" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint,
	"id" bigint NOT NULL,
	"notice_id" bigint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"read_at" timestamp with time zone,
	"reply" text DEFAULT '' NOT NULL,
	"reply_attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "notice_recipients_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"notice_no" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"need_reply" integer DEFAULT 0 NOT NULL,
	"target_class_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"owner_id" bigint,
	"dept_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "notices_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "qualification_documents" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint,
	"id" bigint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"requirement_id" bigint,
	"file_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"file_type" text DEFAULT '' NOT NULL,
	"is_necessary" boolean DEFAULT true NOT NULL,
	"validity_type" text DEFAULT '1' NOT NULL,
	"file_dq_date" date,
	"valid_quantity" integer DEFAULT 1 NOT NULL,
	"template_file" jsonb,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_code" text DEFAULT '' NOT NULL,
	"document_code" text DEFAULT '' NOT NULL,
	"build_date" date,
	"submit_time" timestamp with time zone,
	"status" integer DEFAULT 0 NOT NULL,
	"result" text,
	"result_comment" text DEFAULT '' NOT NULL,
	"notified_status" integer,
	"owner_id" bigint,
	"dept_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "qualification_documents_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "qualification_requirements" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"scope_type" text NOT NULL,
	"scope_id" text NOT NULL,
	"file_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"file_type" text DEFAULT '' NOT NULL,
	"is_necessary" boolean DEFAULT true NOT NULL,
	"validity_type" text DEFAULT '1' NOT NULL,
	"valid_date" date,
	"valid_quantity" integer DEFAULT 1 NOT NULL,
	"template_file" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "qualification_requirements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"customer_tenant_id" bigint NOT NULL,
	"relation_id" bigint NOT NULL,
	"po_code" text DEFAULT '' NOT NULL,
	"po_name" text NOT NULL,
	"po_short" text DEFAULT '' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"owner_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "customers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "partner_invitations" (
	"id" bigint PRIMARY KEY NOT NULL,
	"enterprise_id" bigint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "potential_suppliers" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"mobile_area" text DEFAULT '+86' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"comp_no" text DEFAULT '' NOT NULL,
	"social_credit_code" text DEFAULT '' NOT NULL,
	"product_description" text DEFAULT '' NOT NULL,
	"supplier_class_id" bigint,
	"required_qualifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audit_state" integer DEFAULT 0 NOT NULL,
	"converted_supplier_id" bigint,
	"owner_id" bigint,
	"dept_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "potential_suppliers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "supplier_audits" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"potential_supplier_id" bigint NOT NULL,
	"result" text NOT NULL,
	"score" integer,
	"comment" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"auditor_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_audits_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "supplier_classes" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"buyer_user_id" bigint,
	"group_control" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "supplier_classes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "supplier_contacts" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint,
	"id" bigint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"name" text NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"we_chat_number" text DEFAULT '' NOT NULL,
	"connect_fax" text DEFAULT '' NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "supplier_contacts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"supplier_tenant_id" bigint,
	"sup_code" text NOT NULL,
	"sup_name" text NOT NULL,
	"sup_short" text DEFAULT '' NOT NULL,
	"supplier_class_id" bigint,
	"invite_state" integer DEFAULT 0 NOT NULL,
	"chk_state" integer DEFAULT 0 NOT NULL,
	"sync_state" integer DEFAULT 0 NOT NULL,
	"relation_state" integer DEFAULT 0 NOT NULL,
	"pg_state" integer DEFAULT 0 NOT NULL,
	"life_cycle" text DEFAULT '' NOT NULL,
	"receiver_name" text DEFAULT '' NOT NULL,
	"admin_mobile_area" text DEFAULT '+86' NOT NULL,
	"admin_mobile" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"archive" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"registration" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"invitation_date" timestamp with time zone,
	"audit_date" timestamp with time zone,
	"audit_description" text DEFAULT '' NOT NULL,
	"join_date" timestamp with time zone,
	"owner_id" bigint,
	"dept_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "suppliers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"dead_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "notice_recipients_uq" ON "notice_recipients" USING btree ("tenant_id","notice_id","supplier_id");--> statement-breakpoint
CREATE INDEX "notice_recipients_supplier_tenant_idx" ON "notice_recipients" USING btree ("supplier_tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notices_no_uq" ON "notices" USING btree ("tenant_id","notice_no");--> statement-breakpoint
CREATE INDEX "qualification_documents_supplier_idx" ON "qualification_documents" USING btree ("tenant_id","supplier_id");--> statement-breakpoint
CREATE INDEX "qualification_documents_supplier_tenant_idx" ON "qualification_documents" USING btree ("supplier_tenant_id");--> statement-breakpoint
CREATE INDEX "qualification_documents_due_idx" ON "qualification_documents" USING btree ("status","file_dq_date");--> statement-breakpoint
CREATE INDEX "qualification_requirements_scope_idx" ON "qualification_requirements" USING btree ("tenant_id","scope_type","scope_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_partner_uq" ON "customers" USING btree ("tenant_id","customer_tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_invitations_token_uq" ON "partner_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "potential_suppliers_code_uq" ON "potential_suppliers" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "supplier_audits_prospect_idx" ON "supplier_audits" USING btree ("tenant_id","potential_supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_classes_code_uq" ON "supplier_classes" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "supplier_contacts_supplier_idx" ON "supplier_contacts" USING btree ("tenant_id","supplier_id");--> statement-breakpoint
CREATE INDEX "supplier_contacts_supplier_tenant_idx" ON "supplier_contacts" USING btree ("supplier_tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_code_uq" ON "suppliers" USING btree ("tenant_id","sup_code");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_partner_uq" ON "suppliers" USING btree ("tenant_id","supplier_tenant_id") WHERE supplier_tenant_id is not null;--> statement-breakpoint
CREATE INDEX "suppliers_supplier_tenant_idx" ON "suppliers" USING btree ("supplier_tenant_id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_uq" ON "jobs" USING btree ("kind","dedupe_key") WHERE dedupe_key is not null;