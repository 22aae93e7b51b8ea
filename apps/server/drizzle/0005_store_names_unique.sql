-- Stores that already share a name (any case) keep it for the oldest; the others get a short suffix first.
UPDATE "stores" AS s SET "store_name" = s."store_name" || ' ' || left(s."id"::text, 4)
WHERE EXISTS (
  SELECT 1 FROM "stores" AS older
  WHERE lower(older."store_name") = lower(s."store_name")
    AND (older."created_at", older."id") < (s."created_at", s."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "stores_store_name_key" ON "stores" USING btree (lower("store_name"));
