CREATE TABLE "instant_excel_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"currency_code" text NOT NULL,
	"source" text NOT NULL,
	"file_name" text,
	"rows" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"applied_result" jsonb
);
--> statement-breakpoint
ALTER TABLE "instant_excel_uploads" ADD CONSTRAINT "instant_excel_uploads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_excel_uploads" ADD CONSTRAINT "instant_excel_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instant_excel_uploads_customer_id_created_at_idx" ON "instant_excel_uploads" USING btree ("customer_id","created_at");