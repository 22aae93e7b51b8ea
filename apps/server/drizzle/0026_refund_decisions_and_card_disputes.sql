ALTER TABLE "order_refunds" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "bearer" text;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "bearer_note" text;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "outcome" text;--> statement-breakpoint
CREATE INDEX "order_refunds_retry_idx" ON "order_refunds" USING btree ("next_attempt_at") WHERE status = 'failed' and next_attempt_at is not null;