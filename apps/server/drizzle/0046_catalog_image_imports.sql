CREATE TABLE "catalog_image_imports" (
	"store_id" uuid NOT NULL,
	"source_key" text NOT NULL,
	"image_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_image_imports_store_id_source_key_pk" PRIMARY KEY("store_id","source_key")
);
--> statement-breakpoint
ALTER TABLE "catalog_image_imports" ADD CONSTRAINT "catalog_image_imports_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;