CREATE TABLE "service_level_limits" (
	"kind" text PRIMARY KEY NOT NULL,
	"hours" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_level_limits_hours" CHECK ("service_level_limits"."hours" between 1 and 720)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_status_since_idx" ON "orders" USING btree ("status","status_since") WHERE status in ('pending', 'ready_for_pickup', 'in_transit', 'out_for_delivery');--> statement-breakpoint
CREATE INDEX "order_returns_requested_idx" ON "order_returns" USING btree ("created_at") WHERE status = 'requested';--> statement-breakpoint
-- Orders already in a watched status entered it at their latest move into it (their activity), not at this
-- migration: an order waiting since last week is late at once.
UPDATE "orders" o SET "status_since" = entered.at
FROM (
  SELECT a.order_id, max(a.created_at) AS at
  FROM order_activities a JOIN orders w ON w.id = a.order_id AND a.status = w.status
  WHERE w.status IN ('pending', 'ready_for_pickup', 'in_transit', 'out_for_delivery')
  GROUP BY a.order_id
) entered
WHERE o.id = entered.order_id;--> statement-breakpoint
-- Every status change moves the clock, whichever code path makes it, unless the statement sets status_since itself
-- (a seed or a test placing an order in the past).
CREATE FUNCTION orders_status_since() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND NEW.status_since IS NOT DISTINCT FROM OLD.status_since THEN
    NEW.status_since := now();
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_status_since BEFORE UPDATE OF status ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_status_since();
