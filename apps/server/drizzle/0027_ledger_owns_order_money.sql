CREATE TABLE "ledger_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"commission_basis_points" integer NOT NULL,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payable_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payout_orders" (
	"payout_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	CONSTRAINT "payout_orders_payout_id_order_id_pk" PRIMARY KEY("payout_id","order_id")
);
--> statement-breakpoint
ALTER TABLE "payout_orders" ADD CONSTRAINT "payout_orders_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_orders_store_idx" ON "ledger_orders" USING btree ("store_id","booked_at");--> statement-breakpoint
CREATE INDEX "payout_orders_order_idx" ON "payout_orders" USING btree ("order_id");--> statement-breakpoint
-- ADR 047: the books keep what orders kept of their money. Orders the ledger booked get their page (rate, since when
-- payable); orders it never booked are booked at start by the same flow steps as a live order (bookUnpostedOrders).
INSERT INTO "ledger_orders" ("order_id", "store_id", "commission_basis_points", "booked_at", "payable_at")
SELECT o."id", o."store_id", coalesce(o."commission_basis_points", 0),
  coalesce((SELECT min(e."created_at") FROM "ledger_entries" e WHERE e."order_id" = o."id"), o."updated_at"),
  o."payable_at"
FROM "orders" o WHERE o."commission_kobo" IS NOT NULL
ON CONFLICT ("order_id") DO NOTHING;--> statement-breakpoint
-- Each payout's orders, with what it carries of each: the order's payable lines (payouts aside), as approval took it.
INSERT INTO "payout_orders" ("payout_id", "order_id", "amount_kobo")
SELECT o."payout_id", o."id",
  -coalesce((SELECT sum(e."amount_kobo") FROM "ledger_entries" e WHERE e."order_id" = o."id"
    AND e."account" = 'merchant_payable' AND e."kind" NOT IN ('payout', 'payout_reversal')), 0)
FROM "orders" o JOIN "payouts" p ON p."id" = o."payout_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "commission_basis_points";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "commission_kobo";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "due_to_merchant_kobo";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payable_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "paid_out_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payout_id";