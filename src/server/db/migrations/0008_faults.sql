-- The outbox's long retry window: a row whose every retry failed is marked failed (not dropped)
-- and waits for an admin's retry.
ALTER TABLE "email_notifications" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
-- D36: a rejected payment claim with its reason, and a refund owed after a cancel that follows a payment.
ALTER TABLE "orders" ADD COLUMN "payment_claim_rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_claim_rejection_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_owed_at" timestamp with time zone;
