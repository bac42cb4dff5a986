CREATE TABLE "receipt_due_totals" (
	"tenant_id" bigint NOT NULL,
	"supplier_tenant_id" bigint NOT NULL,
	"order_line_id" bigint NOT NULL,
	"due_date" date NOT NULL,
	"received_qty" numeric NOT NULL,
	"on_time_qty" numeric NOT NULL,
	CONSTRAINT "receipt_due_totals_tenant_id_order_line_id_due_date_pk" PRIMARY KEY("tenant_id","order_line_id","due_date")
);
--> statement-breakpoint
ALTER TABLE "receipt_inspections" ADD COLUMN "supplier_id" bigint;--> statement-breakpoint
ALTER TABLE "receipt_inspections" ADD COLUMN "prdt_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "receipt_inspections" ADD COLUMN "prdt_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "receipt_due_totals_supplier_tenant_idx" ON "receipt_due_totals" USING btree ("supplier_tenant_id","order_line_id");--> statement-breakpoint
UPDATE "receipt_inspections" ri SET "supplier_id" = dn."supplier_id", "prdt_no" = nl."prdt_no", "prdt_name" = nl."prdt_name"
  FROM "delivery_notes" dn, "delivery_note_lines" nl
 WHERE dn."tenant_id" = ri."tenant_id" AND dn."id" = ri."note_id"
   AND nl."tenant_id" = ri."tenant_id" AND nl."id" = ri."note_line_id";--> statement-breakpoint
INSERT INTO "receipt_due_totals" ("tenant_id", "supplier_tenant_id", "order_line_id", "due_date", "received_qty", "on_time_qty")
SELECT "tenant_id", max("supplier_tenant_id"), "order_line_id", "due_date", sum("qty"),
       coalesce(sum("qty") FILTER (WHERE "arrival_date" <= "due_date"), 0)
  FROM "receipt_lines"
 GROUP BY "tenant_id", "order_line_id", "due_date";
