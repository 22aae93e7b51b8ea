CREATE TABLE "customer_shipping_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"email_address" text NOT NULL,
	"state_or_region" text NOT NULL,
	"lga" text NOT NULL,
	"address" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" text,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_line_key" UNIQUE NULLS NOT DISTINCT("customer_id","product_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"selected_shipping_address_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"tracker_id" text NOT NULL,
	"discount_kobo" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"discount_mode" text DEFAULT 'Automatic' NOT NULL,
	"code" text,
	"description" text DEFAULT '' NOT NULL,
	"discount_type" text NOT NULL,
	"discount_value" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"spend_applies_to" text DEFAULT 'AllProducts' NOT NULL,
	"spend_applies_to_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_require_type" text DEFAULT 'Amount' NOT NULL,
	"min_require_value" integer DEFAULT 0 NOT NULL,
	"usage_limit" integer DEFAULT 0 NOT NULL,
	"usage_limit_per_user" integer DEFAULT 0 NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"customer_eligibility" text DEFAULT 'Everyone' NOT NULL,
	"customer_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"customer_reward_kobo" integer DEFAULT 200000 NOT NULL,
	"reward_applies_to" text DEFAULT 'Product' NOT NULL,
	"reward_applies_to_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reward_value" integer DEFAULT 20 NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "coupons_used_count_check" CHECK (used_count >= 0 and (usage_limit = 0 or used_count <= usage_limit))
);
--> statement-breakpoint
CREATE TABLE "customer_applied_coupons" (
	"customer_id" uuid NOT NULL,
	"code" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_applied_coupons_customer_id_code_pk" PRIMARY KEY("customer_id","code")
);
--> statement-breakpoint
CREATE TABLE "customer_applied_gift_cards" (
	"customer_id" uuid NOT NULL,
	"gift_card_id" uuid NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_applied_gift_cards_customer_id_gift_card_id_pk" PRIMARY KEY("customer_id","gift_card_id")
);
--> statement-breakpoint
CREATE TABLE "gift_card_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gift_card_id" uuid NOT NULL,
	"type" text NOT NULL,
	"amount_kobo" integer NOT NULL,
	"balance_after_kobo" integer NOT NULL,
	"tracker_id" text,
	"customer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_card_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gift_card_id" uuid NOT NULL,
	"tracker_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"amount_kobo" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gift_card_payments" (
	"reference" text PRIMARY KEY NOT NULL,
	"gift_card_id" uuid NOT NULL,
	"amount_kobo" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchaser_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"code_last4" text NOT NULL,
	"code_encrypted" text NOT NULL,
	"amount_kobo" integer NOT NULL,
	"balance_kobo" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"recipient_email" text,
	"recipient_name" text,
	"message" text,
	"payment_reference" text,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_balance_check" CHECK (balance_kobo >= 0 and balance_kobo <= amount_kobo)
);
--> statement-breakpoint
CREATE TABLE "order_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"activity" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" text,
	"product_name" text NOT NULL,
	"sku" text NOT NULL,
	"unit_price_kobo" integer NOT NULL,
	"quantity" integer NOT NULL,
	"discount_kobo" integer DEFAULT 0 NOT NULL,
	"hosted_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_variant" jsonb
);
--> statement-breakpoint
CREATE TABLE "order_trackers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"items_subtotal_kobo" integer NOT NULL,
	"shipping_total_kobo" integer NOT NULL,
	"discount_total_kobo" integer NOT NULL,
	"gift_card_kobo" integer DEFAULT 0 NOT NULL,
	"amount_due_kobo" integer NOT NULL,
	"delivery_address" jsonb NOT NULL,
	"applied_coupon_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"authorization_url" text,
	"paid_at" timestamp with time zone,
	"closed_reason" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tracker_id" uuid NOT NULL,
	"order_name" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"store_name" text NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"subtotal_kobo" integer NOT NULL,
	"shipping_fee_kobo" integer NOT NULL,
	"discount_kobo" integer NOT NULL,
	"total_kobo" integer NOT NULL,
	"delivery_address" jsonb NOT NULL,
	"order_note" text,
	"order_delivery_token" text,
	"within_lagos" boolean DEFAULT false NOT NULL,
	"lagos_merchant" boolean DEFAULT false NOT NULL,
	"lagos_customer" boolean DEFAULT false NOT NULL,
	"coupon_id" uuid,
	"coupon_code" text,
	"reward_product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tracker_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" text,
	"quantity" integer NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_lagos_rates" (
	"lagos_case" text PRIMARY KEY NOT NULL,
	"base_kobo" integer NOT NULL,
	"per_kg_kobo" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_lagos_rates_case_check" CHECK ("shipping_lagos_rates"."lagos_case" in ('withinLagos', 'lagosMerchant', 'lagosCustomer')),
	CONSTRAINT "shipping_lagos_rates_amounts_check" CHECK ("shipping_lagos_rates"."base_kobo" >= 0 and "shipping_lagos_rates"."per_kg_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"max_weight_grams" integer NOT NULL,
	"surcharge_kobo" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_vehicles_amounts_check" CHECK ("shipping_vehicles"."max_weight_grams" > 0 and "shipping_vehicles"."surcharge_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_zone_rates" (
	"from_zone_id" uuid NOT NULL,
	"to_zone_id" uuid NOT NULL,
	"base_kobo" integer NOT NULL,
	"per_kg_kobo" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_zone_rates_from_zone_id_to_zone_id_pk" PRIMARY KEY("from_zone_id","to_zone_id"),
	CONSTRAINT "shipping_zone_rates_amounts_check" CHECK ("shipping_zone_rates"."base_kobo" >= 0 and "shipping_zone_rates"."per_kg_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_zone_states" (
	"state" text PRIMARY KEY NOT NULL,
	"zone_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"purpose" text NOT NULL,
	"provider" text NOT NULL,
	"customer_id" uuid,
	"amount_kobo" bigint NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"status" text DEFAULT 'initialized' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"provider_transaction_id" text,
	"fees_kobo" bigint,
	"customer_email" text NOT NULL,
	"card_type" text,
	"card_last4" text,
	"bank" text,
	"country" text,
	"ip_address" text,
	"channel" text,
	"paid_at" timestamp with time zone,
	"gateway_response" text,
	"refunded_kobo" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_transactions_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"reference" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"email" text NOT NULL,
	"callback_url" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"channel" text,
	"card_type" text,
	"card_last4" text,
	"bank" text,
	"country_code" text,
	"ip_address" text,
	"fees_kobo" bigint,
	"gateway_response" text,
	"paid_at" timestamp with time zone,
	"refunded_kobo" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"reference" text NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "webhook_events_eventKey_unique" UNIQUE("event_key")
);
--> statement-breakpoint
ALTER TABLE "customer_shipping_addresses" ADD CONSTRAINT "customer_shipping_addresses_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_applied_coupons" ADD CONSTRAINT "customer_applied_coupons_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_applied_gift_cards" ADD CONSTRAINT "customer_applied_gift_cards_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_applied_gift_cards" ADD CONSTRAINT "customer_applied_gift_cards_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_activities" ADD CONSTRAINT "gift_card_activities_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_holds" ADD CONSTRAINT "gift_card_holds_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_payments" ADD CONSTRAINT "gift_card_payments_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_purchaser_id_users_id_fk" FOREIGN KEY ("purchaser_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_activities" ADD CONSTRAINT "order_activities_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tracker_id_order_trackers_id_fk" FOREIGN KEY ("tracker_id") REFERENCES "public"."order_trackers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_tracker_id_order_trackers_id_fk" FOREIGN KEY ("tracker_id") REFERENCES "public"."order_trackers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_zone_rates" ADD CONSTRAINT "shipping_zone_rates_from_zone_id_shipping_zones_id_fk" FOREIGN KEY ("from_zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_zone_rates" ADD CONSTRAINT "shipping_zone_rates_to_zone_id_shipping_zones_id_fk" FOREIGN KEY ("to_zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_zone_states" ADD CONSTRAINT "shipping_zone_states_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_shipping_addresses_customer_idx" ON "customer_shipping_addresses" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_shipping_addresses_one_default_key" ON "customer_shipping_addresses" USING btree ("customer_id") WHERE "customer_shipping_addresses"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_coupon_tracker_key" ON "coupon_redemptions" USING btree ("coupon_id","tracker_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_customer_idx" ON "coupon_redemptions" USING btree ("coupon_id","customer_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_customer_idx" ON "coupon_redemptions" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_store_code_key" ON "coupons" USING btree ("store_id","code") WHERE code is not null and deleted_at is null;--> statement-breakpoint
CREATE INDEX "coupons_store_created_idx" ON "coupons" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_card_activities_created_idx" ON "gift_card_activities" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "gift_card_activities_card_idx" ON "gift_card_activities" USING btree ("gift_card_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_holds_tracker_card_key" ON "gift_card_holds" USING btree ("tracker_id","gift_card_id");--> statement-breakpoint
CREATE INDEX "gift_card_holds_held_idx" ON "gift_card_holds" USING btree ("status") WHERE status = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_hash_key" ON "gift_cards" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "gift_cards_purchaser_created_idx" ON "gift_cards" USING btree ("purchaser_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_cards_created_idx" ON "gift_cards" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_activities_order_idx" ON "order_activities" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_trackers_reference_key" ON "order_trackers" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "order_trackers_customer_idx" ON "order_trackers" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "order_trackers_expiry_idx" ON "order_trackers" USING btree ("expires_at") WHERE status = 'awaiting_payment';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_name_key" ON "orders" USING btree ("order_name");--> statement-breakpoint
CREATE INDEX "orders_tracker_idx" ON "orders" USING btree ("tracker_id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_store_idx" ON "orders" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_reservations_tracker_idx" ON "stock_reservations" USING btree ("tracker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_vehicles_name_key" ON "shipping_vehicles" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_zones_name_key" ON "shipping_zones" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "payment_transactions_customer_idx" ON "payment_transactions" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_status_idx" ON "payment_transactions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "webhook_events_reference_idx" ON "webhook_events" USING btree ("reference");