-- The Emails tab's search by address read every email of the matching addresses and sorted
-- them for the newest page: a member with 100,000 emails took 85 ms that way, and 1.3 s when
-- the planner chose to walk all emails newest first instead, filtering by address
-- (docs/performance.md, "Every row again at 10k, 100k and 1M"). Keyed by address and then
-- newest first, the index still serves a prefix's range (its first column) and reads one
-- address's newest page in order, stopping there.
DROP INDEX IF EXISTS "email_recipient_prefix_idx";--> statement-breakpoint
CREATE INDEX "email_recipient_newest_idx" ON "email_notifications" USING btree (lower("recipient_email") text_pattern_ops,"created_at" DESC,"id" DESC) WHERE "channel" = 'email';
--> statement-breakpoint
-- The planner's figures for lower(recipient_email) went with the old index; without them it
-- guesses how many emails an address has until the table is next analyzed.
ANALYZE "email_notifications";
