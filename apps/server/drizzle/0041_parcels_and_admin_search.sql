ALTER TABLE "order_activities" ADD COLUMN "parcel_ref" text;--> statement-breakpoint
CREATE INDEX "orders_name_prefix_idx" ON "orders" USING btree (order_name text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_phone_prefix_idx" ON "orders" USING btree ((delivery_address->>'phoneNumber') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_email_prefix_idx" ON "orders" USING btree (lower(delivery_address->>'emailAddress') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_name_words_idx" ON "orders" USING gin (to_tsvector('simple', coalesce(delivery_address->>'fullName', '')));