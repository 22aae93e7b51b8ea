CREATE TABLE "sandbox_transfers" (
	"reference" text PRIMARY KEY NOT NULL,
	"transfer_code" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"recipient_code" text NOT NULL,
	"status" text DEFAULT 'success' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
