CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"movement_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"account" text NOT NULL,
	"store_id" uuid,
	"order_id" uuid,
	"refund_id" uuid,
	"payout_id" uuid,
	"amount_kobo" bigint NOT NULL,
	"memo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"store_id" uuid NOT NULL,
	"store_name" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" text DEFAULT 'approved' NOT NULL,
	"order_count" bigint DEFAULT 0 NOT NULL,
	"approved_by" uuid NOT NULL,
	"bank_name" text,
	"account_number_last4" text,
	"recipient_code" text,
	"transfer_code" text,
	"failure_reason" text,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE INDEX "ledger_entries_store_account_idx" ON "ledger_entries" USING btree ("store_id","account");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_refund_idx" ON "ledger_entries" USING btree ("refund_id") WHERE refund_id is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_movement_idx" ON "ledger_entries" USING btree ("movement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_reference_key" ON "payouts" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_open_per_store" ON "payouts" USING btree ("store_id") WHERE status in ('approved', 'processing');--> statement-breakpoint
CREATE INDEX "payouts_store_idx" ON "payouts" USING btree ("store_id","approved_at");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","approved_at");