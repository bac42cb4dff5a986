ALTER TABLE "enterprises" ADD COLUMN "time_zone" text DEFAULT 'Asia/Shanghai' NOT NULL;--> statement-breakpoint
-- An inspection counts on the day it happened in the buyer's zone (issue 19), not in the session's
-- zone, which differs between PGlite (UTC) and a PostgreSQL server (its configured TimeZone).
CREATE OR REPLACE FUNCTION "inspection_day_total"() RETURNS trigger
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
           coalesce(n."dept_id", 0), (i."inspected_at" AT TIME ZONE e."time_zone")::date, sum(i.sign)::int,
           sum(i.sign * i."inspected_qty"), sum(i.sign * i."qualified_qty"), sum(i.sign * i."unqualified_qty")
      FROM (%s) i
      JOIN "enterprises" e ON e."id" = i."tenant_id"
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
-- One buyer's day totals counted again in its zone: here for every buyer, later when one changes its zone.
CREATE FUNCTION "inspection_day_totals_recount"("tenant" bigint) RETURNS void
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
$$;
--> statement-breakpoint
-- A role under row-level security would silently recount nothing: fail instead (as migration 0011).
SELECT set_config('row_security', 'off', true);--> statement-breakpoint
SELECT "inspection_day_totals_recount"("id") FROM "enterprises";--> statement-breakpoint
SELECT set_config('row_security', 'on', true);
