-- ADR 063: every kobo amount is bigint. One ALTER TABLE per table, so each table is rewritten once (a column's type
-- change rewrites the whole table under an exclusive lock). products.discount_basis_points is generated from two of
-- the price columns, and PostgreSQL cannot change the type of a column a generated column reads: it is dropped with
-- its index and made again, with the same expression, after the prices are bigint.
ALTER TABLE "products" DROP COLUMN "discount_basis_points";--> statement-breakpoint
ALTER TABLE "products"
  ALTER COLUMN "cost_price_kobo" SET DATA TYPE bigint,
  ALTER COLUMN "selling_price_kobo" SET DATA TYPE bigint,
  ALTER COLUMN "price_kobo" SET DATA TYPE bigint,
  ADD COLUMN "discount_basis_points" integer GENERATED ALWAYS AS (case when price_kobo > selling_price_kobo and price_kobo > 0 then ((price_kobo - selling_price_kobo)::bigint * 10000 / price_kobo)::integer else 0 end) STORED;--> statement-breakpoint
CREATE INDEX "products_visible_discount_idx" ON "products" USING btree ("discount_basis_points") WHERE is_visible and discount_basis_points > 0;--> statement-breakpoint
ALTER TABLE "coupon_redemptions"
  ALTER COLUMN "discount_kobo" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "coupons"
  ALTER COLUMN "discount_value" SET DATA TYPE bigint,
  ALTER COLUMN "min_require_value" SET DATA TYPE bigint,
  ALTER COLUMN "customer_reward_kobo" SET DATA TYPE bigint,
  ALTER COLUMN "customer_reward_kobo" SET DEFAULT 200000;--> statement-breakpoint
ALTER TABLE "gift_card_activities"
  ALTER COLUMN "amount_kobo" SET DATA TYPE bigint,
  ALTER COLUMN "balance_after_kobo" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "gift_card_holds"
  ALTER COLUMN "amount_kobo" SET DATA TYPE bigint,
  ALTER COLUMN "refunded_kobo" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "gift_card_payments"
  ALTER COLUMN "amount_kobo" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "gift_cards"
  ALTER COLUMN "amount_kobo" SET DATA TYPE bigint,
  ALTER COLUMN "balance_kobo" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_items"
  ALTER COLUMN "unit_price_kobo" SET DATA TYPE bigint,
  ALTER COLUMN "discount_kobo" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_refunds"
  ALTER COLUMN "amount_kobo" SET DATA TYPE bigint,
  ALTER COLUMN "shipping_kobo" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_trackers"
  ALTER COLUMN "items_subtotal_kobo" SET DATA TYPE bigint,
  ALTER COLUMN "shipping_total_kobo" SET DATA TYPE bigint,
  ALTER COLUMN "discount_total_kobo" SET DATA TYPE bigint,
  ALTER COLUMN "gift_card_kobo" SET DATA TYPE bigint,
  ALTER COLUMN "amount_due_kobo" SET DATA TYPE bigint,
  ALTER COLUMN "refunded_kobo" SET DATA TYPE bigint,
  ALTER COLUMN "gift_card_refunded_kobo" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders"
  ALTER COLUMN "subtotal_kobo" SET DATA TYPE bigint,
  ALTER COLUMN "shipping_fee_kobo" SET DATA TYPE bigint,
  ALTER COLUMN "discount_kobo" SET DATA TYPE bigint,
  ALTER COLUMN "total_kobo" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_returns"
  ALTER COLUMN "refund_kobo" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "shipping_lagos_rates"
  ALTER COLUMN "base_kobo" SET DATA TYPE bigint,
  ALTER COLUMN "per_kg_kobo" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "shipping_vehicles"
  ALTER COLUMN "surcharge_kobo" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "shipping_zone_rates"
  ALTER COLUMN "base_kobo" SET DATA TYPE bigint,
  ALTER COLUMN "per_kg_kobo" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "plans"
  ALTER COLUMN "monthly_price_kobo" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "subscription_invoices"
  ALTER COLUMN "amount_kobo" SET DATA TYPE bigint;
