CREATE TABLE "catalog_image_imports" (
	"store_id" uuid NOT NULL,
	"source_key" text NOT NULL,
	"image_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_image_imports_store_id_source_key_pk" PRIMARY KEY("store_id","source_key")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_start_date" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_end_date" date;--> statement-breakpoint
ALTER TABLE "catalog_image_imports" ADD CONSTRAINT "catalog_image_imports_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A sale ends on or after the day it starts (the form and the spreadsheet refuse it first; this keeps every writer honest).
ALTER TABLE "products" ADD CONSTRAINT "products_sale_window_order" CHECK ("sale_start_date" IS NULL OR "sale_end_date" IS NULL OR "sale_end_date" >= "sale_start_date");
