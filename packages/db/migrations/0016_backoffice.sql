CREATE TABLE "audit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"actor_username" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"action" text NOT NULL,
	"summary" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "cache_invalidations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cache_type" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "cache_usage_reports" (
	"instance_id" text PRIMARY KEY NOT NULL,
	"app" text NOT NULL,
	"hostname" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"caches" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_document_versions" (
	"document_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"area_id" text NOT NULL,
	"language_code" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"url" text,
	"title" text NOT NULL,
	"body" jsonb NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"saved_by_user_id" uuid,
	CONSTRAINT "content_document_versions_document_id_version_pk" PRIMARY KEY("document_id","version")
);
--> statement-breakpoint
CREATE TABLE "mail_templates" (
	"kind" text NOT NULL,
	"area_id" text NOT NULL,
	"language_code" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" uuid,
	CONSTRAINT "mail_templates_kind_area_id_language_code_pk" PRIMARY KEY("kind","area_id","language_code")
);
--> statement-breakpoint
ALTER TABLE "content_documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "redirects" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cache_invalidations" ADD CONSTRAINT "cache_invalidations_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_document_versions" ADD CONSTRAINT "content_document_versions_saved_by_user_id_users_id_fk" FOREIGN KEY ("saved_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD CONSTRAINT "mail_templates_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD CONSTRAINT "mail_templates_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entries_occurred_at_idx" ON "audit_entries" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "audit_entries_object_idx" ON "audit_entries" USING btree ("object_type","object_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_entries_actor_idx" ON "audit_entries" USING btree ("actor_user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "cache_usage_reports_reported_at_idx" ON "cache_usage_reports" USING btree ("reported_at");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_status_created_at_idx" ON "orders" USING btree ("status","created_at");