CREATE TABLE "hub_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hub_id" uuid NOT NULL,
	"applicant_kind" text NOT NULL,
	"applicant_id" uuid NOT NULL,
	"applicant_name" text NOT NULL,
	"submitted_by" uuid NOT NULL,
	"kind" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hubs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"state" text NOT NULL,
	"lga" text NOT NULL,
	"capacity" integer NOT NULL,
	"contact_phone" text NOT NULL,
	"contact_email" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_activities" ADD COLUMN "evidence" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hub_id" uuid;--> statement-breakpoint
ALTER TABLE "hub_applications" ADD CONSTRAINT "hub_applications_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_applications" ADD CONSTRAINT "hub_applications_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hubs" ADD CONSTRAINT "hubs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hub_applications_one_pending_key" ON "hub_applications" USING btree ("hub_id","applicant_kind","applicant_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "hub_applications_status_idx" ON "hub_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "hub_applications_applicant_idx" ON "hub_applications" USING btree ("applicant_kind","applicant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hubs_name_key" ON "hubs" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "hubs_state_idx" ON "hubs" USING btree ("state","name");