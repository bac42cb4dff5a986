-- Quotes the buyer records for a supplier off the network (issue 21): who recorded it and when, and the
-- supplier's own document (the faxed or mailed quote) attached. The figures of a recorded quote on a
-- sealed inquiry wait in quotation_bids (in the buyer's tenant) until the opening, like the others.
ALTER TABLE "quotations" ADD COLUMN "recorded_by" bigint;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "record_attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;
