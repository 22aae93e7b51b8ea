CREATE TABLE "order_handovers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"from_party_kind" text NOT NULL,
	"from_party_id" uuid,
	"to_party_kind" text NOT NULL,
	"to_party_id" uuid,
	"token_hash" text NOT NULL,
	"wrong_attempts" integer DEFAULT 0 NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_trackers" ADD COLUMN "refund_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_trackers" ADD COLUMN "refunded_kobo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_handovers" ADD CONSTRAINT "order_handovers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_handovers_order_idx" ON "order_handovers" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_trackers_refund_due_idx" ON "order_trackers" USING btree ("created_at") WHERE refund_status = 'due';--> statement-breakpoint
-- Backfill: refund state was a phrase at the end of closed_reason; a refund that was made set refunded_at.
UPDATE "order_trackers" SET "refund_status" = 'refunded', "refunded_kobo" = "amount_due_kobo" WHERE "refunded_at" IS NOT NULL;--> statement-breakpoint
UPDATE "order_trackers" SET "refund_status" = 'due' WHERE "refunded_at" IS NULL AND "closed_reason" LIKE '%refund due';--> statement-breakpoint
-- Backfill: every paid order's delivery token becomes the open carrier-to-customer hand-over (hash only).
INSERT INTO "order_handovers" ("order_id", "from_party_kind", "to_party_kind", "to_party_id", "token_hash", "created_at", "completed_at")
SELECT "id", 'carrier', 'customer', "customer_id", encode(sha256(convert_to("order_delivery_token", 'UTF8')), 'hex'), "updated_at",
  CASE WHEN "status" IN ('delivered', 'completed', 'returned') THEN "updated_at" END
FROM "orders" WHERE "order_delivery_token" IS NOT NULL;
