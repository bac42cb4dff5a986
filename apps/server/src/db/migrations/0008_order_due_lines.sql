CREATE TABLE "due_day_totals" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"owner_id" bigint NOT NULL,
	"dept_id" bigint NOT NULL,
	"day" date NOT NULL,
	"due_lines" integer NOT NULL,
	"due_qty" numeric NOT NULL,
	"on_time_qty" numeric NOT NULL,
	"received_qty" numeric NOT NULL,
	CONSTRAINT "due_day_totals_pk" PRIMARY KEY("tenant_id","supplier_tenant_id","supplier_id","owner_id","dept_id","day")
);
--> statement-breakpoint
CREATE TABLE "order_due_lines" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint NOT NULL,
	"order_line_id" bigint NOT NULL,
	"due_date" date NOT NULL,
	"supplier_id" bigint NOT NULL,
	"owner_id" bigint NOT NULL,
	"dept_id" bigint NOT NULL,
	"due_qty" numeric,
	"received_qty" numeric NOT NULL,
	"on_time_qty" numeric NOT NULL,
	CONSTRAINT "order_due_lines_pk" PRIMARY KEY("tenant_id","order_line_id","due_date")
);
--> statement-breakpoint
CREATE INDEX "due_day_totals_supplier_tenant_idx" ON "due_day_totals" USING btree ("supplier_tenant_id","day");--> statement-breakpoint
CREATE INDEX "order_due_lines_supplier_tenant_idx" ON "order_due_lines" USING btree ("supplier_tenant_id","order_line_id");--> statement-breakpoint
-- The due lines of the given order lines as they are now: the one definition of "due" that the
-- on-time report counts. A planned order line is due by its live plan lines (plan sent, line not
-- cancelled) summed per date; an unplanned one by its confirmed (else ordered) quantity on its
-- confirmed (else requested) date; only while the order is live and the line not cancelled. Receipts
-- name the due date of the line they were delivered against, so each due line meets its receipts in
-- one row; a date only receipts name is kept with a null due quantity.
CREATE FUNCTION "order_due_line_rows"(tenants bigint[], line_ids bigint[])
RETURNS TABLE ("tenant_id" bigint, "supplier_tenant_id" bigint, "order_line_id" bigint, "due_date" date,
               "supplier_id" bigint, "owner_id" bigint, "dept_id" bigint, "due_qty" numeric,
               "received_qty" numeric, "on_time_qty" numeric)
