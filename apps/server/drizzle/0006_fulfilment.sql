CREATE TABLE "order_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"carrier_kind" text NOT NULL,
	"partner_id" uuid,
	"dispatcher_id" uuid,
	"assigned_by" uuid NOT NULL,
	"status" text DEFAULT 'assigned' NOT NULL,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "order_handovers" ADD COLUMN "invalidated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "partner_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispatcher_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assignment_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispatcher_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispatch_phone_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_evidence" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_assignments" ADD CONSTRAINT "order_assignments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_assignments_order_idx" ON "order_assignments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_partner_idx" ON "orders" USING btree ("partner_id","created_at") WHERE partner_id is not null;--> statement-breakpoint
CREATE INDEX "orders_dispatcher_idx" ON "orders" USING btree ("dispatcher_id","created_at") WHERE dispatcher_id is not null;