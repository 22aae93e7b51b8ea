CREATE INDEX "products_visible_category_price_idx" ON "products" USING btree ("category_id","price_now_kobo","id") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_category_sales_idx" ON "products" USING btree ("category_id","sales_count","id") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_category_rating_idx" ON "products" USING btree ("category_id","rating_average","rating_count","id") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_sub_category_price_idx" ON "products" USING btree ("sub_category_id","price_now_kobo","id") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_sub_category_sales_idx" ON "products" USING btree ("sub_category_id","sales_count","id") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_sub_category_rating_idx" ON "products" USING btree ("sub_category_id","rating_average","rating_count","id") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_child_category_price_idx" ON "products" USING btree ("child_category_id","price_now_kobo","id") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_child_category_sales_idx" ON "products" USING btree ("child_category_id","sales_count","id") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_child_category_rating_idx" ON "products" USING btree ("child_category_id","rating_average","rating_count","id") WHERE is_visible;