-- Issue 20: quality yield by material over a million inspections. The month totals of each material
-- (per supplier, owner and department, the month counted in the buyer's zone like the day totals of
-- migration 0017) answer the whole months of a period; only the days of a partly covered month at its
-- ends are read from the inspections themselves.
CREATE TABLE "inspection_material_months" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"owner_id" bigint NOT NULL,
	"dept_id" bigint NOT NULL,
	"prdt_no" text NOT NULL,
	"month" date NOT NULL,
	"prdt_name" text NOT NULL,
	"inspections" integer NOT NULL,
	"inspected_qty" numeric NOT NULL,
	"qualified_qty" numeric NOT NULL,
	"unqualified_qty" numeric NOT NULL,
	CONSTRAINT "inspection_material_months_pk" PRIMARY KEY("tenant_id","supplier_tenant_id","supplier_id","owner_id","dept_id","prdt_no","month")
);
--> statement-breakpoint
CREATE INDEX "inspection_material_months_month_idx" ON "inspection_material_months" USING btree ("tenant_id","month");--> statement-breakpoint
CREATE INDEX "inspection_material_months_supplier_tenant_idx" ON "inspection_material_months" USING btree ("supplier_tenant_id","month");--> statement-breakpoint
CREATE FUNCTION "inspection_material_month"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT r.*, 1 AS sign FROM new_rows r'
    WHEN 'DELETE' THEN 'SELECT r.*, -1 AS sign FROM old_rows r'
    ELSE 'SELECT r.*, 1 AS sign FROM new_rows r UNION ALL SELECT r.*, -1 FROM old_rows r'
  END;
BEGIN
  EXECUTE format($q$
    INSERT INTO "inspection_material_months" AS t
           ("tenant_id", "supplier_tenant_id", "supplier_id", "owner_id", "dept_id", "prdt_no", "month",
            "prdt_name", "inspections", "inspected_qty", "qualified_qty", "unqualified_qty")
    SELECT i."tenant_id", i."supplier_tenant_id", coalesce(i."supplier_id", 0), coalesce(n."owner_id", 0),
           coalesce(n."dept_id", 0), i."prdt_no",
           date_trunc('month', i."inspected_at" AT TIME ZONE e."time_zone")::date, max(i."prdt_name"),
           sum(i.sign)::int, sum(i.sign * i."inspected_qty"), sum(i.sign * i."qualified_qty"),
           sum(i.sign * i."unqualified_qty")
      FROM (%s) i
      JOIN "enterprises" e ON e."id" = i."tenant_id"
      LEFT JOIN "delivery_notes" n ON n."tenant_id" = i."tenant_id" AND n."id" = i."note_id"
     GROUP BY 1, 2, 3, 4, 5, 6, 7
     ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ("tenant_id", "supplier_tenant_id", "supplier_id", "owner_id", "dept_id", "prdt_no", "month")
    DO UPDATE SET "prdt_name" = excluded."prdt_name",
                  "inspections" = t."inspections" + excluded."inspections",
                  "inspected_qty" = t."inspected_qty" + excluded."inspected_qty",
                  "qualified_qty" = t."qualified_qty" + excluded."qualified_qty",
                  "unqualified_qty" = t."unqualified_qty" + excluded."unqualified_qty"$q$, changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "inspection_material_month_insert" AFTER INSERT ON "receipt_inspections"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "inspection_material_month"();
--> statement-breakpoint
CREATE TRIGGER "inspection_material_month_update" AFTER UPDATE ON "receipt_inspections"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "inspection_material_month"();
--> statement-breakpoint
CREATE TRIGGER "inspection_material_month_delete" AFTER DELETE ON "receipt_inspections"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "inspection_material_month"();
--> statement-breakpoint
-- A buyer that changes its zone has its day totals counted again (enterprises.service.ts); its month
-- totals move with them.
CREATE OR REPLACE FUNCTION "inspection_day_totals_recount"("tenant" bigint) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM "inspection_day_totals" WHERE "tenant_id" = "tenant";
  INSERT INTO "inspection_day_totals" ("tenant_id", "supplier_tenant_id", "supplier_id", "owner_id", "dept_id", "day",
                                       "inspections", "inspected_qty", "qualified_qty", "unqualified_qty")
  SELECT i."tenant_id", i."supplier_tenant_id", coalesce(i."supplier_id", 0), coalesce(n."owner_id", 0),
         coalesce(n."dept_id", 0), (i."inspected_at" AT TIME ZONE e."time_zone")::date, count(*),
         sum(i."inspected_qty"), sum(i."qualified_qty"), sum(i."unqualified_qty")
    FROM "receipt_inspections" i
    JOIN "enterprises" e ON e."id" = i."tenant_id"
    LEFT JOIN "delivery_notes" n ON n."tenant_id" = i."tenant_id" AND n."id" = i."note_id"
   WHERE i."tenant_id" = "tenant"
   GROUP BY 1, 2, 3, 4, 5, 6;
  DELETE FROM "inspection_material_months" WHERE "tenant_id" = "tenant";
  INSERT INTO "inspection_material_months" ("tenant_id", "supplier_tenant_id", "supplier_id", "owner_id", "dept_id",
                                            "prdt_no", "month", "prdt_name", "inspections", "inspected_qty",
                                            "qualified_qty", "unqualified_qty")
  SELECT i."tenant_id", i."supplier_tenant_id", coalesce(i."supplier_id", 0), coalesce(n."owner_id", 0),
         coalesce(n."dept_id", 0), i."prdt_no", date_trunc('month', i."inspected_at" AT TIME ZONE e."time_zone")::date,
         max(i."prdt_name"), count(*), sum(i."inspected_qty"), sum(i."qualified_qty"), sum(i."unqualified_qty")
    FROM "receipt_inspections" i
    JOIN "enterprises" e ON e."id" = i."tenant_id"
    LEFT JOIN "delivery_notes" n ON n."tenant_id" = i."tenant_id" AND n."id" = i."note_id"
   WHERE i."tenant_id" = "tenant"
   GROUP BY 1, 2, 3, 4, 5, 6, 7;
$$;
--> statement-breakpoint
SELECT set_config('row_security', 'off', true);--> statement-breakpoint
SELECT "inspection_day_totals_recount"("id") FROM "enterprises";--> statement-breakpoint
SELECT set_config('row_security', 'on', true);
