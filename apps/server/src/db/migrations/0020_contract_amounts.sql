-- Contracts (issue 22 leftovers): the amount cap holds like the quantity cap, by one conditional update of
-- `contracts.ordered_amount`; each order line keeps the amount it holds (`contract_amount`) beside its
-- quantity. An enterprise may make both caps a warning instead of a refusal.
ALTER TABLE "contracts" ADD COLUMN "ordered_amount" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD COLUMN "contract_amount" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "contract_cap_warning" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The comparison report reads a material's last order price.
CREATE INDEX "purchase_order_lines_material_idx" ON "purchase_order_lines" USING btree ("tenant_id","material_id");--> statement-breakpoint
-- The achievement report reads the order lines of a contract's lines.
CREATE INDEX "purchase_order_lines_contract_line_idx" ON "purchase_order_lines" USING btree ("tenant_id","contract_line_id") WHERE "contract_line_id" IS NOT NULL;--> statement-breakpoint
-- Orders placed before the amount was kept: what each line holds now at its price.
SELECT set_config('row_security', 'off', true);--> statement-breakpoint
UPDATE "purchase_order_lines" SET "contract_amount" = CASE WHEN "contract_qty" = "qty" THEN "amount" ELSE round("contract_qty" * "price", 2) END WHERE "contract_line_id" IS NOT NULL AND "contract_qty" <> 0;--> statement-breakpoint
UPDATE "contracts" c SET "ordered_amount" = coalesce((
  SELECT sum(l."contract_amount") FROM "purchase_order_lines" l
    JOIN "contract_lines" cl ON cl."tenant_id" = l."tenant_id" AND cl."id" = l."contract_line_id"
   WHERE cl."tenant_id" = c."tenant_id" AND cl."contract_id" = c."id"), 0);--> statement-breakpoint
SELECT set_config('row_security', 'on', true);
