-- Issue 16: the archive keeps what the decimal model allows. Quantities take the enterprise's places
-- (up to 6), and a material's tax rate the dictionary's 4 places (13.0625 %), instead of rounding them away.
ALTER TABLE "materials" ALTER COLUMN "tax_rate" TYPE numeric(9, 4);--> statement-breakpoint
ALTER TABLE "materials" ALTER COLUMN "min_order_qty" TYPE numeric(19, 6);--> statement-breakpoint
ALTER TABLE "materials" ALTER COLUMN "min_pack_qty" TYPE numeric(19, 6);--> statement-breakpoint
ALTER TABLE "material_suppliers" ALTER COLUMN "safe_store_qty" TYPE numeric(19, 6);--> statement-breakpoint
ALTER TABLE "material_suppliers" ALTER COLUMN "top_store_qty" TYPE numeric(19, 6);--> statement-breakpoint
ALTER TABLE "material_customers" ALTER COLUMN "material_qty" TYPE numeric(19, 6);--> statement-breakpoint
ALTER TABLE "material_customers" ALTER COLUMN "small_qty" TYPE numeric(19, 6);--> statement-breakpoint
ALTER TABLE "material_customers" ALTER COLUMN "outer_qty" TYPE numeric(19, 6);--> statement-breakpoint
ALTER TABLE "material_customers" ALTER COLUMN "min_qty" TYPE numeric(19, 6);
