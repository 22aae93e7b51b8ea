CREATE TABLE "merchant_themes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"theme_id" integer NOT NULL,
	"header" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"color" jsonb NOT NULL,
	"social" jsonb NOT NULL,
	"draft_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_theme_states" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"active_theme_id" integer DEFAULT 45 NOT NULL,
	"current_version" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "theme_preview_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"merchant_theme_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "theme_testimonials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_theme_id" uuid NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"rating" integer DEFAULT 5 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "theme_testimonials_rating_check" CHECK (rating between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "theme_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"theme_id" integer NOT NULL,
	"merchant_theme_id" uuid NOT NULL,
	"snapshot" jsonb NOT NULL,
	"replaces_version" integer,
	"published_by" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"design" jsonb NOT NULL,
	"pages" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "themes_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "merchant_themes" ADD CONSTRAINT "merchant_themes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_themes" ADD CONSTRAINT "merchant_themes_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_theme_states" ADD CONSTRAINT "store_theme_states_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_theme_states" ADD CONSTRAINT "store_theme_states_active_theme_id_themes_id_fk" FOREIGN KEY ("active_theme_id") REFERENCES "public"."themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_preview_links" ADD CONSTRAINT "theme_preview_links_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_preview_links" ADD CONSTRAINT "theme_preview_links_merchant_theme_id_merchant_themes_id_fk" FOREIGN KEY ("merchant_theme_id") REFERENCES "public"."merchant_themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_testimonials" ADD CONSTRAINT "theme_testimonials_merchant_theme_id_merchant_themes_id_fk" FOREIGN KEY ("merchant_theme_id") REFERENCES "public"."merchant_themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_versions" ADD CONSTRAINT "theme_versions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_versions" ADD CONSTRAINT "theme_versions_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_versions" ADD CONSTRAINT "theme_versions_merchant_theme_id_merchant_themes_id_fk" FOREIGN KEY ("merchant_theme_id") REFERENCES "public"."merchant_themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_themes_store_theme_key" ON "merchant_themes" USING btree ("store_id","theme_id");--> statement-breakpoint
CREATE INDEX "theme_preview_links_store_idx" ON "theme_preview_links" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "theme_testimonials_theme_created_idx" ON "theme_testimonials" USING btree ("merchant_theme_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "theme_versions_store_version_key" ON "theme_versions" USING btree ("store_id","version");
--> statement-breakpoint
-- The theme catalogue is data (ADR 020): theme 45 is the default every store starts with.
INSERT INTO "themes" ("id", "slug", "name", "description", "design", "pages", "position") VALUES
(45, 'eko-classic', 'Eko Classic', 'A clean, familiar storefront: a split banner with your promo image beside the headline, plain sans-serif type and a dense four-column product grid.', '{"layout":"classic","typography":"sans","hero":"split","productGrid":"grid-4"}', '[{"slug":"home","name":"Home"},{"slug":"category","name":"Category"},{"slug":"product","name":"Product"}]', 1),
(46, 'adire-bold', 'Adire Bold', 'Big display type over a full-width banner image and a roomy three-column grid, made for fashion, fabric and craft stores.', '{"layout":"editorial","typography":"display","hero":"full-bleed","productGrid":"grid-3"}', '[{"slug":"home","name":"Home"},{"slug":"category","name":"Category"},{"slug":"product","name":"Product"}]', 2),
(47, 'harmattan-minimal', 'Harmattan Minimal', 'Quiet serif type, a centred banner and products in a detailed list, for stores with a few considered products.', '{"layout":"market","typography":"serif","hero":"centered","productGrid":"list"}', '[{"slug":"home","name":"Home"},{"slug":"category","name":"Category"},{"slug":"product","name":"Product"}]', 3)
ON CONFLICT ("id") DO NOTHING;
