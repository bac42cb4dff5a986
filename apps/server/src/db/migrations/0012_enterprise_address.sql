ALTER TABLE "enterprises" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "phone" text DEFAULT '' NOT NULL;