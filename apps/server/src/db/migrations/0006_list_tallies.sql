CREATE TABLE "purchase_order_tallies" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"owner_id" bigint NOT NULL,
	"dept_id" bigint NOT NULL,
	"status" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "purchase_order_tallies_pk" PRIMARY KEY("tenant_id","supplier_tenant_id","supplier_id","owner_id","dept_id","status")
);
--> statement-breakpoint
DROP INDEX "purchase_orders_supplier_tenant_idx";--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "access_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "purchase_order_tallies_supplier_tenant_idx" ON "purchase_order_tallies" USING btree ("supplier_tenant_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_created_idx" ON "purchase_orders" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_tenant_idx" ON "purchase_orders" USING btree ("supplier_tenant_id","created_at","id");
--> statement-breakpoint
-- Runs as the caller, under row-level security: either party's change to an order moves the tallies
-- it is a party to (rls.ts lets both insert them). Old and new keys are written by one statement in
-- key order, so two orders moving between the same statuses in opposite directions lock the tally
-- rows in the same order.
CREATE FUNCTION "purchase_order_tally"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "purchase_order_tallies" AS t
         ("tenant_id", "supplier_tenant_id", "supplier_id", "owner_id", "dept_id", "status", "n")
  SELECT k.tenant_id, k.supplier_tenant_id, k.supplier_id, k.owner_id, k.dept_id, k.status, k.n
    FROM (
      SELECT OLD."tenant_id", coalesce(OLD."supplier_tenant_id", 0), OLD."supplier_id",
             coalesce(OLD."owner_id", 0), coalesce(OLD."dept_id", 0), OLD."status", -1
       WHERE TG_OP IN ('UPDATE', 'DELETE')
      UNION ALL
      SELECT NEW."tenant_id", coalesce(NEW."supplier_tenant_id", 0), NEW."supplier_id",
             coalesce(NEW."owner_id", 0), coalesce(NEW."dept_id", 0), NEW."status", 1
       WHERE TG_OP IN ('UPDATE', 'INSERT')
    ) AS k (tenant_id, supplier_tenant_id, supplier_id, owner_id, dept_id, status, n)
   ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ("tenant_id", "supplier_tenant_id", "supplier_id", "owner_id", "dept_id", "status")
  DO UPDATE SET "n" = t."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "purchase_order_tally_insert_delete" AFTER INSERT OR DELETE ON "purchase_orders"
  FOR EACH ROW EXECUTE FUNCTION "purchase_order_tally"();
--> statement-breakpoint
CREATE TRIGGER "purchase_order_tally_update" AFTER UPDATE ON "purchase_orders"
  FOR EACH ROW
  WHEN ((OLD."tenant_id", OLD."supplier_tenant_id", OLD."supplier_id", OLD."owner_id", OLD."dept_id", OLD."status")
        IS DISTINCT FROM (NEW."tenant_id", NEW."supplier_tenant_id", NEW."supplier_id", NEW."owner_id", NEW."dept_id", NEW."status"))
  EXECUTE FUNCTION "purchase_order_tally"();
--> statement-breakpoint
INSERT INTO "purchase_order_tallies" ("tenant_id", "supplier_tenant_id", "supplier_id", "owner_id", "dept_id", "status", "n")
SELECT "tenant_id", coalesce("supplier_tenant_id", 0), "supplier_id", coalesce("owner_id", 0), coalesce("dept_id", 0),
       "status", count(*)
  FROM "purchase_orders"
 GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
-- A member's grant (employee, department, positions held and what they allow) is cached by the
-- server against the enterprise's access version; any change to its inputs moves the version.
CREATE FUNCTION "bump_access_version"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "enterprises" SET "access_version" = "access_version" + 1
   WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."tenant_id" ELSE NEW."tenant_id" END;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "employees_access_version" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "dept_id", "active_position_id" ON "employees"
  FOR EACH ROW EXECUTE FUNCTION "bump_access_version"();
--> statement-breakpoint
CREATE TRIGGER "employee_positions_access_version" AFTER INSERT OR DELETE OR UPDATE ON "employee_positions"
  FOR EACH ROW EXECUTE FUNCTION "bump_access_version"();
--> statement-breakpoint
CREATE TRIGGER "positions_access_version" AFTER INSERT OR DELETE OR UPDATE ON "positions"
  FOR EACH ROW EXECUTE FUNCTION "bump_access_version"();
