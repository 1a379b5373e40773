-- Issue 24: VAT follows the customer (the seller's country, reverse charge, export) and buying on account has a
-- credit limit. Databases seeded before this get the seller's country per area and each customer's country from its
-- default ship-to address (else the seller's); no customer gets a VAT number or a credit limit until someone sets one.
ALTER TABLE "vat_rates" ADD COLUMN "country_code" text;--> statement-breakpoint
UPDATE "vat_rates" SET "country_code" = CASE WHEN "area_id" = 'us' THEN 'US' ELSE 'DK' END;--> statement-breakpoint
ALTER TABLE "vat_rates" ALTER COLUMN "country_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_line_quantity" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "country_code" text;--> statement-breakpoint
UPDATE "customers" c SET "country_code" = COALESCE(
  (SELECT a."country_code" FROM "customer_addresses" a WHERE a."customer_id" = c."id" ORDER BY a."is_default" DESC, a."name" LIMIT 1),
  (SELECT v."country_code" FROM "vat_rates" v WHERE v."area_id" = c."area_id"),
  'DK');--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "country_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "credit_limit_minor" bigint;
