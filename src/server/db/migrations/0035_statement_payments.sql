-- D42's statement adapter: a transfer to a unique amount (the order's total minus a code of
-- 1-999 rupiah, D43), matched from a bank statement an admin uploads. The amount is chosen under
-- a lock (payments/statement-service.ts); this index is the database's own guarantee that no two
-- open statement payments ask for the same amount, so one credit line can name only one order.
-- Each statement line is stored once as a payment notice under (provider 'statement', line key):
-- the key is a hash of the line's normalised content and its occurrence in the file, so the same
-- statement uploaded again, or an overlapping one, changes nothing. A line that could pay more
-- than one order is a task of its own kind until an admin resolves it (D44).
CREATE UNIQUE INDEX "payments_statement_amount_uq" ON "payments" USING btree ("amount") WHERE "provider" = 'statement' and "status" = 'pending';--> statement-breakpoint
ALTER TABLE "payment_tasks" DROP CONSTRAINT "payment_tasks_kind";--> statement-breakpoint
ALTER TABLE "payment_tasks" ADD CONSTRAINT "payment_tasks_kind" CHECK ("kind" in ('late', 'amount_mismatch', 'second_payment', 'unknown_reference', 'ambiguous'));