LANGUAGE sql STABLE AS $$
  -- The planner knows nothing of the arrays' size, and the tables of a busy embedded database may
  -- never have been analyzed: left to itself it once re-ran the whole computation for every order
  -- line (minutes for 5,000 lines). Every step therefore starts from the given keys and reaches the
  -- tables through LATERAL index lookups, and the due and received halves meet in one hash full join.
  WITH k AS MATERIALIZED (SELECT DISTINCT u.t, u.i FROM unnest(tenants, line_ids) AS u(t, i)),
  due AS (
    SELECT k.t AS tenant_id, k.i AS order_line_id, p.due_date, p.due_qty
      FROM k
     CROSS JOIN LATERAL (
           SELECT pl."planned_date" AS due_date, sum(pl."planned_qty") AS due_qty
             FROM "receiving_plan_lines" pl
             JOIN "receiving_plans" p ON p."tenant_id" = pl."tenant_id" AND p."id" = pl."plan_id"
            WHERE pl."tenant_id" = k.t AND pl."order_line_id" = k.i
              AND p."status" IN (1, 2, 3, 4) AND pl."status" <> 3
            GROUP BY pl."planned_date") p
    UNION ALL
    SELECT l."tenant_id", l."id", coalesce(l."confirmed_date", l."requested_date"), coalesce(l."confirmed_qty", l."qty")
      FROM k
     CROSS JOIN LATERAL (SELECT * FROM "purchase_order_lines" l WHERE l."tenant_id" = k.t AND l."id" = k.i) l
     WHERE NOT EXISTS (
             SELECT 1 FROM "receiving_plan_lines" pl
               JOIN "receiving_plans" p ON p."tenant_id" = pl."tenant_id" AND p."id" = pl."plan_id"
              WHERE pl."tenant_id" = l."tenant_id" AND pl."order_line_id" = l."id"
                AND p."status" IN (1, 2, 3, 4) AND pl."status" <> 3)
  ),
  received AS (
    SELECT k.t AS tenant_id, k.i AS order_line_id, r.due_date, r.received_qty, r.on_time_qty
      FROM k
     CROSS JOIN LATERAL (
           SELECT r."due_date", sum(r."qty") AS received_qty,
                  coalesce(sum(r."qty") FILTER (WHERE r."arrival_date" <= r."due_date"), 0) AS on_time_qty
             FROM "receipt_lines" r
            WHERE r."tenant_id" = k.t AND r."order_line_id" = k.i
            GROUP BY r."due_date") r
  ),
  joined AS MATERIALIZED (
    SELECT coalesce(d.tenant_id, r.tenant_id) AS t, coalesce(d.order_line_id, r.order_line_id) AS i,
           coalesce(d.due_date, r.due_date) AS due_date, d.due_qty, r.received_qty, r.on_time_qty
      FROM due d
      FULL JOIN received r
        ON r.tenant_id = d.tenant_id AND r.order_line_id = d.order_line_id AND r.due_date = d.due_date
  )
  SELECT x.tenant_id, x.supplier_tenant_id, x.id, j.due_date, x.supplier_id, x.owner_id, x.dept_id,
         CASE WHEN x.live THEN j.due_qty END, coalesce(j.received_qty, 0), coalesce(j.on_time_qty, 0)
    FROM joined j
   CROSS JOIN LATERAL (
         SELECT l."tenant_id", coalesce(l."supplier_tenant_id", 0) AS supplier_tenant_id, l."id", o."supplier_id",
                coalesce(o."owner_id", 0) AS owner_id, coalesce(o."dept_id", 0) AS dept_id,
                o."status" IN (1, 2, 3, 4, 5) AND l."status" <> 3 AS live
           FROM "purchase_order_lines" l
           JOIN "purchase_orders" o ON o."tenant_id" = l."tenant_id" AND o."id" = l."order_id"
          WHERE l."tenant_id" = j.t AND l."id" = j.i) x
   WHERE (x.live AND j.due_qty IS NOT NULL) OR j.received_qty IS NOT NULL
$$;
--> statement-breakpoint
-- Brings the due lines of the given order lines up to date. Writers of one order line are serialized
-- on the order line's row (in id order, as the delivery-note and plan writers lock them): whoever
-- takes it last recomputes after every earlier writer committed, and everything it reads after the
-- wait is read afresh, so concurrent plans, confirmations and receipts never leave a stale due line.
-- `lock` is false when the order lines were inserted by this very statement: nobody else sees them.
CREATE FUNCTION "refresh_order_due_lines"(tenants bigint[], line_ids bigint[], lock boolean) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF lock THEN
    -- Array conditions on the primary key: an index scan whatever the statistics say (ids are unique
    -- across enterprises, so pairing the two arrays adds nothing).
    PERFORM 1
       FROM "purchase_order_lines" l
      WHERE l."tenant_id" = ANY (tenants) AND l."id" = ANY (line_ids)
      ORDER BY l."tenant_id", l."id"
        FOR NO KEY UPDATE;
  END IF;
  WITH fresh AS MATERIALIZED (SELECT * FROM "order_due_line_rows"(tenants, line_ids)),
  gone AS (
    DELETE FROM "order_due_lines" d
     USING unnest(tenants, line_ids) AS u(t, i)
     WHERE d."tenant_id" = u.t AND d."order_line_id" = u.i
       AND (d."tenant_id", d."order_line_id", d."due_date") NOT IN (SELECT f."tenant_id", f."order_line_id", f."due_date" FROM fresh f)
  )
  INSERT INTO "order_due_lines" AS d
  SELECT * FROM fresh ORDER BY 1, 3, 4
  ON CONFLICT ("tenant_id", "order_line_id", "due_date") DO UPDATE
     SET "supplier_tenant_id" = excluded."supplier_tenant_id", "supplier_id" = excluded."supplier_id",
         "owner_id" = excluded."owner_id", "dept_id" = excluded."dept_id", "due_qty" = excluded."due_qty",
         "received_qty" = excluded."received_qty", "on_time_qty" = excluded."on_time_qty"
   WHERE (d."supplier_tenant_id", d."supplier_id", d."owner_id", d."dept_id", d."due_qty", d."received_qty", d."on_time_qty")
         IS DISTINCT FROM
         (excluded."supplier_tenant_id", excluded."supplier_id", excluded."owner_id", excluded."dept_id",
          excluded."due_qty", excluded."received_qty", excluded."on_time_qty");
