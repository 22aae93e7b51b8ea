-- Hand-written (ADR 116). The search index each server process keeps (modules/catalog/search-index) follows the
-- products that changed, not all of them: a write that changes what a search matches or orders by stamps the row with
-- its transaction's id, and a process asks for the rows stamped at or after the oldest transaction still running when
-- it last asked (so a transaction that commits late is not skipped). Rows never written since this migration carry
-- none; the index reads them once, when it loads.
ALTER TABLE "products" ADD COLUMN "search_xid" xid8;--> statement-breakpoint
CREATE INDEX "products_search_xid_idx" ON "products" ("search_xid") WHERE "search_xid" IS NOT NULL;--> statement-breakpoint
CREATE FUNCTION products_search_xid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The search vector's sources (it is generated after this trigger), visibility, and every sort's key.
  IF TG_OP = 'INSERT'
    OR NEW.name IS DISTINCT FROM OLD.name
    OR NEW.description IS DISTINCT FROM OLD.description
    OR NEW.category_text IS DISTINCT FROM OLD.category_text
    OR NEW.store_name IS DISTINCT FROM OLD.store_name
    OR NEW.is_visible IS DISTINCT FROM OLD.is_visible
    OR NEW.price_now_kobo IS DISTINCT FROM OLD.price_now_kobo
    OR NEW.sales_count IS DISTINCT FROM OLD.sales_count
    OR NEW.rating_average IS DISTINCT FROM OLD.rating_average
    OR NEW.rating_count IS DISTINCT FROM OLD.rating_count
    OR NEW.created_at IS DISTINCT FROM OLD.created_at
  THEN
    NEW.search_xid := pg_current_xact_id();
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Named to run after products_price_now (triggers of one event fire in name order): the price it sets is compared.
CREATE TRIGGER products_search_xid BEFORE INSERT OR UPDATE ON "products"
  FOR EACH ROW EXECUTE FUNCTION products_search_xid();
