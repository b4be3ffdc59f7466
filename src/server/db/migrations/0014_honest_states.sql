-- D22, D37: when the borrower was last reminded of an overdue loan (owner and admins see it), and
-- reminders that fired superseded by a later one due at the same moment (recorded, not sent).
ALTER TABLE "orders" ADD COLUMN "overdue_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "timers" ADD COLUMN "skipped_at" timestamp with time zone;
