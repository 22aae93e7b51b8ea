CREATE TABLE "ledger_marks" (
	"name" text PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_rollup_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_rollup_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"store_id" uuid NOT NULL,
	"day" date,
	"orders_count" bigint DEFAULT 0 NOT NULL,
	"total_kobo" bigint DEFAULT 0 NOT NULL,
	"subtotal_kobo" bigint DEFAULT 0 NOT NULL,
	"discount_kobo" bigint DEFAULT 0 NOT NULL,
	"shipping_kobo" bigint DEFAULT 0 NOT NULL,
	"commission_kobo" bigint DEFAULT 0 NOT NULL,
	"due_kobo" bigint DEFAULT 0 NOT NULL,
	"escrow_due_kobo" bigint DEFAULT 0 NOT NULL,
	"payable_due_kobo" bigint DEFAULT 0 NOT NULL,
	"refunded_kobo" bigint DEFAULT 0 NOT NULL,
	"refunded_goods_kobo" bigint DEFAULT 0 NOT NULL,
	"settled_kobo" bigint DEFAULT 0 NOT NULL,
	"paid_out_kobo" bigint DEFAULT 0 NOT NULL,
	"goods_kept_kobo" bigint DEFAULT 0 NOT NULL,
	"escrow_kobo" bigint DEFAULT 0 NOT NULL,
	"payable_kobo" bigint DEFAULT 0 NOT NULL,
	"settlement_kobo" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_store_balances" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"escrow_kobo" bigint DEFAULT 0 NOT NULL,
	"payable_kobo" bigint DEFAULT 0 NOT NULL,
	"settlement_kobo" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_store_days" (
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"orders_count" bigint DEFAULT 0 NOT NULL,
	"total_kobo" bigint DEFAULT 0 NOT NULL,
	"subtotal_kobo" bigint DEFAULT 0 NOT NULL,
	"discount_kobo" bigint DEFAULT 0 NOT NULL,
	"shipping_kobo" bigint DEFAULT 0 NOT NULL,
	"commission_kobo" bigint DEFAULT 0 NOT NULL,
	"due_kobo" bigint DEFAULT 0 NOT NULL,
	"escrow_due_kobo" bigint DEFAULT 0 NOT NULL,
	"payable_due_kobo" bigint DEFAULT 0 NOT NULL,
	"refunded_kobo" bigint DEFAULT 0 NOT NULL,
	"refunded_goods_kobo" bigint DEFAULT 0 NOT NULL,
	"settled_kobo" bigint DEFAULT 0 NOT NULL,
	"paid_out_kobo" bigint DEFAULT 0 NOT NULL,
	"goods_kept_kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_store_days_store_id_day_pk" PRIMARY KEY("store_id","day")
);
--> statement-breakpoint
ALTER TABLE "ledger_orders" ADD COLUMN "order_day" date;--> statement-breakpoint
ALTER TABLE "ledger_orders" ADD COLUMN "subtotal_kobo" bigint;--> statement-breakpoint
ALTER TABLE "ledger_orders" ADD COLUMN "discount_kobo" bigint;--> statement-breakpoint
ALTER TABLE "ledger_orders" ADD COLUMN "shipping_kobo" bigint;--> statement-breakpoint
ALTER TABLE "ledger_orders" ADD COLUMN "total_kobo" bigint;--> statement-breakpoint
-- ADR 067: the pages booked before this migration take their order's amounts and Lagos day from the order.
UPDATE "ledger_orders" lo SET "order_day" = ((o."created_at" at time zone 'UTC') + interval '1 hour')::date,
  "subtotal_kobo" = o."subtotal_kobo", "discount_kobo" = o."discount_kobo", "shipping_kobo" = o."shipping_fee_kobo",
  "total_kobo" = o."total_kobo"
  FROM "orders" o WHERE o."id" = lo."order_id";--> statement-breakpoint
UPDATE "ledger_orders" SET "order_day" = coalesce("order_day", (("booked_at" at time zone 'UTC') + interval '1 hour')::date),
  "subtotal_kobo" = coalesce("subtotal_kobo", 0), "discount_kobo" = coalesce("discount_kobo", 0),
  "shipping_kobo" = coalesce("shipping_kobo", 0), "total_kobo" = coalesce("total_kobo", 0)
  WHERE "order_day" IS NULL OR "total_kobo" IS NULL;--> statement-breakpoint
ALTER TABLE "ledger_orders" ALTER COLUMN "order_day" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_orders" ALTER COLUMN "subtotal_kobo" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_orders" ALTER COLUMN "discount_kobo" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_orders" ALTER COLUMN "shipping_kobo" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_orders" ALTER COLUMN "total_kobo" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_rollup_deltas_store_day_idx" ON "ledger_rollup_deltas" USING btree ("store_id","day");--> statement-breakpoint
CREATE INDEX "ledger_store_days_day_idx" ON "ledger_store_days" USING btree ("day");