-- Issue 20: report filters by material text and by order number find their rows through trigram
-- indexes instead of reading every line. `prdt_no || ' ' || prdt_name` is the one text a material
-- filter matches (reports.scope.ts); the functions it uses are declared leakproof at start (rls.ts),
-- without which PostgreSQL may not use an index ahead of the row-level-security policy.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "purchase_order_lines_material_trgm" ON "purchase_order_lines" USING gin (("prdt_no" || ' ' || "prdt_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "delivery_note_lines_material_trgm" ON "delivery_note_lines" USING gin (("prdt_no" || ' ' || "prdt_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "receipt_lines_material_trgm" ON "receipt_lines" USING gin (("prdt_no" || ' ' || "prdt_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "receipt_inspections_material_trgm" ON "receipt_inspections" USING gin (("prdt_no" || ' ' || "prdt_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "delivery_note_lines_order_no_trgm" ON "delivery_note_lines" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "receipt_lines_order_no_trgm" ON "receipt_lines" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "purchase_orders_order_no_trgm" ON "purchase_orders" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "delivery_notes_note_no_trgm" ON "delivery_notes" USING gin ("note_no" gin_trgm_ops);--> statement-breakpoint
-- Unqualified-reason reports read only the inspections that found something.
CREATE INDEX "receipt_inspections_unqualified_idx" ON "receipt_inspections" USING btree ("tenant_id","inspected_at") WHERE "unqualified_qty" > 0;--> statement-breakpoint
CREATE INDEX "receipt_inspections_supplier_unqualified_idx" ON "receipt_inspections" USING btree ("supplier_tenant_id","inspected_at") WHERE "unqualified_qty" > 0;
