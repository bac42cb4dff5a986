CREATE TABLE "inspection_day_totals" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"owner_id" bigint NOT NULL,
	"dept_id" bigint NOT NULL,
	"day" date NOT NULL,
	"inspections" integer NOT NULL,
	"inspected_qty" numeric NOT NULL,
	"qualified_qty" numeric NOT NULL,
	"unqualified_qty" numeric NOT NULL,
	CONSTRAINT "inspection_day_totals_pk" PRIMARY KEY("tenant_id","supplier_tenant_id","supplier_id","owner_id","dept_id","day")
);
--> statement-breakpoint
CREATE INDEX "inspection_day_totals_supplier_tenant_idx" ON "inspection_day_totals" USING btree ("supplier_tenant_id","day");--> statement-breakpoint
-- Runs as the caller (the buyer who inspects), under row-level security, once per statement over its
-- transition tables: a statement inserting a thousand inspections moves each day total once. The
-- owner and department come from the inspection's delivery note, fixed before anything is inspected.
CREATE FUNCTION "inspection_day_total"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT r.*, 1 AS sign FROM new_rows r'
    WHEN 'DELETE' THEN 'SELECT r.*, -1 AS sign FROM old_rows r'
    ELSE 'SELECT r.*, 1 AS sign FROM new_rows r UNION ALL SELECT r.*, -1 FROM old_rows r'
  END;
BEGIN
  EXECUTE format($q$
    INSERT INTO "inspection_day_totals" AS t
           ("tenant_id", "supplier_tenant_id", "supplier_id", "owner_id", "dept_id", "day", "inspections",
            "inspected_qty", "qualified_qty", "unqualified_qty")
    SELECT i."tenant_id", i."supplier_tenant_id", coalesce(i."supplier_id", 0), coalesce(n."owner_id", 0),
           coalesce(n."dept_id", 0), i."inspected_at"::date, sum(i.sign)::int, sum(i.sign * i."inspected_qty"),
           sum(i.sign * i."qualified_qty"), sum(i.sign * i."unqualified_qty")
      FROM (%s) i
      LEFT JOIN "delivery_notes" n ON n."tenant_id" = i."tenant_id" AND n."id" = i."note_id"
     GROUP BY 1, 2, 3, 4, 5, 6
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("tenant_id", "supplier_tenant_id", "supplier_id", "owner_id", "dept_id", "day")
    DO UPDATE SET "inspections" = t."inspections" + excluded."inspections",
                  "inspected_qty" = t."inspected_qty" + excluded."inspected_qty",
                  "qualified_qty" = t."qualified_qty" + excluded."qualified_qty",
                  "unqualified_qty" = t."unqualified_qty" + excluded."unqualified_qty"$q$, changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "inspection_day_total_insert" AFTER INSERT ON "receipt_inspections"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "inspection_day_total"();
--> statement-breakpoint
CREATE TRIGGER "inspection_day_total_update" AFTER UPDATE ON "receipt_inspections"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "inspection_day_total"();
--> statement-breakpoint
CREATE TRIGGER "inspection_day_total_delete" AFTER DELETE ON "receipt_inspections"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "inspection_day_total"();
--> statement-breakpoint
INSERT INTO "inspection_day_totals" ("tenant_id", "supplier_tenant_id", "supplier_id", "owner_id", "dept_id", "day",
                                     "inspections", "inspected_qty", "qualified_qty", "unqualified_qty")
SELECT i."tenant_id", i."supplier_tenant_id", coalesce(i."supplier_id", 0), coalesce(n."owner_id", 0),
       coalesce(n."dept_id", 0), i."inspected_at"::date, count(*), sum(i."inspected_qty"), sum(i."qualified_qty"),
       sum(i."unqualified_qty")
  FROM "receipt_inspections" i
  LEFT JOIN "delivery_notes" n ON n."tenant_id" = i."tenant_id" AND n."id" = i."note_id"
 GROUP BY 1, 2, 3, 4, 5, 6;
