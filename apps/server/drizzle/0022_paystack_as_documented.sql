CREATE TABLE "payment_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_dispute_id" text NOT NULL,
	"payment_reference" text,
	"stage" text NOT NULL,
	"status" text,
	"resolution" text,
	"category" text,
	"refund_amount_kobo" bigint,
	"currency" text,
	"due_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "needs_otp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "needs_attention" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_disputes_provider_id_key" ON "payment_disputes" USING btree ("provider","provider_dispute_id");--> statement-breakpoint
CREATE INDEX "payment_disputes_payment_idx" ON "payment_disputes" USING btree ("payment_reference");