DROP INDEX "products_visible_created_idx";--> statement-breakpoint
DROP INDEX "products_visible_sales_idx";--> statement-breakpoint
DROP INDEX "products_visible_rating_idx";--> statement-breakpoint
CREATE INDEX "products_visible_created_idx" ON "products" USING btree ("created_at","id","category_id","sub_category_id","child_category_id","price_now_kobo") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_sales_idx" ON "products" USING btree ("sales_count","id","category_id","sub_category_id","child_category_id","price_now_kobo") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_rating_idx" ON "products" USING btree ("rating_average","rating_count","id","category_id","sub_category_id","child_category_id","price_now_kobo") WHERE is_visible;