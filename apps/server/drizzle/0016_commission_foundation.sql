CREATE TABLE "payment_categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"commission_basis_points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_categories_commission_check" CHECK ("payment_categories"."commission_basis_points" >= 0 and "payment_categories"."commission_basis_points" <= 10000)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "commission_basis_points" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "commission_kobo" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_to_merchant_kobo" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
INSERT INTO "payment_categories" ("slug", "name", "commission_basis_points") VALUES
	('standard', 'Standard', 1000),
	('premium', 'Premium', 750),
	('enterprise', 'Enterprise', 500)
ON CONFLICT ("slug") DO NOTHING;
