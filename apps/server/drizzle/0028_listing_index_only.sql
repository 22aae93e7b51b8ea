DROP INDEX "products_visible_created_idx";--> statement-breakpoint
DROP INDEX "products_visible_category_idx";--> statement-breakpoint
DROP INDEX "products_visible_sub_category_idx";--> statement-breakpoint
DROP INDEX "products_visible_child_category_idx";--> statement-breakpoint
DROP INDEX "products_visible_price_idx";--> statement-breakpoint
DROP INDEX "products_visible_sales_idx";--> statement-breakpoint
DROP INDEX "products_visible_rating_idx";--> statement-breakpoint
CREATE INDEX "products_visible_created_idx" ON "products" USING btree ("created_at","id","category_id","sub_category_id","child_category_id") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_category_idx" ON "products" USING btree ("category_id","created_at","id") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_sub_category_idx" ON "products" USING btree ("sub_category_id","created_at","id") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_child_category_idx" ON "products" USING btree ("child_category_id","created_at","id") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_price_idx" ON "products" USING btree ("selling_price_kobo","id","category_id","sub_category_id","child_category_id") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_sales_idx" ON "products" USING btree ("sales_count","id","category_id","sub_category_id","child_category_id") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_rating_idx" ON "products" USING btree ("rating_average","rating_count","id","category_id","sub_category_id","child_category_id") WHERE is_visible;