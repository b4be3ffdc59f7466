-- The Statistics read empties the change log (statistics_stale, migration 0042) and forgets the
-- kept weeks it names. The triggers log every distinct moment a write touched, so the log grew
-- with the writes between two reads: after the 100k growth seed it held 381,813 rows, and the
-- first read spent 0.7 s deleting them (docs/performance.md, "Skewed growth"). A read needs only
-- the weeks, and the operator's zone is the read's to apply, so a moment is logged as its UTC
-- day, once: whatever the writes, the log holds at most one row per day touched (and per payout
-- day) since the last read. The read forgets the weeks of the day's first and last instant in
-- its zone (a week boundary may fall inside a UTC day): at most one week more than the write
-- touched, computed again from the narrow tables (migration 0044).
--
-- A row trigger on the log folds each moment to its day and drops a day already logged (an index
-- read); two writers logging one day at once may both add it, which only repeats a day.
CREATE INDEX "statistics_stale_at_idx" ON "statistics_stale" USING btree ("at");--> statement-breakpoint
CREATE INDEX "statistics_stale_day_idx" ON "statistics_stale" USING btree ("day");--> statement-breakpoint
CREATE FUNCTION "statistics_stale_as_day"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."at" := date_trunc('day', NEW."at", 'UTC');
	IF NEW."at" IS NOT NULL AND EXISTS (SELECT 1 FROM "statistics_stale" WHERE "at" = NEW."at")
		OR NEW."day" IS NOT NULL AND EXISTS (SELECT 1 FROM "statistics_stale" WHERE "day" = NEW."day") THEN
		RETURN NULL;
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
-- The log as days; emptied by TRUNCATE rather than DELETE, so the reads that follow do not scan
-- the pages of the rows it held (13 MB after the 100k seed) until a vacuum.
CREATE TEMPORARY TABLE "statistics_stale_days" ON COMMIT DROP AS
	SELECT DISTINCT date_trunc('day', "at", 'UTC') AS "at", "day" FROM "statistics_stale";--> statement-breakpoint
TRUNCATE "statistics_stale";--> statement-breakpoint
INSERT INTO "statistics_stale" ("at", "day") SELECT "at", "day" FROM "statistics_stale_days";--> statement-breakpoint
CREATE TRIGGER "statistics_stale_as_day" BEFORE INSERT ON "statistics_stale"
	FOR EACH ROW EXECUTE FUNCTION "statistics_stale_as_day"();
