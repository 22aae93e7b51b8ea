DROP INDEX "outbox_sms_to_idx";--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "outbox_sms" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox_sms" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "outbox_sms" ADD COLUMN "not_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_sms" ADD COLUMN "held_reason" text;--> statement-breakpoint
CREATE INDEX "contact_messages_confirm_idx" ON "contact_messages" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "stock_reservations_open_product_idx" ON "stock_reservations" USING btree ("product_id") WHERE released_at is null;--> statement-breakpoint
CREATE INDEX "outbox_sms_order_idx" ON "outbox_sms" USING btree ("order_id") WHERE order_id is not null;--> statement-breakpoint
CREATE INDEX "outbox_sms_to_idx" ON "outbox_sms" USING btree ("to","created_at");