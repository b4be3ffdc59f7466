-- Paying and getting paid (D33, D34): the borrower's claim and receipt, the admin's confirmation
-- (amount received, bank reference), the owner's share fixed at checkout, payouts, and the
-- owners' payout bank details. Amounts stay numeric(12,2) (D2).
ALTER TABLE "orders" ADD COLUMN "service_fee" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "owner_share" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_receipt_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_received_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_bank_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
-- Orders placed before this migration: the share at the default fee of 10%, in whole rupiah.
UPDATE "orders" SET "service_fee" = round("subtotal" * 10 / 100), "owner_share" = "subtotal" - round("subtotal" * 10 / 100);--> statement-breakpoint
UPDATE "orders" o SET "completed_at" = e."at" FROM (SELECT "order_id", max("created_at") AS "at" FROM "order_events" WHERE "to_status" = 'Completed' GROUP BY "order_id") e WHERE o."id" = e."order_id" AND o."status" = 'Completed';--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "payout_bank_name" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "payout_account_name" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "payout_account_number" text;--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text,
	"owner_name" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text NOT NULL,
	"recorded_by_id" text,
	"recorded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_recorded_by_id_user_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_owner_idx" ON "payouts" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_owner_status_idx" ON "orders" USING btree ("owner_id","status");
