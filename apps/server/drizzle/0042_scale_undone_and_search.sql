ALTER TABLE "ledger_orders" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_rollup_deltas" ADD COLUMN "undone_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_rollup_deltas" ADD COLUMN "undone_goods_kept_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_store_days" ADD COLUMN "undone_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_store_days" ADD COLUMN "undone_goods_kept_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "users_name_words_idx" ON "users" USING gin (to_tsvector('simple', first_name || ' ' || last_name));--> statement-breakpoint
CREATE INDEX "payment_transactions_reference_prefix_idx" ON "payment_transactions" USING btree (upper(reference) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "payment_transactions_email_prefix_idx" ON "payment_transactions" USING btree (lower(customer_email) text_pattern_ops);--> statement-breakpoint
-- ADR 082: the pages of orders already cancelled after payment or returned are marked taken back, as of their last
-- change; the roll-ups are built again from the books at the next start (their undone figures are new).
UPDATE "ledger_orders" lo SET "undone_at" = o."updated_at"
  FROM "orders" o WHERE o."id" = lo."order_id" AND o."status" IN ('cancelled', 'returned');--> statement-breakpoint
DELETE FROM "ledger_marks" WHERE "name" = 'rollups.built';
