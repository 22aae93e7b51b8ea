ALTER TABLE "products" ADD COLUMN "sale_start_date" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_end_date" date;--> statement-breakpoint
-- A sale ends on or after the day it starts (the form and the spreadsheet refuse it first; this keeps every writer honest).
ALTER TABLE "products" ADD CONSTRAINT "products_sale_window_order" CHECK ("sale_start_date" IS NULL OR "sale_end_date" IS NULL OR "sale_end_date" >= "sale_start_date");
