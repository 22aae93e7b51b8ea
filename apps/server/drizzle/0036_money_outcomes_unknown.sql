ALTER TABLE "payouts" ADD COLUMN "outcome_unknown_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "refunds" jsonb DEFAULT '[]'::jsonb NOT NULL;