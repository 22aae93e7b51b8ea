CREATE TABLE "store_bank_accounts" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"updated_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"includes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"monthly_price_kobo" integer NOT NULL,
	"product_limit" integer,
	"commission_basis_points" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_price_check" CHECK (monthly_price_kobo >= 0),
	CONSTRAINT "plans_limit_check" CHECK (product_limit is null or product_limit > 0)
);
--> statement-breakpoint
CREATE TABLE "store_subscriptions" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"plan_name" text NOT NULL,
	"amount_kobo" integer NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_invoices_amount_check" CHECK (amount_kobo >= 0)
);
--> statement-breakpoint
ALTER TABLE "store_bank_accounts" ADD CONSTRAINT "store_bank_accounts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_policies" ADD CONSTRAINT "store_policies_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_subscriptions" ADD CONSTRAINT "store_subscriptions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_subscriptions" ADD CONSTRAINT "store_subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_policies_store_type_key" ON "store_policies" USING btree ("store_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_code_key" ON "plans" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_one_default_key" ON "plans" USING btree ("is_default") WHERE is_default;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_invoices_reference_key" ON "subscription_invoices" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "subscription_invoices_store_created_idx" ON "subscription_invoices" USING btree ("store_id","created_at");--> statement-breakpoint
-- The three plans merchants chose from at onboarding (packages/contracts/src/stores.ts), now data admins manage.
-- Starter is the default: the plan of every store that pays for none.
INSERT INTO "plans" ("code", "name", "summary", "includes", "monthly_price_kobo", "product_limit", "commission_basis_points", "is_default", "sort_order") VALUES
('starter', 'Starter', 'For a new shop taking its first orders online.', '["List products with photos and variants","Take orders and payments in naira","Delivery through Naija Market partners","A storefront at your own link"]'::jsonb, 500000, 50, 800, true, 10),
('growth', 'Growth', 'For a shop that sells every week and wants repeat customers.', '["Everything in Starter","Coupons and automatic discounts","Featured collections on your storefront","Sales reports"]'::jsonb, 1500000, 500, 650, false, 20),
('pro', 'Pro', 'For a busy business with staff.', '["Everything in Growth","Staff accounts with their own roles","Storefront themes and colours","Priority support"]'::jsonb, 4500000, NULL, 500, false, 30);
