CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"tracker_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"return_id" uuid,
	"kind" text NOT NULL,
	"destination" text NOT NULL,
	"payment_reference" text NOT NULL,
	"amount_kobo" integer NOT NULL,
	"shipping_kobo" integer DEFAULT 0 NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_reference" text,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"charged_to" text DEFAULT 'merchant' NOT NULL,
	"requested_by_role" text NOT NULL,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_name" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"customer_name" text NOT NULL,
	"store_id" uuid NOT NULL,
	"store_name" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"refund_kobo" integer,
	"replacement_order_id" uuid,
	"merchant_note" text,
	"dispute_status" text DEFAULT 'none' NOT NULL,
	"dispute_reason" text,
	"dispute_note" text,
	"chargeback" text,
	"chargeback_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gift_card_holds" ADD COLUMN "refunded_kobo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_trackers" ADD COLUMN "gift_card_refunded_kobo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_return_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "replacement_of" uuid;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_tracker_id_order_trackers_id_fk" FOREIGN KEY ("tracker_id") REFERENCES "public"."order_trackers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_reference_key" ON "order_refunds" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_refunds_payment_idx" ON "order_refunds" USING btree ("payment_reference");--> statement-breakpoint
CREATE INDEX "order_refunds_status_idx" ON "order_refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "order_returns_order_idx" ON "order_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_returns_store_idx" ON "order_returns" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "order_returns_customer_idx" ON "order_returns" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "order_returns_disputed_idx" ON "order_returns" USING btree ("created_at") WHERE dispute_status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "order_returns_open_key" ON "order_returns" USING btree ("order_id") WHERE status in ('requested', 'approved', 'item_received');