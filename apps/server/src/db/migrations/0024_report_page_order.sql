-- Issue 20: a report's first page is read in its default order from these indexes and stops after its
-- rows, instead of sorting every line of the period (reports.details.ts, `pageOrder`).
CREATE INDEX "receipt_lines_date_idx" ON "receipt_lines" USING btree ("tenant_id","receipt_date");--> statement-breakpoint
CREATE INDEX "delivery_notes_ship_idx" ON "delivery_notes" USING btree ("tenant_id","ship_date");--> statement-breakpoint
CREATE INDEX "delivery_notes_supplier_tenant_ship_idx" ON "delivery_notes" USING btree ("supplier_tenant_id","ship_date");--> statement-breakpoint
CREATE INDEX "purchase_orders_order_date_idx" ON "purchase_orders" USING btree ("tenant_id","order_date");--> statement-breakpoint
CREATE INDEX "purchase_orders_sent_idx" ON "purchase_orders" USING btree ("tenant_id","sent_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_tenant_sent_idx" ON "purchase_orders" USING btree ("supplier_tenant_id","sent_at");
