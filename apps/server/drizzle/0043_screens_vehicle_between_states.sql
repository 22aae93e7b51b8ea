ALTER TABLE "shipping_vehicles" ADD COLUMN "between_states" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The seeded motorbike courier (ADR 007) delivers within a state only (issue 34, item 6); an admin's own vehicles
-- keep going anywhere until the admin says otherwise.
UPDATE "shipping_vehicles" SET "between_states" = false WHERE lower("name") = 'bike';
