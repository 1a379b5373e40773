CREATE TABLE "content_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"area_id" text NOT NULL,
	"language_code" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"url" text,
	"title" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_documents_kind_check" CHECK ("content_documents"."kind" in ('page', 'element', 'form', 'modal')),
	CONSTRAINT "content_documents_page_url_check" CHECK (("content_documents"."kind" = 'page') = ("content_documents"."url" is not null))
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"area_id" text NOT NULL,
	"form_key" text NOT NULL,
	"data" jsonb NOT NULL,
	"client_address" text NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translations" (
	"area_id" text NOT NULL,
	"language_code" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "translations_area_id_language_code_key_pk" PRIMARY KEY("area_id","language_code","key")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "discontinued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_documents" ADD CONSTRAINT "content_documents_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_documents_key_idx" ON "content_documents" USING btree ("area_id","language_code","kind","key");--> statement-breakpoint
CREATE UNIQUE INDEX "content_documents_url_idx" ON "content_documents" USING btree ("area_id","language_code","url") WHERE "content_documents"."url" is not null;--> statement-breakpoint
CREATE INDEX "form_submissions_client_address_idx" ON "form_submissions" USING btree ("client_address","created_at");--> statement-breakpoint
-- Data: area settings gain the location list and the domain entries (spec §3); the stored menus become the one
-- `site` menu editors manage (the former `top` entries), since the category menu is now built from the catalogue.
UPDATE "areas" SET "settings" = "settings"
  || jsonb_build_object(
    'locations', (SELECT jsonb_agg(jsonb_build_object('code', a."id", 'name', a."name", 'areaInfo',
        jsonb_build_object('areaId', a."id", 'languageCode', a."language_code", 'currencyCode', a."currency_code"))
        ORDER BY a."id") FROM "areas" a),
    'domainEntries', (SELECT coalesce(jsonb_agg(jsonb_build_object('code', a."id", 'areaInfo',
        jsonb_build_object('areaId', a."id", 'languageCode', a."language_code", 'currencyCode', a."currency_code"),
        'domain', d->>'domain') ORDER BY a."id"), '[]'::jsonb)
        FROM "areas" a, jsonb_array_elements(a."settings"->'domains') d),
    'menus', jsonb_build_array(jsonb_build_object('id', 'site', 'name', 'Site menu', 'entries',
        coalesce((SELECT m->'entries' FROM jsonb_array_elements("settings"->'menus') m WHERE m->>'id' = 'top'),
          '[]'::jsonb))))
WHERE NOT ("settings" ? 'locations');
