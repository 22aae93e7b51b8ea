CREATE TABLE "catalog_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"created_by" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"records" jsonb,
	"store_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rows_total" integer NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"products_total" integer NOT NULL,
	"products_done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"to_approval" integer DEFAULT 0 NOT NULL,
	"outcomes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "catalog_imports_status_check" CHECK ("catalog_imports"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "catalog_imports_progress_check" CHECK ("catalog_imports"."rows_done" between 0 and "catalog_imports"."rows_total" and "catalog_imports"."products_done" between 0 and "catalog_imports"."products_total")
);
--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD CONSTRAINT "catalog_imports_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD CONSTRAINT "catalog_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_imports_store_created_idx" ON "catalog_imports" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "catalog_imports_open_idx" ON "catalog_imports" USING btree ("created_at") WHERE "catalog_imports"."status" in ('queued', 'running');