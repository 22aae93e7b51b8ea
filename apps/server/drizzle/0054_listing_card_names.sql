ALTER TABLE "products" ADD COLUMN "store_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sub_category_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "child_category_name" text;--> statement-breakpoint
-- Hand-written (ADR 114, amended by h-listing). A listing page read each card's store address and three category
-- names by key (five look-ups a row); they are copied onto the product instead, and the database keeps the copies
-- true, so no write path (the form, a spreadsheet, the seeds, tests, SQL) can forget them.
UPDATE "products" AS p SET
  "store_url" = s."store_url",
  "category_name" = (SELECT c."name" FROM "categories" c WHERE c."id" = p."category_id"),
  "sub_category_name" = (SELECT c."name" FROM "categories" c WHERE c."id" = p."sub_category_id"),
  "child_category_name" = (SELECT c."name" FROM "categories" c WHERE c."id" = p."child_category_id")
FROM "stores" AS s WHERE s."id" = p."store_id";--> statement-breakpoint
-- A product written: its copies come from its store and categories (also when someone writes a copy itself).
CREATE FUNCTION products_card_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.store_url := coalesce((SELECT store_url FROM stores WHERE id = NEW.store_id), '');
  NEW.category_name := (SELECT name FROM categories WHERE id = NEW.category_id);
  NEW.sub_category_name := (SELECT name FROM categories WHERE id = NEW.sub_category_id);
  NEW.child_category_name := (SELECT name FROM categories WHERE id = NEW.child_category_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_card_names BEFORE INSERT OR UPDATE OF store_id, category_id, sub_category_id, child_category_id, store_url, category_name, sub_category_name, child_category_name ON "products"
  FOR EACH ROW EXECUTE FUNCTION products_card_names();--> statement-breakpoint
-- A category renamed: every product under it, at whichever level, shows the new name in the same transaction.
CREATE FUNCTION categories_card_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET category_name = NEW.name WHERE category_id = NEW.id;
  UPDATE products SET sub_category_name = NEW.name WHERE sub_category_id = NEW.id;
  UPDATE products SET child_category_name = NEW.name WHERE child_category_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER categories_card_names AFTER UPDATE OF name ON "categories"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION categories_card_names();--> statement-breakpoint
-- A store's address changed (nothing changes it today; the copy must not be able to go stale if something does).
CREATE FUNCTION stores_card_url() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET store_url = NEW.store_url WHERE store_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER stores_card_url AFTER UPDATE OF store_url ON "stores"
  FOR EACH ROW WHEN (OLD.store_url IS DISTINCT FROM NEW.store_url) EXECUTE FUNCTION stores_card_url();
