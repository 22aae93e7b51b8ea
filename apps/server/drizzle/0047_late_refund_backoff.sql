ALTER TABLE "order_trackers" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_trackers" ADD COLUMN "refund_retry_at" timestamp with time zone;