ALTER TABLE "store_bank_accounts" ADD COLUMN "subaccount_code" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "split" jsonb;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "split" jsonb;