ALTER TABLE "payment_disputes" ADD COLUMN "bearer" text;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "bearer_note" text;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD COLUMN "outcome" text;