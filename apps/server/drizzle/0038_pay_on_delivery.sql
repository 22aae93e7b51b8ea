CREATE TABLE "pod_collections" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"order_name" text NOT NULL,
	"store_id" uuid NOT NULL,
	"carrier_id" uuid NOT NULL,
	"carrier_kind" text NOT NULL,
	"carrier_name" text NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"amount_kobo" bigint NOT NULL,
	"fee_kobo" bigint NOT NULL,
	"remittance_id" uuid,
	"remitted_at" timestamp with time zone,
	"collected_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pod_collections_amount_positive" CHECK ("pod_collections"."amount_kobo" > 0 and "pod_collections"."fee_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pod_refusals" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"refused_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pod_remittances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"carrier_id" uuid NOT NULL,
	"carrier_kind" text NOT NULL,
	"carrier_name" text NOT NULL,
	"reference" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"order_count" integer NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"decided_by" uuid,
	"decision_note" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "pod_remittances_amount_positive" CHECK ("pod_remittances"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "pod_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"zone_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_order_kobo" bigint NOT NULL,
	"fee_kobo" bigint NOT NULL,
	"refusal_limit" integer NOT NULL,
	"refusal_period_days" integer NOT NULL,
	"carrier_cash_limit_kobo" bigint NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pod_settings_single_row" CHECK ("pod_settings"."id" = 1),
	CONSTRAINT "pod_settings_amounts" CHECK ("pod_settings"."max_order_kobo" > 0 and "pod_settings"."fee_kobo" >= 0 and "pod_settings"."carrier_cash_limit_kobo" > 0 and "pod_settings"."refusal_limit" >= 1 and "pod_settings"."refusal_period_days" >= 1)
);
--> statement-breakpoint
CREATE TABLE "pod_store_settings" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "carrier_id" uuid;--> statement-breakpoint
ALTER TABLE "order_trackers" ADD COLUMN "on_delivery_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pod_fee_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "pod_collections_carrier_idx" ON "pod_collections" USING btree ("carrier_id","collected_at");--> statement-breakpoint
CREATE INDEX "pod_collections_remittance_idx" ON "pod_collections" USING btree ("remittance_id") WHERE remittance_id is not null;--> statement-breakpoint
CREATE INDEX "pod_refusals_customer_idx" ON "pod_refusals" USING btree ("customer_id","refused_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pod_remittances_reference_key" ON "pod_remittances" USING btree ("carrier_id","reference");--> statement-breakpoint
CREATE INDEX "pod_remittances_status_idx" ON "pod_remittances" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_carrier_idx" ON "ledger_entries" USING btree ("carrier_id","account") WHERE carrier_id is not null;