ALTER TABLE "store_subscriptions" ADD COLUMN "auto_renew" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "store_subscriptions" ADD COLUMN "authorization_code" text;--> statement-breakpoint
ALTER TABLE "store_subscriptions" ADD COLUMN "authorization_email" text;--> statement-breakpoint
ALTER TABLE "store_subscriptions" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "store_subscriptions" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "store_subscriptions" ADD COLUMN "renewal_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_subscriptions" ADD COLUMN "next_renewal_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "renews_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "authorization_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_invoices_one_renewal_key" ON "subscription_invoices" USING btree ("store_id","renews_period_end") WHERE renews_period_end is not null and status <> 'failed';