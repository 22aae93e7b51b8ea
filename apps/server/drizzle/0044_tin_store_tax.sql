ALTER TABLE "stores" ADD COLUMN "tin" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "is_vat_registered" boolean DEFAULT false NOT NULL;