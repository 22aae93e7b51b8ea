CREATE TABLE "return_pickups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"carrier_kind" text,
	"partner_id" uuid,
	"dispatcher_id" uuid,
	"carrier_name" text,
	"assigned_by" uuid,
	"assigned_at" timestamp with time zone,
	"pickup_token" text,
	"token_hash" text,
	"wrong_attempts" integer DEFAULT 0 NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"collect_evidence" text,
	"collected_at" timestamp with time zone,
	"drop_off_evidence" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "return_pickups" ADD CONSTRAINT "return_pickups_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_pickups_return_key" ON "return_pickups" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_pickups_status_idx" ON "return_pickups" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "return_pickups_partner_idx" ON "return_pickups" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "return_pickups_dispatcher_idx" ON "return_pickups" USING btree ("dispatcher_id","created_at");