-- Payouts in one batch (D34, D41): an admin freezes every payable owner's balance into a batch,
-- downloads it as a bulk-transfer CSV for the bank, and marks it paid once the bank has sent
-- it. One batch is open at a time; each line becomes exactly one payout (the unique
-- payouts.batch_line_id), so marking a batch paid twice records nothing the second time.
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"created_by_id" text,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_on" date,
	"paid_at" timestamp with time zone,
	"paid_by_name" text,
	CONSTRAINT "payout_batches_paid_whole" CHECK (("paid_at" IS NULL) = ("paid_on" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_one_open_uq" ON "payout_batches" USING btree ((true)) WHERE "paid_at" IS NULL;--> statement-breakpoint
CREATE TABLE "payout_batch_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"owner_id" text,
	"owner_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reference" text NOT NULL,
	CONSTRAINT "payout_batch_lines_amount_positive" CHECK ("payout_batch_lines"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payout_batch_lines" ADD CONSTRAINT "payout_batch_lines_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batch_lines" ADD CONSTRAINT "payout_batch_lines_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batch_lines_batch_owner_uq" ON "payout_batch_lines" USING btree ("batch_id","owner_id");--> statement-breakpoint
CREATE INDEX "payout_batch_lines_owner_idx" ON "payout_batch_lines" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "batch_line_id" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_line_id_payout_batch_lines_id_fk" FOREIGN KEY ("batch_line_id") REFERENCES "public"."payout_batch_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_batch_line_uq" ON "payouts" USING btree ("batch_line_id");
