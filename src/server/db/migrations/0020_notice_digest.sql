-- Notices that may share one email (D37): a notice row keeps its content as data beside the
-- rendered text, and a digest key (the recipient's address and language). When the outbox
-- sends one, it takes the recipient's other notices due at that moment and sends them together.
ALTER TABLE "email_notifications" ADD COLUMN "digest_key" text;--> statement-breakpoint
ALTER TABLE "email_notifications" ADD COLUMN "notice" jsonb;--> statement-breakpoint
CREATE INDEX "email_digest_pending_idx" ON "email_notifications" USING btree ("digest_key","created_at","id") WHERE "sent_at" is null and "failed_at" is null and "digest_key" is not null;
