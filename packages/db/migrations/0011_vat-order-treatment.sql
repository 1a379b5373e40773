-- Issue 24, ADR 018: an order (and its invoice) keeps the VAT treatment it was placed with, the note its documents
-- print and the customer's VAT number, so its history stays as placed when the customer or the rule changes. Orders
-- and invoices made before this were charged their area's rate: domestic VAT in Europe, none in the USA, without a note.
ALTER TABLE "orders" ADD COLUMN "vat_treatment" text;--> statement-breakpoint
UPDATE "orders" o SET "vat_treatment" = CASE
  WHEN (SELECT v."country_code" FROM "vat_rates" v WHERE v."area_id" = o."area_id") = 'US' THEN 'no-vat'
  ELSE 'domestic' END;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "vat_treatment" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_vat_number" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_treatment" text;--> statement-breakpoint
UPDATE "invoices" i SET "vat_treatment" = (SELECT o."vat_treatment" FROM "orders" o WHERE o."id" = i."order_id");--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "vat_treatment" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_note" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "customer_vat_number" text;
