CREATE TABLE "favorite_list_products" (
	"list_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" text,
	"variant_key" text DEFAULT '' NOT NULL,
	"unit_of_measure" text DEFAULT 'STK' NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_list_products_list_id_product_id_variant_key_unit_of_measure_pk" PRIMARY KEY("list_id","product_id","variant_key","unit_of_measure")
);
--> statement-breakpoint
CREATE TABLE "favorite_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_lists_name_length" CHECK (char_length("favorite_lists"."name") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "favorite_list_products" ADD CONSTRAINT "favorite_list_products_list_id_favorite_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."favorite_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_list_products" ADD CONSTRAINT "favorite_list_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_list_products" ADD CONSTRAINT "favorite_list_products_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_lists" ADD CONSTRAINT "favorite_lists_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorite_list_products_product_id_idx" ON "favorite_list_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "favorite_list_products_variant_id_idx" ON "favorite_list_products" USING btree ("variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favorite_lists_customer_name_key_idx" ON "favorite_lists" USING btree ("customer_id","name_key");--> statement-breakpoint
CREATE INDEX "favorite_lists_customer_touched_at_idx" ON "favorite_lists" USING btree ("customer_id","touched_at");