-- A catalog of 1M products from seed:bulk's 100k, for the cold-read benches at 1M (ADR 111, ADR 114):
-- each product copied 9 times (new id and SKU, created up to a year earlier, price -3 % to +5 %, its own sales
-- count), the indexes dropped for the copy and built again after it (faster than 900k inserts into each), then
-- vacuum analyze (the bench's index-only scans need the visibility map; this cluster runs without autovacuum).
--
--   createdb -h 127.0.0.1 -U postgres -T <a 100k database> <name>
--   psql -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 -f bench/seed-1m-products.sql <name>
--
-- Run it once, on a database holding seed:bulk's products only.

\set copies 9
set maintenance_work_mem = '256MB';

begin;
create temp table saved_indexes on commit drop as
  select indexname, indexdef from pg_indexes
  where schemaname = 'public' and tablename = 'products' and indexname <> 'products_pkey';
do $$
declare r record;
begin
  for r in select indexname from saved_indexes loop
    execute format('drop index %I', r.indexname);
  end loop;
end $$;

insert into products (
  store_id, name, description, category_id, sub_category_id, child_category_id, cost_price_kobo,
  selling_price_kobo, price_kobo, price_now_kobo, quantity, sku, weight, weight_unit, dimension, dimension_unit,
  when_sold_out, cont_sales_out_of_stock, stock_alert_units, is_digital_product, variants, variant_properties,
  hosted_images, approval_status, rejection_reason, approved_by, approved_at, is_visible, sales_count,
  rating_average, rating_count, store_name, category_text, created_at, updated_at, sale_start_date, sale_end_date,
  price_changes_on
)
select
  p.store_id, p.name, p.description, p.category_id, p.sub_category_id, p.child_category_id,
  round(p.cost_price_kobo * f.factor)::bigint,
  round(p.selling_price_kobo * f.factor)::bigint,
  round(p.price_kobo * f.factor)::bigint,
  round(p.price_now_kobo * f.factor)::bigint,
  p.quantity, p.sku || '-c' || n.copy_no, p.weight, p.weight_unit, p.dimension, p.dimension_unit, p.when_sold_out,
  p.cont_sales_out_of_stock, p.stock_alert_units, p.is_digital_product, p.variants, p.variant_properties,
  p.hosted_images, p.approval_status, p.rejection_reason, p.approved_by, p.approved_at, p.is_visible,
  (random() * 500)::integer,
  p.rating_average, p.rating_count, p.store_name, p.category_text,
  p.created_at - random() * interval '365 days',
  p.updated_at, p.sale_start_date, p.sale_end_date, p.price_changes_on
from products p
cross join generate_series(1, :copies) as n(copy_no)
cross join lateral (select 0.97 + random() * 0.08 + n.copy_no * 0 as factor) f;

do $$
declare r record;
begin
  for r in select indexdef from saved_indexes loop
    execute r.indexdef;
  end loop;
end $$;
commit;

vacuum analyze products;
