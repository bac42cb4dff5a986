CREATE TABLE "departments" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"dept_no" text NOT NULL,
	"dept_code" text NOT NULL,
	"dept_name" text NOT NULL,
	"parent_id" bigint,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"stop_dd" date,
	"role_description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "departments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "employee_invitations" (
	"id" bigint PRIMARY KEY NOT NULL,
	"enterprise_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_partners" (
	"tenant_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"partner_tenant_id" bigint NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "employee_partners_tenant_id_employee_id_partner_tenant_id_kind_pk" PRIMARY KEY("tenant_id","employee_id","partner_tenant_id","kind")
);
--> statement-breakpoint
CREATE TABLE "employee_positions" (
	"tenant_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"position_id" bigint NOT NULL,
	CONSTRAINT "employee_positions_tenant_id_employee_id_position_id_pk" PRIMARY KEY("tenant_id","employee_id","position_id")
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"user_id" bigint,
	"name" text DEFAULT '' NOT NULL,
	"mobile_area" text DEFAULT '+86' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"erp_code" text DEFAULT '' NOT NULL,
	"erp_name" text DEFAULT '' NOT NULL,
	"dept_id" bigint,
	"platform_no" text DEFAULT '' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"status" integer NOT NULL,
	"active_position_id" bigint,
	"invited_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "employees_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "org_settings" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"private_business_data" boolean DEFAULT false NOT NULL,
	"trading_partner_restriction" boolean DEFAULT false NOT NULL,
	"superior_sees_subordinates" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"tenant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"dept_id" bigint,
	"superior_id" bigint,
	"data_permission" integer DEFAULT 0 NOT NULL,
	"custom_dept_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"show_price" boolean DEFAULT true NOT NULL,
	"across_user" boolean DEFAULT true NOT NULL,
	"check_ip" boolean DEFAULT false NOT NULL,
	"allowed_ips" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"show_supplier" boolean DEFAULT true NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "positions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "departments_code_uq" ON "departments" USING btree ("tenant_id","dept_code");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_no_uq" ON "departments" USING btree ("tenant_id","dept_no");--> statement-breakpoint
CREATE INDEX "departments_parent_idx" ON "departments" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_invitations_token_uq" ON "employee_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "employee_invitations_mobile_idx" ON "employee_invitations" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "employee_invitations_email_idx" ON "employee_invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "employee_positions_position_idx" ON "employee_positions" USING btree ("tenant_id","position_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_user_uq" ON "employees" USING btree ("tenant_id","user_id") WHERE user_id is not null;--> statement-breakpoint
CREATE INDEX "employees_dept_idx" ON "employees" USING btree ("tenant_id","dept_id");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_code_uq" ON "positions" USING btree ("tenant_id","code");--> statement-breakpoint
-- Enterprises that existed before this migration: every membership becomes an employee record.
-- Ids follow the app's snowflake layout with worker 1023, which no running process uses at this moment.
INSERT INTO "employees" ("tenant_id", "id", "user_id", "name", "mobile_area", "mobile", "email", "platform_no", "status", "created_at")
SELECT m."tenant_id",
       (((floor(extract(epoch from clock_timestamp()) * 1000)::bigint - 1704067200000) << 22) | (1023 << 12)) + row_number() OVER (ORDER BY m."tenant_id", m."user_id"),
       m."user_id", u."name", u."mobile_area", coalesce(u."mobile", ''), coalesce(u."email", ''), u."username", m."status", m."created_at"
  FROM "memberships" m JOIN "users" u ON u."id" = m."user_id";
