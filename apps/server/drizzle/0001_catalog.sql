CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"level" integer NOT NULL,
	"parent_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"image" text,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_level_parent_slug_key" UNIQUE NULLS NOT DISTINCT("level","parent_id","slug")
);
--> statement-breakpoint
CREATE TABLE "featured_collection_products" (
	"collection_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "featured_collection_products_collection_id_product_id_pk" PRIMARY KEY("collection_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "featured_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"image" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "official_outlets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_id" uuid NOT NULL,
	"sub_category_id" uuid,
	"child_category_id" uuid,
	"cost_price_kobo" integer DEFAULT 0 NOT NULL,
	"selling_price_kobo" integer NOT NULL,
	"price_kobo" integer NOT NULL,
	"discount_basis_points" integer GENERATED ALWAYS AS (case when price_kobo > selling_price_kobo and price_kobo > 0 then ((price_kobo - selling_price_kobo)::bigint * 10000 / price_kobo)::integer else 0 end) STORED,
	"quantity" integer DEFAULT 0 NOT NULL,
	"sku" text NOT NULL,
	"weight" numeric(10, 3),
	"weight_unit" text DEFAULT 'kg' NOT NULL,
	"dimension" jsonb,
	"dimension_unit" text DEFAULT 'cm' NOT NULL,
	"when_sold_out" text DEFAULT 'show-sold-out' NOT NULL,
	"cont_sales_out_of_stock" boolean DEFAULT false NOT NULL,
	"stock_alert_units" integer DEFAULT 5 NOT NULL,
	"is_digital_product" boolean DEFAULT false NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"variant_properties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hosted_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"approval_status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"is_visible" boolean DEFAULT false NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"rating_average" numeric(3, 2) DEFAULT '0' NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"store_name" text NOT NULL,
	"category_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(category_text, '')), 'B') || setweight(to_tsvector('english', coalesce(store_name, '')), 'B') || setweight(to_tsvector('english', coalesce(jsonb_path_query_array(description, '$[*]')::text, '')), 'C')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promotion_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"date_of_birth" date,
	"nationality" text,
	"id_document_type" text,
	"id_document_number" text,
	"id_document_file_id" uuid,
	"home_address" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"use_home_address" boolean DEFAULT false NOT NULL,
	"proof_of_address_file_id" uuid,
	"staff_size" text,
	"category" text,
	"physical_location" text,
	"pickup_location" jsonb,
	"sub_category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pricing_plan" text,
	"onboarded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_approvers" (
	"admin_id" uuid PRIMARY KEY NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_follows" (
	"customer_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_follows_customer_id_store_id_pk" PRIMARY KEY("customer_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"visibility" text NOT NULL,
	"purpose" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"original_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "office_address" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "store_phone_number" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "is_physical_location" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "shipping_location" jsonb;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "hub_id" uuid;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "socials" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "profile_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "approval_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "first_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "first_approved_by" uuid;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "second_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "second_approved_by" uuid;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "payment_category" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "is_visible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "followers_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "sales_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "featured_collection_products" ADD CONSTRAINT "featured_collection_products_collection_id_featured_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."featured_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_collection_products" ADD CONSTRAINT "featured_collection_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_collections" ADD CONSTRAINT "featured_collections_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "official_outlets" ADD CONSTRAINT "official_outlets_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_products" ADD CONSTRAINT "promotion_products_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_products" ADD CONSTRAINT "promotion_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_profiles" ADD CONSTRAINT "merchant_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_approvers" ADD CONSTRAINT "store_approvers_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_follows" ADD CONSTRAINT "store_follows_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_follows" ADD CONSTRAINT "store_follows_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","position");--> statement-breakpoint
CREATE INDEX "featured_collections_store_idx" ON "featured_collections" USING btree ("store_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "official_outlets_store_key" ON "official_outlets" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_store_sku_key" ON "products" USING btree ("store_id","sku");--> statement-breakpoint
CREATE INDEX "products_store_created_idx" ON "products" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "products_approval_idx" ON "products" USING btree ("approval_status","created_at");--> statement-breakpoint
CREATE INDEX "products_visible_created_idx" ON "products" USING btree ("created_at","id") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_in_stock_idx" ON "products" USING btree ("created_at") WHERE is_visible and quantity > 0;--> statement-breakpoint
CREATE INDEX "products_visible_category_idx" ON "products" USING btree ("category_id","created_at") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_sub_category_idx" ON "products" USING btree ("sub_category_id","created_at") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_child_category_idx" ON "products" USING btree ("child_category_id","created_at") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_price_idx" ON "products" USING btree ("selling_price_kobo") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_sales_idx" ON "products" USING btree ("sales_count") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_rating_idx" ON "products" USING btree ("rating_average") WHERE is_visible;--> statement-breakpoint
CREATE INDEX "products_visible_discount_idx" ON "products" USING btree ("discount_basis_points") WHERE is_visible and discount_basis_points > 0;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_products_key" ON "promotion_products" USING btree ("promotion_id","product_id");--> statement-breakpoint
CREATE INDEX "store_follows_store_idx" ON "store_follows" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "stores_approval_idx" ON "stores" USING btree ("approval_status","created_at");--> statement-breakpoint
CREATE INDEX "stores_visible_followers_idx" ON "stores" USING btree ("followers_count") WHERE "stores"."is_visible";