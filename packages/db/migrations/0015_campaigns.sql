CREATE TABLE "campaign_customers" (
	"campaign_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	CONSTRAINT "campaign_customers_campaign_id_customer_id_pk" PRIMARY KEY("campaign_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_items" (
	"campaign_id" text NOT NULL,
	"product_id" text NOT NULL,
	CONSTRAINT "campaign_items_campaign_id_product_id_pk" PRIMARY KEY("campaign_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_price_groups" (
	"campaign_id" text NOT NULL,
	"price_group_id" text NOT NULL,
	CONSTRAINT "campaign_price_groups_campaign_id_price_group_id_pk" PRIMARY KEY("campaign_id","price_group_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"area_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"campaign_type" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"targeting" text NOT NULL,
	"quantities" jsonb NOT NULL,
	"banner_image_url" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_type" CHECK ("campaigns"."campaign_type" in ('Campaign', 'MixMatch')),
	CONSTRAINT "campaigns_targeting" CHECK ("campaigns"."targeting" in ('all', 'priceGroups', 'customers')),
	CONSTRAINT "campaigns_period" CHECK ("campaigns"."valid_from" < "campaigns"."valid_to")
);
--> statement-breakpoint
CREATE TABLE "discount_splashes" (
	"area_id" text NOT NULL,
	"product_id" text NOT NULL,
	"discount_code_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "discount_splashes_area_id_product_id_discount_code_id_pk" PRIMARY KEY("area_id","product_id","discount_code_id")
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "campaign" jsonb;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "campaign_discount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "campaign" jsonb;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "campaign_discount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_customers" ADD CONSTRAINT "campaign_customers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_customers" ADD CONSTRAINT "campaign_customers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_items" ADD CONSTRAINT "campaign_items_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_items" ADD CONSTRAINT "campaign_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_price_groups" ADD CONSTRAINT "campaign_price_groups_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_price_groups" ADD CONSTRAINT "campaign_price_groups_price_group_id_price_groups_id_fk" FOREIGN KEY ("price_group_id") REFERENCES "public"."price_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_splashes" ADD CONSTRAINT "discount_splashes_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_splashes" ADD CONSTRAINT "discount_splashes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_customers_customer_id_idx" ON "campaign_customers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "campaign_items_product_id_idx" ON "campaign_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "campaigns_area_id_valid_to_idx" ON "campaigns" USING btree ("area_id","valid_to");