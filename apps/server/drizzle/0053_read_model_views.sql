-- Read models published as views (issue 30, ADR 081 amended): a module that needs another's facts in its own
-- statement reads the owner's view, not an SQL fragment built from the owner's tables. Each view is declared in its
-- owner's schema file with pgView(...).existing(). A UNION ALL or plain join view is flattened by the planner, so a
-- reader's conditions reach the tables' indexes as before.
CREATE VIEW "store_commission_rates" AS
  SELECT s.id AS store_id, pc.commission_basis_points
  FROM stores s JOIN payment_categories pc ON pc.slug = s.payment_category;--> statement-breakpoint
CREATE VIEW "product_stores" AS
  SELECT p.id AS product_id, p.store_id FROM products p;--> statement-breakpoint
CREATE VIEW "checkout_customers" AS
  SELECT t.reference, t.customer_id FROM order_trackers t;--> statement-breakpoint
CREATE VIEW "ledger_store_day_rows" AS
  SELECT store_id, day, orders_count, total_kobo, subtotal_kobo, discount_kobo, shipping_kobo, commission_kobo, due_kobo, escrow_due_kobo, payable_due_kobo, refunded_kobo, refunded_goods_kobo, settled_kobo, paid_out_kobo, goods_kept_kobo, undone_count, undone_goods_kept_kobo,
    orders_count - undone_count AS standing_orders_count, goods_kept_kobo - undone_goods_kept_kobo AS net_sales_kobo
  FROM ledger_store_days
  UNION ALL
  SELECT store_id, day, orders_count, total_kobo, subtotal_kobo, discount_kobo, shipping_kobo, commission_kobo, due_kobo, escrow_due_kobo, payable_due_kobo, refunded_kobo, refunded_goods_kobo, settled_kobo, paid_out_kobo, goods_kept_kobo, undone_count, undone_goods_kept_kobo,
    orders_count - undone_count AS standing_orders_count, goods_kept_kobo - undone_goods_kept_kobo AS net_sales_kobo
  FROM ledger_rollup_deltas WHERE day IS NOT NULL;--> statement-breakpoint
CREATE VIEW "ledger_order_refunded_goods" AS
  SELECT order_id, (-sum(amount_kobo))::bigint AS refunded_goods_kobo
  FROM ledger_entries
  WHERE order_id IS NOT NULL AND account IN ('payments_clearing', 'pod_refunds_owed', 'shipping_fees')
    AND kind IN ('refund', 'refund_reversal')
  GROUP BY order_id;
