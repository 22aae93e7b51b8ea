DROP INDEX "products_visible_price_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_now_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_changes_on" date;--> statement-breakpoint
ALTER TABLE "products" drop column "discount_basis_points";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "discount_basis_points" integer GENERATED ALWAYS AS (case when price_kobo > price_now_kobo and price_kobo > 0 then ((price_kobo - price_now_kobo)::bigint * 10000 / price_kobo)::integer else 0 end) STORED;--> statement-breakpoint
CREATE INDEX "products_price_changes_idx" ON "products" USING btree ("price_changes_on") WHERE price_changes_on is not null;--> statement-breakpoint
CREATE INDEX "products_visible_price_idx" ON "products" USING btree ("price_now_kobo","id","category_id","sub_category_id","child_category_id") WHERE is_visible;--> statement-breakpoint
-- Hand-written (ADR 095). Dropping the generated discount column dropped its partial index: built again.
CREATE INDEX "products_visible_discount_idx" ON "products" USING btree ("discount_basis_points") WHERE is_visible and discount_basis_points > 0;--> statement-breakpoint
-- customerPriceKobo (catalog.rules.ts) in SQL: the sale price within the sale's Lagos days, the regular price outside.
CREATE FUNCTION lagos_price_now(selling bigint, regular bigint, sale_start date, sale_end date, today date) RETURNS bigint
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN (sale_start IS NULL OR sale_start <= today) AND (sale_end IS NULL OR today <= sale_end) THEN selling ELSE regular END
$$;--> statement-breakpoint
-- The next Lagos day the price changes after `today`: the sale's first day, or the day after its last; null when none.
CREATE FUNCTION lagos_price_changes_on(sale_start date, sale_end date, today date) RETURNS date
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN sale_start IS NOT NULL AND today < sale_start THEN sale_start
              WHEN sale_end IS NOT NULL AND today <= sale_end THEN sale_end + 1
              ELSE NULL END
$$;--> statement-breakpoint
-- Every writer of the prices or the days (the form, the spreadsheet, the seeds, tests) keeps the column true for the
-- database's Lagos day (Nigeria is UTC+1 all year); the job `catalog.sale-days` moves it at each boundary after.
CREATE FUNCTION products_price_now() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE lagos_today date := ((now() AT TIME ZONE 'UTC') + interval '1 hour')::date;
BEGIN
  NEW.price_now_kobo := lagos_price_now(NEW.selling_price_kobo, NEW.price_kobo, NEW.sale_start_date, NEW.sale_end_date, lagos_today);
  NEW.price_changes_on := lagos_price_changes_on(NEW.sale_start_date, NEW.sale_end_date, lagos_today);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_price_now BEFORE INSERT OR UPDATE OF selling_price_kobo, price_kobo, sale_start_date, sale_end_date ON "products"
  FOR EACH ROW EXECUTE FUNCTION products_price_now();--> statement-breakpoint
UPDATE "products" SET
  price_now_kobo = lagos_price_now(selling_price_kobo, price_kobo, sale_start_date, sale_end_date, ((now() AT TIME ZONE 'UTC') + interval '1 hour')::date),
  price_changes_on = lagos_price_changes_on(sale_start_date, sale_end_date, ((now() AT TIME ZONE 'UTC') + interval '1 hour')::date);