END $$;
--> statement-breakpoint
-- Which order lines a statement on a source table touched, only where a column that decides a due
-- line changed (receiving or reconciling updates order and receipt lines all day without moving one).
-- Runs once per statement as the caller, under row-level security, like the inspection totals.
CREATE FUNCTION "order_due_lines_touch"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  touched text;
  tenants bigint[];
  ids bigint[];
BEGIN
  touched := CASE TG_TABLE_NAME || ':' || TG_OP
    WHEN 'purchase_orders:UPDATE' THEN
      $q$SELECT l."tenant_id", l."id" FROM new_rows n
           JOIN old_rows o ON o."tenant_id" = n."tenant_id" AND o."id" = n."id"
           JOIN "purchase_order_lines" l ON l."tenant_id" = n."tenant_id" AND l."order_id" = n."id"
          WHERE (n."status", n."supplier_id", n."supplier_tenant_id", n."owner_id", n."dept_id")
                IS DISTINCT FROM (o."status", o."supplier_id", o."supplier_tenant_id", o."owner_id", o."dept_id")$q$
    WHEN 'purchase_orders:DELETE' THEN
      $q$SELECT l."tenant_id", l."id" FROM old_rows o
           JOIN "purchase_order_lines" l ON l."tenant_id" = o."tenant_id" AND l."order_id" = o."id"$q$
    WHEN 'purchase_order_lines:INSERT' THEN $q$SELECT "tenant_id", "id" FROM new_rows$q$
    WHEN 'purchase_order_lines:DELETE' THEN $q$SELECT "tenant_id", "id" FROM old_rows$q$
    WHEN 'purchase_order_lines:UPDATE' THEN
      $q$SELECT n."tenant_id", n."id" FROM new_rows n
           JOIN old_rows o ON o."tenant_id" = n."tenant_id" AND o."id" = n."id"
          WHERE (n."status", n."qty", n."confirmed_qty", n."confirmed_date", n."requested_date", n."supplier_tenant_id")
                IS DISTINCT FROM
                (o."status", o."qty", o."confirmed_qty", o."confirmed_date", o."requested_date", o."supplier_tenant_id")$q$
    WHEN 'receiving_plans:UPDATE' THEN
      $q$SELECT l."tenant_id", l."order_line_id" FROM new_rows n
           JOIN old_rows o ON o."tenant_id" = n."tenant_id" AND o."id" = n."id"
           JOIN "receiving_plan_lines" l ON l."tenant_id" = n."tenant_id" AND l."plan_id" = n."id"
          WHERE n."status" IS DISTINCT FROM o."status"$q$
    WHEN 'receiving_plans:DELETE' THEN
      $q$SELECT l."tenant_id", l."order_line_id" FROM old_rows o
           JOIN "receiving_plan_lines" l ON l."tenant_id" = o."tenant_id" AND l."plan_id" = o."id"$q$
    WHEN 'receiving_plan_lines:INSERT' THEN $q$SELECT "tenant_id", "order_line_id" FROM new_rows$q$
    WHEN 'receiving_plan_lines:DELETE' THEN $q$SELECT "tenant_id", "order_line_id" FROM old_rows$q$
    WHEN 'receiving_plan_lines:UPDATE' THEN
      $q$SELECT x."tenant_id", x."order_line_id" FROM new_rows n
           JOIN old_rows o ON o."tenant_id" = n."tenant_id" AND o."id" = n."id"
           CROSS JOIN LATERAL (VALUES (n."tenant_id", n."order_line_id"), (o."tenant_id", o."order_line_id"))
                 AS x("tenant_id", "order_line_id")
          WHERE (n."order_line_id", n."plan_id", n."planned_date", n."planned_qty", n."status")
                IS DISTINCT FROM (o."order_line_id", o."plan_id", o."planned_date", o."planned_qty", o."status")$q$
    WHEN 'receipt_lines:INSERT' THEN $q$SELECT "tenant_id", "order_line_id" FROM new_rows$q$
    WHEN 'receipt_lines:DELETE' THEN $q$SELECT "tenant_id", "order_line_id" FROM old_rows$q$
    WHEN 'receipt_lines:UPDATE' THEN
      $q$SELECT x."tenant_id", x."order_line_id" FROM new_rows n
           JOIN old_rows o ON o."tenant_id" = n."tenant_id" AND o."id" = n."id"
           CROSS JOIN LATERAL (VALUES (n."tenant_id", n."order_line_id"), (o."tenant_id", o."order_line_id"))
                 AS x("tenant_id", "order_line_id")
          WHERE (n."order_line_id", n."due_date", n."qty", n."arrival_date")
                IS DISTINCT FROM (o."order_line_id", o."due_date", o."qty", o."arrival_date")$q$
  END;
  EXECUTE format('SELECT array_agg(t ORDER BY t, i), array_agg(i ORDER BY t, i)
                    FROM (SELECT DISTINCT * FROM (%s) AS s(t, i) WHERE i IS NOT NULL) k', touched)
     INTO tenants, ids;
  IF ids IS NOT NULL THEN
    PERFORM "refresh_order_due_lines"(tenants, ids, TG_OP <> 'INSERT' OR TG_TABLE_NAME <> 'purchase_order_lines');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Moves each changed due line's contribution between day totals: add the new row, subtract the old.
-- Deltas commute, so concurrent writers of one day only queue on its row.
CREATE FUNCTION "due_day_total"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT r.*, 1 AS sign FROM new_rows r'
    WHEN 'DELETE' THEN 'SELECT r.*, -1 AS sign FROM old_rows r'
    ELSE 'SELECT r.*, 1 AS sign FROM new_rows r UNION ALL SELECT r.*, -1 FROM old_rows r'
  END;
BEGIN
  EXECUTE format($q$
    INSERT INTO "due_day_totals" AS t
           ("tenant_id", "supplier_tenant_id", "supplier_id", "owner_id", "dept_id", "day", "due_lines",
            "due_qty", "on_time_qty", "received_qty")
    SELECT d."tenant_id", d."supplier_tenant_id", d."supplier_id", d."owner_id", d."dept_id", d."due_date",
           sum(d.sign)::int, sum(d.sign * d."due_qty"), sum(d.sign * least(d."on_time_qty", d."due_qty")),
           sum(d.sign * d."received_qty")
      FROM (%s) d
     WHERE d."due_qty" IS NOT NULL
     GROUP BY 1, 2, 3, 4, 5, 6
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("tenant_id", "supplier_tenant_id", "supplier_id", "owner_id", "dept_id", "day")
    DO UPDATE SET "due_lines" = t."due_lines" + excluded."due_lines",
                  "due_qty" = t."due_qty" + excluded."due_qty",
                  "on_time_qty" = t."on_time_qty" + excluded."on_time_qty",
                  "received_qty" = t."received_qty" + excluded."received_qty"$q$, changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "due_day_total_insert" AFTER INSERT ON "order_due_lines"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "due_day_total"();
--> statement-breakpoint
CREATE TRIGGER "due_day_total_update" AFTER UPDATE ON "order_due_lines"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "due_day_total"();
--> statement-breakpoint
CREATE TRIGGER "due_day_total_delete" AFTER DELETE ON "order_due_lines"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "due_day_total"();
--> statement-breakpoint
INSERT INTO "order_due_lines"
SELECT * FROM "order_due_line_rows"(
  (SELECT coalesce(array_agg("tenant_id"), '{}') FROM "purchase_order_lines"),
  (SELECT coalesce(array_agg("id"), '{}') FROM "purchase_order_lines"));
--> statement-breakpoint
DO $$
DECLARE
  source text;
  op text;
BEGIN
  FOREACH source IN ARRAY ARRAY['purchase_orders', 'purchase_order_lines', 'receiving_plans', 'receiving_plan_lines', 'receipt_lines'] LOOP
    FOREACH op IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
      CONTINUE WHEN op = 'INSERT' AND source IN ('purchase_orders', 'receiving_plans');
      EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION "order_due_lines_touch"()',
                     source || '_due_lines_' || lower(op), op, source,
                     CASE op WHEN 'INSERT' THEN 'NEW TABLE AS new_rows'
                             WHEN 'DELETE' THEN 'OLD TABLE AS old_rows'
                             ELSE 'OLD TABLE AS old_rows NEW TABLE AS new_rows' END);
    END LOOP;
  END LOOP;
END $$;
--> statement-breakpoint
DROP TABLE "receipt_due_totals" CASCADE;
